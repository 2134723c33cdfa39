import type { TTaxCalculateResponse } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSessionToken } from '../../../test/auth-helpers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createCompany, createPartner, createUser, linkMemberToCompany } from '../../db/factories.js';

const URL = '/v1/public/tax/calculate';
let ctx: TestContext;
let auth: Record<string, string>;

const body = (icms: object, over: { operacao?: object; item?: object } = {}) => ({
  operacao: { ufOrigem: 'SP', ufDestino: 'SP', consumidorFinal: false, contribuinte: true, ...over.operacao },
  item: { vProd: '100.00', icms, ...over.item },
});

async function calc(payload: object) {
  return ctx.app.inject({ method: 'POST', url: URL, headers: auth, payload });
}

/** A 400 that names the field and computes nothing. */
async function refused(payload: object, field: string) {
  const res = await calc(payload);
  expect(res.statusCode).toBe(400);
  const json = res.json();
  expect(json.errors.map((e: { field: string }) => e.field)).toContain(field);
  expect(json).not.toHaveProperty('vICMS');
  return json.errors.find((e: { field: string }) => e.field === field).message as string;
}

beforeAll(async () => {
  ctx = await createTestApp();
  const partner = await createPartner(ctx.db);
  const company = await createCompany(ctx.db, { partnerId: partner.id, uf: 'SP' });
  const member = await createUser(ctx.db, { role: 'Member', partnerId: partner.id });
  await linkMemberToCompany(ctx.db, member.id, company.id);
  auth = bearer(await createSessionToken(ctx.db, member.id));
});

describe('POST /tax/calculate: the ICMS groups an issuer sends', () => {
  it('CSOSN 201 from a Simples sender keeps the original MVA; credit pCredSN → vCredICMSSN', async () => {
    // Conv. ICMS 35/2011 → 142/2018 (Simples sender: MVA of internal operations); see tax-engine icms-groups.test.ts.
    const res = await calc(
      body(
        { csosn: '201', pCredSN: '1.25', pICMS: 12, modBCST: 4, pMVAST: 50, ajustarMva: true, pICMSST: 20 },
        { operacao: { ufDestino: 'RJ', crt: 1 } },
      ),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<TTaxCalculateResponse>()).toMatchObject({ pMVAST: 50, vBCST: 150, vICMSST: 18, vCredICMSSN: 1.25 });
  });

  it('CST 60: vBCSTRet 135.00 at 18 % → vICMSSTRet 24.30 (flexdocs article 293)', async () => {
    // https://www.flexdocs.net/suporte/knowledgebase.php?article=293
    const res = await calc(body({ cst: '60', vBCSTRet: '135.00', pST: 18, vICMSSubstituto: 0 }));
    expect(res.json()).toMatchObject({ vBCSTRet: 135, vICMSSTRet: 24.3, vICMS: 0 });
  });

  it('CST 30 with modBCST 5: 40 × pauta 2.50 = 100.00 at 7 % → 7.00 (flexdocs article 285)', async () => {
    // https://www.flexdocs.net/suporte/knowledgebase.php?article=285
    const res = await calc(
      body({ cst: '30', modBCST: 5, vPauta: '2.50', pICMSST: 7 }, { item: { qTrib: 40, vUnTrib: '2.50' } }),
    );
    expect(res.json()).toMatchObject({ vBCST: 100, vICMSST: 7 });
  });

  it('CST 51 accepts pDif 100 (total deferral) and refuses 100.01', async () => {
    const res = await calc(body({ cst: '51', pICMS: 18, pDif: 100 }, { item: { vProd: 1000 } }));
    expect(res.json()).toMatchObject({ vICMSOp: 180, vICMSDif: 180, vICMS: 0 });
    expect(res.json().memoria.find((s: { campo: string }) => s.campo === 'vICMSDif').baseLegal).toContain('RICMS-SP');
    expect(await refused(body({ cst: '51', pICMS: 18, pDif: '100.01' }), 'item.icms.pDif')).toBe(
      'pDif deve ser de 0 a 100%.',
    );
  });

  it('CST 02 and 53: monophasic fuel ICMS ad rem', async () => {
    // Conv. ICMS 199/2022: diesel R$ 0.9456/l; Conv. ICMS 15/2023: gasoline R$ 1.22/l.
    const diesel = await calc(body({ cst: '02', qBCMono: 1000, adRemICMS: '0.9456' }));
    expect(diesel.json()).toMatchObject({ vICMSMono: 945.6 });
    const gasoline = await calc(body({ cst: '53', qBCMono: 1000, adRemICMS: '1.22', pDif: 27 }));
    expect(gasoline.json()).toMatchObject({ vICMSMonoOp: 1220, vICMSMonoDif: 329.4, vICMSMono: 890.6 });
  });
});

describe('POST /tax/calculate: ICMS bad inputs are 400s naming the field', () => {
  it('CST against CRT', async () => {
    expect(await refused(body({ cst: '00', pICMS: 18 }, { operacao: { crt: 1 } }), 'operacao.crt')).toContain(
      'crt 1 (Simples Nacional) usa CSOSN',
    );
    expect(await refused(body({ csosn: '102' }, { operacao: { crt: 3 } }), 'operacao.crt')).toContain('CSOSN 102');
  });

  it('ST without the rate, without the method, or without the method inputs', async () => {
    await refused(body({ cst: '10', pICMS: 18, pMVAST: 40 }), 'item.icms.pICMSST');
    await refused(body({ cst: '10', pICMS: 18, pICMSST: 18 }), 'item.icms.modBCST');
    await refused(body({ cst: '10', pICMS: 18, pICMSST: 18, modBCST: 5, vPauta: 2 }), 'item.qTrib');
    await refused(body({ cst: '10', pICMS: 18, pICMSST: 18, modBCST: 7 }), 'item.icms.modBCST');
  });

  it('pRedBC missing for CST 20 and sent for CST 00', async () => {
    await refused(body({ cst: '20', pICMS: 18 }), 'item.icms.pRedBC');
    await refused(body({ cst: '00', pICMS: 18, pRedBC: 10 }), 'item.icms.pRedBC');
  });

  it('a non-contributor who is not a final consumer', async () => {
    await refused(body({ cst: '00', pICMS: 18 }, { operacao: { contribuinte: false } }), 'operacao.consumidorFinal');
  });

  it('an interstate pICMS inconsistent with origin, destination and imported origin', async () => {
    expect(
      await refused(body({ cst: '00', pICMS: 12 }, { operacao: { ufDestino: 'BA' } }), 'item.icms.pICMS'),
    ).toContain('7% de SP para BA');
    await refused(
      body({ cst: '00', pICMS: 12 }, { operacao: { ufDestino: 'RJ' }, item: { origem: 1 } }),
      'item.icms.pICMS',
    );
    expect(
      (await calc(body({ cst: '00', pICMS: 4 }, { operacao: { ufDestino: 'RJ' }, item: { origem: 1 } }))).statusCode,
    ).toBe(200);
  });

  it('a malformed rate is answered by its own field check, never a 500', async () => {
    expect(await refused(body({ cst: '00', pICMS: 'abc' }, { operacao: { ufDestino: 'BA' } }), 'item.icms.pICMS')).toBe(
      'pICMS: informe um número (ex.: 10.50).',
    );
  });

  it('an unknown motDesICMS for the CST', async () => {
    expect(await refused(body({ cst: '40', motDesICMS: '2' }), 'item.icms.motDesICMS')).toContain(
      'Use um dos motivos: 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 16, 90',
    );
  });

  it('CST 15 with pRedAdRem/motRedAdRem is refused by name, never computed on the unreduced rate', async () => {
    // NT 2023.001, N47: "Percentual de redução do valor da alíquota ad rem do ICMS"; N48: 1 = transporte coletivo
    // de passageiros, 9 = outros. Which ad rem it reduces is not settled by the texts read (decision 048).
    const cst15 = { cst: '15', qBCMono: 1000, adRemICMS: '1.17', qBCMonoReten: 150, adRemICMSReten: '1.17' };
    const message = await refused(body({ ...cst15, pRedAdRem: 50, motRedAdRem: 1 }), 'item.icms.pRedAdRem');
    expect(message).toBe(
      'pRedAdRem: a redução da alíquota ad rem (grupo ICMS15) não é calculada; envie em adRemICMS e adRemICMSReten as alíquotas já aplicadas, sem pRedAdRem.',
    );
    await refused(body({ ...cst15, motRedAdRem: 9 }), 'item.icms.motRedAdRem');
    // Without the reduction the group is computed: 1000 × 1.17 = 1170.00; 150 × 1.17 = 175.50.
    const plain = await calc(body(cst15));
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toMatchObject({ vICMSMono: 1170, vICMSMonoReten: 175.5 });
  });
});
