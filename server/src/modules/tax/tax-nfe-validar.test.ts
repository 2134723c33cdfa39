import type { TTaxCalculateNfeResponse } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSessionToken } from '../../../test/auth-helpers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createPartner, createUser } from '../../db/factories.js';

// POST /tax/calculate-nfe with `validar: true` (issue 36): beside the figures, the rejections the computed invoice
// would get from the rule book and the official schema (the invoice written by the writer of /nfe/complete).
let ctx: TestContext;
let auth: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp();
  const partner = await createPartner(ctx.db);
  const user = await createUser(ctx.db, { role: 'PartnerOwner', partnerId: partner.id });
  auth = bearer(await createSessionToken(ctx.db, user.id));
});

const operacao = { ufOrigem: 'SP', ufDestino: 'SP', consumidorFinal: false, contribuinte: true, data: '2026-03-10' };
// The three lines worked by hand in tax-engine/src/nfe-invoice/calculate-nfe.test.ts (vNF 1866.25, MOC W16).
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
const calc = (payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/v1/public/tax/calculate-nfe', headers: auth, payload });

describe('POST /tax/calculate-nfe with validar', () => {
  it('the worked invoice: the same figures, and no rejection', async () => {
    const plain = await calc({ operacao, itens });
    const res = await calc({ operacao, itens, validar: true });
    expect(res.statusCode).toBe(200);
    const body = res.json<TTaxCalculateNfeResponse>();
    expect(body.total.ICMSTot.vNF).toBe(1866.25);
    expect({ ...body, validacao: undefined }).toEqual({ ...plain.json(), validacao: undefined });
    expect(plain.json().validacao).toBeUndefined();
    expect(body.validacao?.rejeicoes).toEqual([]);
    expect(body.validacao).toMatchObject({ valida: true, regras: { data: '2026-03-10', ambiente: 'producao' } });
  });

  it('an item without cClassTrib: computed, and the invoice would be rejected naming that item’s cClassTrib', async () => {
    const res = await calc({ operacao, itens: [itens[0], { ...itens[0], ibscbs: { cst: '000' } }], validar: true });
    expect(res.statusCode).toBe(200);
    const v = res.json<TTaxCalculateNfeResponse>().validacao!;
    expect(v.valida).toBe(false);
    expect(v.rejeicoes.length).toBeGreaterThan(0);
    for (const r of v.rejeicoes) expect(r.campo).toContain('det[nItem=2]/imposto/IBSCBS/cClassTrib');
    expect(v.rejeicoes.map((r) => r.codigo)).toContain('225');
  });

  it('validar must be a boolean', async () => {
    const res = await calc({ operacao, itens, validar: 'sim' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('validar deve ser true ou false.');
  });
});
