import type { TTaxCalculateResponse } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSessionToken } from '../../../test/auth-helpers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createCompany, createPartner, createUser, linkMemberToCompany } from '../../db/factories.js';

const URL = '/v1/public/tax/calculate';
let ctx: TestContext;
let auth: Record<string, string>;

const body = (over: { operacao?: object; item?: object; icms?: object } = {}) => ({
  operacao: { ufOrigem: 'SP', ufDestino: 'SP', consumidorFinal: false, contribuinte: true, ...over.operacao },
  item: { vProd: '100.00', icms: { cst: '00', pICMS: 18, ...over.icms }, ...over.item },
});

async function calc(payload: object) {
  return ctx.app.inject({ method: 'POST', url: URL, headers: auth, payload });
}

beforeAll(async () => {
  ctx = await createTestApp();
  const partner = await createPartner(ctx.db);
  const company = await createCompany(ctx.db, { partnerId: partner.id, uf: 'SP' });
  const member = await createUser(ctx.db, { role: 'Member', partnerId: partner.id });
  await linkMemberToCompany(ctx.db, member.id, company.id);
  auth = bearer(await createSessionToken(ctx.db, member.id));
});

describe('POST /tax/calculate', () => {
  it('answers 401 without a token', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: URL, payload: body() });
    expect(res.statusCode).toBe(401);
  });

  it('ICMS-ST with FCP-ST apart, adjusted MVA and the memoria steps', async () => {
    // flexdocs 283 / contabeis 290717 figures (see tax-engine/src/nfe-item tests)
    const res = await calc(
      body({ operacao: { ufDestino: 'RJ' }, icms: { cst: '10', pICMS: 12, pMVAST: '50', pICMSST: 18, pFCPST: 2 } }),
    );
    expect(res.statusCode).toBe(200);
    const r = res.json<TTaxCalculateResponse>();
    expect(r).toMatchObject({ vBC: 100, vICMS: 12, vBCST: 150, vICMSST: 15, vBCFCPST: 150, vFCPST: 3 });
    expect(r.memoria.map((s) => s.campo)).toEqual(['valorOperacao', 'vBC', 'vICMS', 'vBCST', 'vICMSST', 'vFCPST']);
    expect(r.memoria[3]).toMatchObject({ passo: 4, resultado: '150.00' });
    expect(r.memoria[3]?.baseLegal).toContain('LC 87/1996');
  });

  it('DIFAL: takes base dupla and FCP from the RJ state rule loaded from reference-data', async () => {
    // uf-tax-rules.csv: RJ dupla with FCP in the gross-up; ref_uf_rates: RJ 20 % + FCP 2 %.
    // (1000 − 120) / (1 − 0.22) = 1128.21; × 20 % − 120 = 105.64; FCP 1128.21 × 2 % = 22.56
    const res = await calc(
      body({
        operacao: { ufOrigem: 'SC', ufDestino: 'RJ', consumidorFinal: true, contribuinte: false },
        item: { vProd: 1000 },
        icms: { pICMS: 12 },
      }),
    );
    const r = res.json<TTaxCalculateResponse>();
    expect(r).toMatchObject({ vBCUFDest: 1128.21, vICMSUFDest: 105.64, vFCPUFDest: 22.56 });
    expect(r.memoria.find((s) => s.campo === 'vBCUFDest')?.baseLegal).toContain('regra da UF RJ');
  });

  it('DIFAL: SP rule is base dupla (uf-tax-rules.csv); the request may override the method', async () => {
    const item = { item: { vProd: 1000 }, icms: { pICMS: 12 } };
    const dupla = await calc(
      body({ operacao: { ufOrigem: 'RJ', ufDestino: 'SP', consumidorFinal: true, contribuinte: false }, ...item }),
    );
    // (1000 − 120) / 0.82 = 1073.17; × 18 % = 193.17 − 120 = 73.17
    expect(dupla.json()).toMatchObject({ vBCUFDest: 1073.17, vICMSUFDest: 73.17 });
    const simples = await calc(
      body({
        operacao: { ufOrigem: 'RJ', ufDestino: 'SP', consumidorFinal: true, contribuinte: false, difal: 'simples' },
        ...item,
      }),
    );
    expect(simples.json()).toMatchObject({ vBCUFDest: 1000, vICMSUFDest: 60 });
  });

  it('vICMSDeson by the RJ formula read from the state rule (origin RJ)', async () => {
    const res = await calc(
      body({
        operacao: { ufOrigem: 'RJ', ufDestino: 'RJ' },
        item: { vProd: 1000 },
        icms: { cst: '40', pICMS: 18, pFCP: 2, motDesICMS: '9', cBenef: 'RJ801001' },
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ vICMS: 0, vICMSDeson: 250 });
  });

  it('deferral, IPI, PIS/COFINS and IBS/CBS with the cClassTrib reduction from the official table', async () => {
    const res = await calc(
      body({
        operacao: { ufOrigem: 'PR', ufDestino: 'PR', ano: 2026 },
        item: {
          vProd: 1000,
          ipi: { cst: '50', pIPI: '5' },
          pis: { cst: '01', pPIS: '1,65' },
          cofins: { cst: '01', pCOFINS: 7.6 },
          // 200003 applies only to the NCMs of LC 214/2025 Annex I (rtc/ncm-cclasstrib.json: 100620, rice)
          ncm: '10062010',
          ibscbs: { cst: '200', cClassTrib: '200003' },
        },
        icms: { cst: '51', pICMS: 18, pDif: '33.33' },
      }),
    );
    expect(res.statusCode).toBe(200);
    // 200003: pRedCBS = pRedIBS = 100 % (cClassTrib table, 06/2026)
    expect(res.json()).toMatchObject({ vIPI: 50, vICMSDif: 59.99, vICMS: 120.01, vPIS: 14.52, vCOFINS: 66.88 });
    // NT 2025.002: pCBS nominal, the 100 % reduction in gRed
    expect(res.json()).toMatchObject({ pCBS: 0.9, vCBS: 0, vIBSUF: 0 });
    const full = await calc(
      body({ operacao: { ano: 2026 }, item: { vProd: 1000, ibscbs: { cst: '000', cClassTrib: '000001' } } }),
    );
    // 1000 − 180 = 820; CBS 0.9 % = 7.38; IBS UF 0.1 % = 0.82
    expect(full.json()).toMatchObject({ vBCIBSCBS: 820, vCBS: 7.38, vIBSUF: 0.82, vIBSMun: 0 });
  });

  it.each([
    [{ icms: { cst: '99' } }, 'item.icms.cst', 'CST do ICMS inexistente'],
    [{ icms: { cst: undefined } }, 'item.icms.cst', 'Informe o CST ou o CSOSN do ICMS'],
    [{ item: { vProd: -1 } }, 'item.vProd', 'vProd não pode ser negativo.'],
    [{ item: { vProd: 'dez' } }, 'item.vProd', 'vProd: informe um número'],
    [{ icms: { pICMS: 100 } }, 'item.icms.pICMS', 'pICMS deve ser menor que 100%.'],
    [{ icms: { pRedBC: '150' } }, 'item.icms.pRedBC', 'pRedBC deve ser menor que 100%.'],
    [
      { item: { vProd: 10, ibscbs: { cst: '000', cClassTrib: '200003' } } },
      'item.ibscbs.cClassTrib',
      'cClassTrib 200003 não pertence ao CST 000',
    ],
    [{ item: { vProd: 10, ibscbs: { cst: '999' } } }, 'item.ibscbs.cst', 'CST do IBS/CBS inexistente'],
    [{ operacao: { ufDestino: 'XX' } }, 'operacao.ufDestino', 'ufDestino: UF inválida'],
    [{ operacao: { ufOrigem: 'S' } }, 'operacao.ufOrigem', 'ufOrigem: UF inválida'],
    [{ operacao: { ano: 2034 } }, 'operacao.ano', 'anos de 2021 a 2033'],
    [{ operacao: { ano: 2020 } }, 'operacao.ano', 'anos de 2021 a 2033'],
  ])('refuses bad input with a Portuguese message per field (%#)', async (over, field, message) => {
    const res = await calc(body(over));
    expect(res.statusCode).toBe(400);
    const err = res.json<{ errors: { field: string; message: string }[] }>();
    expect(err.errors).toContainEqual({ field, message: expect.stringContaining(message) });
  });

  it('refuses a cClassTrib missing from the table and a cBenef not valid for the UF or CST', async () => {
    const missing = await calc(body({ item: { vProd: 10, ibscbs: { cst: '000', cClassTrib: '000999' } } }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe('cClassTrib 000999 não existe na tabela oficial.');
    const foreign = await calc(body({ icms: { cst: '40', cBenef: 'RJ801001' } }));
    expect(foreign.json().detail).toBe('cBenef RJ801001 não existe na tabela da UF SP.');
    const wrongCst = await calc(body({ icms: { cst: '20', pRedBC: 10, cBenef: 'SP010360' } }));
    expect(wrongCst.json().detail).toBe('cBenef SP010360 não pode ser usado com o CST 20 (CSTs permitidos: 30, 40).');
    // GO's table is not loaded: a well-formed code is not verified, so it is neither refused nor vouched for.
    const unverified = await calc(
      body({ operacao: { ufOrigem: 'GO', ufDestino: 'GO' }, icms: { cst: '20', pRedBC: 10, cBenef: 'GO999999' } }),
    );
    expect(unverified.statusCode).toBe(200);
  });

  // Each state whose official table is loaded (reference-data/cbenef.csv): a code of its table with an allowed
  // CST passes, the same code with another CST and a code missing from the table are refused.
  it.each([
    ['PR', 'PR810001', '40', '20', '40'],
    ['RJ', 'RJ802008', '20', '40', '20, 70'],
    ['RS', 'RS052001', '51', '60', '51'],
    ['SC', 'SC830073', '51', '40', '51'],
  ])('checks a %s cBenef against the state table and its CSTs', async (uf, code, okCst, badCst, allowed) => {
    const op = { operacao: { ufOrigem: uf, ufDestino: uf } };
    // CST 51 carries the deferred share (pDif); CST 20 its base reduction.
    const icms = (cst: string, cBenef: string) => ({
      cst,
      pICMS: 18,
      pRedBC: cst === '20' ? 10 : undefined,
      pDif: cst === '51' ? 100 : undefined,
      cBenef,
    });
    expect((await calc(body({ ...op, icms: icms(okCst, code) }))).statusCode).toBe(200);
    const wrong = await calc(body({ ...op, icms: icms(badCst, code) }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe(
      `cBenef ${code} não pode ser usado com o CST ${badCst} (CSTs permitidos: ${allowed}).`,
    );
    const missing = await calc(body({ ...op, icms: icms(okCst, `${uf}899999`) }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe(`cBenef ${uf}899999 não existe na tabela da UF ${uf}.`);
    // 'SEM CBENEF' is accepted by itself (the tables' own literal for an item without a benefit).
    expect((await calc(body({ ...op, icms: icms(badCst, 'SEM CBENEF') }))).statusCode).toBe(200);
  });

  it('refuses a cBenef outside its validity in the state table (RS051009 ended on 30/04/2026)', async () => {
    const on = (data: string) =>
      calc(
        body({
          operacao: { ufOrigem: 'RS', ufDestino: 'RS', data },
          icms: { cst: '40', pICMS: 17, cBenef: 'RS051009' },
        }),
      );
    expect((await on('2026-04-30')).statusCode).toBe(200);
    const after = await on('2026-05-01');
    expect(after.statusCode).toBe(400);
    expect(after.json().detail).toBe('cBenef RS051009 não está em vigor em 01/05/2026.');
  });

  it('refuses a code the state table lists with no CST at all (SC presumed credit)', async () => {
    const res = await calc(
      body({ operacao: { ufOrigem: 'SC', ufDestino: 'SC' }, icms: { cst: '00', pICMS: 17, cBenef: 'SC850001' } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(
      'cBenef SC850001 não pode ser usado com o CST 00 (a tabela da UF não o permite com nenhum CST).',
    );
  });

  it('is documented in the OpenAPI with an example request', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
    const spec = res.json();
    const op = spec.paths['/v1/public/tax/calculate'].post;
    expect(JSON.stringify(op.requestBody)).toContain('"example"');
  });
});
