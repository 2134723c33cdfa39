import { ZTaxCalculateResponse } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSessionToken } from '../../../test/auth-helpers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createUser } from '../../db/factories.js';

/**
 * POST /tax/calculate prints its answer without the response schema's serializer (serializeTaxItem):
 * the bytes must be exactly what that serializer would print — every field, nothing more, same order.
 */
let ctx: TestContext;
let auth: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp();
  auth = bearer(await createSessionToken(ctx.db, (await createUser(ctx.db, { role: 'Admin' })).id));
});

const requests = [
  {
    operacao: { ufOrigem: 'SP', ufDestino: 'RJ', consumidorFinal: false, contribuinte: true, ano: 2026 },
    item: {
      vProd: '1000.00',
      vFrete: '50.00',
      vSeg: 3,
      vOutro: '2.5',
      vDesc: 10,
      icms: { cst: '10', pICMS: 12, pMVAST: 50, ajustarMva: true, pRedBCST: 10, pICMSST: 20, pFCPST: 2 },
      ipi: { cst: '50', pIPI: 5 },
      pis: { cst: '01', pPIS: 1.65 },
      cofins: { cst: '01', pCOFINS: 7.6 },
      ibscbs: { cst: '000', cClassTrib: '000001' },
    },
  },
  {
    operacao: { ufOrigem: 'SC', ufDestino: 'RJ', consumidorFinal: true, contribuinte: false },
    item: { vProd: 1000, icms: { cst: '00', pICMS: 12 } },
  },
  {
    operacao: { ufOrigem: 'RJ', ufDestino: 'RJ', consumidorFinal: false, contribuinte: true },
    item: { vProd: 1000, icms: { cst: '40', pICMS: 18, pFCP: 2, motDesICMS: '9', cBenef: 'RJ801001' } },
  },
  {
    operacao: { ufOrigem: 'PR', ufDestino: 'PR', consumidorFinal: false, contribuinte: true, ano: 2027 },
    item: {
      vProd: 1000,
      ncm: '10062010',
      icms: { cst: '51', pICMS: 18, pDif: '33.33' },
      ibscbs: { cst: '200', cClassTrib: '200003' },
    },
  },
  {
    // Every optional group of the reform's answer: gDevTrib, gCredPres, gTribCompraGov, IS (gTribRegular below: only
    // a cClassTrib whose indicator admits it carries it, NT 2025.002 rule UB68-11)
    operacao: { ufOrigem: 'SP', ufDestino: 'SP', consumidorFinal: false, contribuinte: true, data: '2029-05-01' },
    item: {
      vProd: 1000,
      ncm: '24021000',
      icms: { cst: '00', pICMS: 18 },
      is: { CSTIS: '000', cClassTribIS: '000001', qTrib: 2 },
      ibscbs: {
        cst: '000',
        cClassTrib: '000001',
        gDevTrib: { vDevTribCBS: 1 },
        gCredPres: { cCredPres: '01', pCredPresIBS: 1, pCredPresCBS: 2 },
        gTribCompraGov: { tpEnteGov: 1, pRedutor: 5 },
      },
    },
  },
  {
    // Suspension (550001) with the regular regime it requires (gTribRegular) and the IS
    operacao: { ufOrigem: 'SP', ufDestino: 'SP', consumidorFinal: false, contribuinte: true, data: '2029-05-01' },
    item: {
      vProd: 1000,
      ncm: '24021000',
      icms: { cst: '41' },
      is: { CSTIS: '000', cClassTribIS: '000001', qTrib: 2 },
      ibscbs: { cst: '550', cClassTrib: '550001', gTribRegular: { CSTReg: '000', cClassTribReg: '000001' } },
    },
  },
  {
    operacao: { ufOrigem: 'SP', ufDestino: 'SP', consumidorFinal: false, contribuinte: true, data: '2027-05-01' },
    item: {
      vProd: 1000,
      ncm: '22071010',
      icms: { cst: '60' },
      ibscbs: { cst: '620', cClassTrib: '620001', qBCMono: 10 },
    },
  },
  {
    operacao: { ufOrigem: 'SP', ufDestino: 'MG', consumidorFinal: false, contribuinte: true },
    item: { vProd: '99.99', icms: { csosn: '202', pICMS: 12, pMVAST: 40, pICMSST: 18 } },
  },
];

describe('POST /tax/calculate answer bytes', () => {
  it.each(requests.map((r, i) => [i, r] as const))('equal what the response schema prints (%i)', async (_, payload) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/v1/public/tax/calculate', headers: auth, payload });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.body).toBe(JSON.stringify(ZTaxCalculateResponse.parse(JSON.parse(res.body))));
    expect(res.json().memoria.length).toBeGreaterThan(1);
  });
});

describe('security headers', () => {
  it('are on API answers and errors alike', async () => {
    for (const res of [
      await ctx.app.inject({ method: 'GET', url: '/v1/public/users/me', headers: auth }),
      await ctx.app.inject({ method: 'GET', url: '/v1/public/users/me' }),
    ]) {
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });
});
