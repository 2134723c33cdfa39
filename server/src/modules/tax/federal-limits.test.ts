import type { TTaxCalculateResponse } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSessionToken } from '../../../test/auth-helpers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createUser } from '../../db/factories.js';

/** POST /tax/calculate for IPI, PIS/COFINS, DIFAL by state, dates and the layout's limits (issue 21). */
const URL = '/v1/public/tax/calculate';
let ctx: TestContext;
let auth: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp();
  const member = await createUser(ctx.db, { role: 'Admin' });
  auth = bearer(await createSessionToken(ctx.db, member.id));
});

const body = (over: { operacao?: object; item?: object; icms?: object } = {}) => ({
  operacao: { ufOrigem: 'SP', ufDestino: 'SP', consumidorFinal: false, contribuinte: true, ...over.operacao },
  item: { vProd: '1000.00', icms: { cst: '00', pICMS: 18, ...over.icms }, ...over.item },
});
const calc = (payload: object) => ctx.app.inject({ method: 'POST', url: URL, headers: auth, payload });
const errorsOf = (res: Awaited<ReturnType<typeof calc>>) =>
  res.json<{ detail: string; errors: { field: string; message: string }[] }>();

describe('IPI and PIS/COFINS through the API', () => {
  it('IPI per unit, PIS/COFINS by quantity and the citation of each step', async () => {
    // IPI: qUnid × vUnid (MOC NF-e IPITrib; Lei 7.798/1989): 120 × 0.2770 = 33.24.
    // PIS/COFINS CST 03: Decreto 5.059/2004 (Decreto 9.101/2017) gasolina R$ 141,10 e R$ 651,40 por m³: 10 m³.
    const res = await calc(
      body({
        item: {
          vProd: '50000.00',
          qTrib: 10,
          uTrib: 'M3',
          vUnTrib: 5000,
          ipi: { cst: '50', cEnq: '999', qUnid: 120, vUnid: '0.2770' },
          pis: { cst: '03', qBCProd: 10, vAliqProd: '141.10' },
          cofins: { cst: '03', vAliqProd: '651.40' },
        },
      }),
    );
    expect(res.statusCode).toBe(200);
    const r = res.json<TTaxCalculateResponse>();
    expect(r).toMatchObject({ vIPI: 33.24, vPIS: 1411, vCOFINS: 6514 });
    const basis = Object.fromEntries(r.memoria.map((s) => [s.campo, s.baseLegal]));
    expect(basis.vIPI).toContain('Lei 7.798/1989');
    expect(basis.vPIS).toContain('Lei 10.865/2004, art. 23');
    // qBCProd of COFINS not sent: qTrib (10) is the quantity, and the memória says so.
    expect(r.memoria.find((s) => s.campo === 'vCOFINS')?.formula).toContain('qTrib');
  });

  it('accepts IPI at 300 % (TIPI 2402.20.00) and values of 13 integer digits', async () => {
    const res = await calc(body({ item: { vProd: '9999999999999.99', ipi: { cst: '50', pIPI: 300 } } }));
    expect(res.statusCode).toBe(200);
    // 9,999,999,999,999.99 × 300 % = 29,999,999,999,999.97
    expect(res.json<TTaxCalculateResponse>().vIPI).toBe(29999999999999.97);
  });

  it.each([
    [{ item: { vProd: 100, ipi: { cst: '50' } } }, 'item.ipi.pIPI', 'pIPI: informe a alíquota do IPI para o CST 50'],
    [{ item: { vProd: 100, ipi: { cst: '50', qUnid: 3 } } }, 'item.ipi.vUnid', 'vUnid'],
    [{ item: { vProd: 100, pis: { cst: '01' } } }, 'item.pis.pPIS', 'pPIS: informe a alíquota do PIS para o CST 01'],
    [{ item: { vProd: 100, cofins: { cst: '03', qBCProd: 2 } } }, 'item.cofins.vAliqProd', 'vAliqProd do COFINS'],
    [{ item: { vProd: 100, pis: { cst: '01', pPIS: 2 } } }, 'operacao.regimePisCofins', 'regimePisCofins'],
    [{ item: { vProd: '10000000000000.00' } }, 'item.vProd', 'até 13 dígitos inteiros'],
    [{ item: { vProd: '10.005' } }, 'item.vProd', 'no máximo 2 casas decimais'],
    [{ item: { vProd: 100, ipi: { cst: '50', pIPI: 1000 } } }, 'item.ipi.pIPI', 'até 3 dígitos inteiros'],
    [{ item: { vProd: 100, qTrib: '1.23456', vUnTrib: 1 } }, 'item.qTrib', 'no máximo 4 casas decimais'],
    [{ item: { vProd: 100, qCom: 3, vUnCom: '33.30' } }, 'item.vProd', 'difere de qCom × vUnCom (99.90)'],
    [{ item: { vProd: 100, vDesc: '100.01' } }, 'item.vDesc', 'não pode ser maior que o valor do item'],
  ])('refuses what cannot be computed or carried by the layout (%#)', async (over, field, message) => {
    const res = await calc(body(over));
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res).errors).toContainEqual({ field, message: expect.stringContaining(message) });
  });
});

describe('dates', () => {
  it.each([
    [{ data: '2026-02-30' }, 'operacao.data', '30/02/2026 não existe'],
    [{ data: '2020-12-31' }, 'operacao.data', '01/01/2021 a 31/12/2033'],
    [{ data: '2034-01-01' }, 'operacao.data', '01/01/2021 a 31/12/2033'],
    [{ data: '2026-03-15', ano: 2027 }, 'operacao.ano', 'ano 2027 não confere com a data 15/03/2026'],
  ])('refuses %o', async (operacao, field, message) => {
    const res = await calc(body({ operacao }));
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res).errors).toContainEqual({ field, message: expect.stringContaining(message) });
  });

  it('refuses an ibscbs group before 2026 and computes the rest of a 2021 invoice', async () => {
    const ibs = await calc(body({ operacao: { data: '2025-12-31' }, item: { vProd: 100, ibscbs: { cst: '000' } } }));
    expect(errorsOf(ibs).errors).toContainEqual({ field: 'item.ibscbs', message: expect.stringContaining('2026') });
    // 2029 carries that year's CBS/IBS rates (decision 038), never 2026's.
    const later = await calc(body({ operacao: { ano: 2029 }, item: { vProd: 100, ibscbs: { cst: '000' } } }));
    expect(later.statusCode).toBe(200);
    expect(later.json<{ pCBS: number }>().pCBS).not.toBe(0.9);
    expect((await calc(body({ operacao: { data: '2033-12-31' }, item: { vProd: 100 } }))).statusCode).toBe(200);
    const old = await calc(
      body({ operacao: { data: '2021-06-30' }, item: { vProd: 100, pis: { cst: '01', pPIS: 1.65 } } }),
    );
    expect(old.statusCode).toBe(200);
    expect(old.json<TTaxCalculateResponse>()).toMatchObject({ vICMS: 18, vPIS: 1.35 });
  });

  it('a DIFAL of a date the tables do not cover needs the rates and the method in the request', async () => {
    const operacao = {
      ufOrigem: 'SP',
      ufDestino: 'BA',
      consumidorFinal: true,
      contribuinte: false,
      data: '2021-06-30',
    };
    const noMethod = await calc(body({ operacao, icms: { pICMS: 7 } }));
    expect(noMethod.statusCode).toBe(400);
    expect(errorsOf(noMethod).errors[0]?.field).toBe('operacao.difal');
    const noRate = await calc(body({ operacao: { ...operacao, difal: 'simples' }, icms: { pICMS: 7 } }));
    expect(errorsOf(noRate).errors[0]?.field).toBe('item.icms.pICMSUFDest');
    // Base única with the rates the request carries: 1000 × (18 % − 7 %) = 110.00; FCP 1000 × 2 % = 20.00
    const carried = await calc(
      body({
        operacao: { ...operacao, difal: 'simples' },
        icms: { pICMS: 7, pICMSUFDest: 18, pFCPUFDest: 2 },
      }),
    );
    expect(carried.json<TTaxCalculateResponse>()).toMatchObject({ vICMSUFDest: 110, vFCPUFDest: 20 });
  });
});

describe('NCM and CEST against the reference tables', () => {
  it.each([
    [{ ncm: '99999999' }, {}, 'item.ncm', 'ncm 99999999 não existe na tabela NCM'],
    // 0207.12.10 starts on 01/04/2023 (Res. Gecex 440/2022).
    [{ ncm: '02071210' }, { data: '2023-01-15' }, 'item.ncm', 'só entrou em vigor em 01/04/2023'],
    [{ cest: '9999999' }, {}, 'item.cest', 'cest 9999999 não existe'],
    // CEST 01.001.00 covers NCM 3815.12.10 and 3815.12.90 only (Convênio ICMS 142/2018, Anexo II).
    [{ ncm: '22030000', cest: '0100100' }, {}, 'item.cest', 'não corresponde ao ncm 22030000'],
  ])('refuses %o', async (item, operacao, field, message) => {
    const res = await calc(body({ operacao, item: { vProd: 100, ...item } }));
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res).errors).toContainEqual({ field, message: expect.stringContaining(message) });
  });

  it('accepts an NCM in force with a CEST that covers it', async () => {
    const res = await calc(body({ item: { vProd: 100, ncm: '38151210', cest: '0100100' } }));
    expect(res.statusCode).toBe(200);
  });
});

describe('DIFAL by state', () => {
  it('base dupla to BA from the state rule; a Simples Nacional seller owes none (ADI 5.464)', async () => {
    const operacao = { ufOrigem: 'SP', ufDestino: 'BA', consumidorFinal: true, contribuinte: false };
    const res = await calc(body({ operacao, icms: { pICMS: 7 } }));
    const r = res.json<TTaxCalculateResponse>();
    // LC 87/1996 art. 13, X, §1º, I, §7º (LC 190/2022): (1000 − 70) / (1 − 20.5 %) = 1169.81;
    // × 20.5 % = 239.81 − 70 = 169.81 (icms-uf.csv: BA 20.5 %, no separate FCP)
    expect(r).toMatchObject({ vBCUFDest: 1169.81, vICMSUFDest: 169.81, vFCPUFDest: 0 });
    expect(r.memoria.find((s) => s.campo === 'vBCUFDest')?.baseLegal).toContain('regra da UF BA');
    const simples = await calc(
      body({ operacao: { ...operacao, crt: 1 }, icms: { cst: undefined, csosn: '102', pICMS: 7 } }),
    );
    const s = simples.json<TTaxCalculateResponse>();
    expect(s).toMatchObject({ vBCUFDest: 0, vICMSUFDest: 0, vFCPUFDest: 0 });
    expect(s.memoria.find((m) => m.campo === 'vICMSUFDest')?.baseLegal).toContain('STF ADI 5.464');
  });
});
