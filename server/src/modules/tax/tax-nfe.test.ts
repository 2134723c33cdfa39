import { type TTaxCalculateNfeResponse, ZTaxCalculateNfeResponse } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSessionToken } from '../../../test/auth-helpers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createPartner, createUser } from '../../db/factories.js';

const URL = '/v1/public/tax/calculate-nfe';
let ctx: TestContext;
let auth: Record<string, string>;

const operacao = { ufOrigem: 'SP', ufDestino: 'SP', consumidorFinal: false, contribuinte: true, data: '2026-03-10' };
/** The hand-worked lines of tax-engine/src/nfe-invoice/calculate-nfe.test.ts (each formula cited there). */
const itens = [
  {
    vProd: '1000.00',
    vFrete: '50.00',
    vDesc: '10.00',
    icms: { cst: '00', pICMS: 18 },
    ipi: { cst: '50', pIPI: 10 },
    ibscbs: { cst: '000', cClassTrib: '000001' },
  },
  { vProd: 500, vSeg: 5, vOutro: '2.50', icms: { cst: '10', pICMS: 18, pMVAST: 40, pICMSST: 18, pFCPST: 2 } },
  { vProd: 200, icms: { cst: '40', pICMS: 18, motDesICMS: '9' } },
];
const post = (payload: object) => ctx.app.inject({ method: 'POST', url: URL, headers: auth, payload });

beforeAll(async () => {
  ctx = await createTestApp();
  const partner = await createPartner(ctx.db);
  const member = await createUser(ctx.db, { role: 'Member', partnerId: partner.id });
  auth = bearer(await createSessionToken(ctx.db, member.id));
});

describe('POST /tax/calculate-nfe', () => {
  it('answers 401 without a token', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: URL, payload: { operacao, itens } });
    expect(res.statusCode).toBe(401);
  });

  it('each item equals what POST /tax/calculate answers for it; totals to the cent', async () => {
    const res = await post({ operacao, itens });
    expect(res.statusCode).toBe(200);
    const out = res.json<TTaxCalculateNfeResponse>();
    for (const [i, item] of itens.entries()) {
      const single = await ctx.app.inject({
        method: 'POST',
        url: '/v1/public/tax/calculate',
        headers: auth,
        payload: { operacao, item },
      });
      expect(single.statusCode).toBe(200);
      expect(out.itens[i]).toEqual(single.json());
    }
    // Worked by hand in the engine's test: vNF = 1700 − 10 − 36 + 36.54 + 14.21 + 50 + 5 + 2.50 + 104 (MOC W16).
    expect(out.total.ICMSTot).toMatchObject({
      vBC: 1547.5,
      vICMS: 278.55,
      vICMSDeson: 36,
      vBCST: 710.5,
      vST: 36.54,
      vFCPST: 14.21,
      vProd: 1700,
      vIPI: 104,
      vNF: 1866.25,
    });
    // cClassTrib 000001 of the official table (no reduction): CBS 0.9 % and IBS 0.1 % of 852.80 in 2026.
    expect(out.total.IBSCBSTot).toEqual({
      vBCIBSCBS: 852.8,
      gIBS: { vIBS: 0.85, gIBSUF: { vIBSUF: 0.85 }, gIBSMun: { vIBSMun: 0 } },
      gCBS: { vCBS: 7.68 },
    });
  });

  it('prints exactly what the response schema would (serializeTaxNfe)', async () => {
    const res = await post({ operacao, itens });
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.body).toBe(JSON.stringify(ZTaxCalculateNfeResponse.parse(JSON.parse(res.body))));
  });

  it('takes 990 items and refuses 991 naming itens', async () => {
    const line = { vProd: '10.00', icms: { cst: '00', pICMS: 18 } };
    const ok = await post({ operacao, itens: Array.from({ length: 990 }, () => line) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<TTaxCalculateNfeResponse>().total.ICMSTot).toMatchObject({ vProd: 9900, vICMS: 1782 });
    // The largest answer: with its length (not chunked) and the response schema's bytes.
    expect(ok.headers['content-length']).toBe(String(ok.rawPayload.length));
    expect(ok.headers['transfer-encoding']).toBeUndefined();
    expect(ok.body).toBe(JSON.stringify(ZTaxCalculateNfeResponse.parse(ok.json())));
    const res = await post({ operacao, itens: Array.from({ length: 991 }, () => line) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'itens', message: 'itens: uma NF-e tem de 1 a 990 itens (recebidos: 991).' },
    ]);
    expect((await post({ operacao, itens: [] })).statusCode).toBe(400);
  });

  it('a bad item is a 400 naming itens[i].campo, with the message /tax/calculate gives', async () => {
    const bad = [itens[0], itens[1], { ...itens[2], icms: { cst: '40', pICMS: 100 } }];
    const res = await post({ operacao, itens: bad });
    expect(res.statusCode).toBe(400);
    const single = await ctx.app.inject({
      method: 'POST',
      url: '/v1/public/tax/calculate',
      headers: auth,
      payload: { operacao, item: bad[2] },
    });
    const message = single.json().errors[0].message;
    expect(single.json().errors[0].field).toBe('item.icms.pICMS');
    expect(res.json().errors).toEqual([{ field: 'itens[2].icms.pICMS', message: `itens[2]: ${message}` }]);
    expect(res.json().detail).toBe(`itens[2]: ${message}`);
  });

  it('a large invoice names every bad item, in order, wherever it is in the lines', async () => {
    const line = { vProd: '10.00', icms: { cst: '00', pICMS: 18 } };
    const bad = { ...line, icms: { cst: '40', pICMS: 100 } };
    const lines: object[] = Array.from({ length: 200 }, () => line);
    lines[7] = bad;
    lines[150] = bad;
    const res = await post({ operacao, itens: lines });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual([
      'itens[7].icms.pICMS',
      'itens[150].icms.pICMS',
    ]);
    expect(res.json().detail).toMatch(/^itens\[7\]: /);
  });

  it('a fact the tables refuse names its item (cClassTrib unknown in itens[1])', async () => {
    const bad = [itens[0], { ...itens[1], ibscbs: { cst: '000', cClassTrib: '000999' } }];
    const res = await post({ operacao, itens: bad });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        field: 'itens[1].ibscbs.cClassTrib',
        message: 'itens[1]: cClassTrib 000999 não existe na tabela oficial.',
      },
    ]);
  });

  it('an operation error is named once, on operacao', async () => {
    const res = await post({ operacao: { ...operacao, ufOrigem: 'XX' }, itens });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(['operacao.ufOrigem']);
  });
});
