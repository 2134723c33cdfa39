import type { TMunicipalRate, TTaxCalculateResponse } from '@app/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSessionToken } from '../../../test/auth-helpers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createPartner, createUser } from '../../db/factories.js';

// The IBS municipal rate by município (cMunFG) and date, the Admin's table (0810, decision 042); with no row, the
// reference rate of the official calculator (aliquotas.json: IBS-Mun 2,5 % in 2033) applies.
let ctx: TestContext;
let admin: Record<string, string>;
let owner: Record<string, string>;
const URL = '/v1/public/tax/reform-rates/municipal';

beforeAll(async () => {
  ctx = await createTestApp();
  const partner = await createPartner(ctx.db);
  admin = bearer(await createSessionToken(ctx.db, (await createUser(ctx.db, { role: 'Admin' })).id));
  owner = bearer(
    await createSessionToken(ctx.db, (await createUser(ctx.db, { role: 'PartnerOwner', partnerId: partner.id })).id),
  );
});

const saoPaulo = {
  uf: 'SP',
  cMun: '3550308',
  validFrom: '2033-01-01',
  validTo: null,
  rate: 2.8,
  source: 'Lei municipal de São Paulo (teste)',
};
const calc = (cMunFG?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/v1/public/tax/calculate',
    headers: owner,
    payload: {
      operacao: {
        ufOrigem: 'SP',
        ufDestino: 'SP',
        consumidorFinal: false,
        contribuinte: true,
        data: '2033-03-10',
        ...(cMunFG ? { cMunFG } : {}),
      },
      item: { vProd: '1000.00', icms: { cst: '41' }, ibscbs: { cst: '000', cClassTrib: '000001' } },
    },
  });

describe('IBS municipal rate per município', () => {
  it("the Admin's rate for São Paulo is used for cMunFG 3550308 from its date; other municípios keep the reference", async () => {
    const res = await ctx.app.inject({ method: 'POST', url: URL, headers: admin, payload: saoPaulo });
    expect(res.statusCode, res.body).toBe(201);
    const row = res.json<TMunicipalRate>();
    expect(row).toMatchObject({ uf: 'SP', cMun: '3550308', rate: '2.8', estimated: true });
    await new Promise((r) => setTimeout(r, 1100)); // the tax facts re-read within a second
    // 1000 × 2,8 % = 28,00 in São Paulo; Campinas (3509502) keeps the reference 2,5 % = 25,00
    const sp = (await calc('3550308')).json<TTaxCalculateResponse>();
    expect(sp).toMatchObject({ pIBSMun: 2.8, vIBSMun: 28 });
    expect(sp.memoria.find((s) => s.campo === 'vIBSMun')?.baseLegal).toContain('Lei municipal de São Paulo (teste)');
    expect((await calc('3509502')).json()).toMatchObject({ pIBSMun: 2.5, vIBSMun: 25 });
    expect((await calc()).json()).toMatchObject({ pIBSMun: 2.5 });
    const audit = await ctx.db.execute(sql`SELECT count(*)::int AS n FROM audit_events WHERE code = 3096`);
    expect(audit.rows[0]?.n).toBe(1);
  });

  it('refuses an overlapping period, a code of another UF, a bad check digit, no source; nothing changes', async () => {
    const cases: [object, string][] = [
      [{ ...saoPaulo, validFrom: '2033-06-01' }, 'validFrom'],
      [{ ...saoPaulo, uf: 'RJ' }, 'cMun'],
      [{ ...saoPaulo, cMun: '3550301' }, 'cMun'],
      [{ ...saoPaulo, validFrom: '2030-01-01', source: '' }, 'source'],
      [{ ...saoPaulo, validFrom: '2030-01-01', validTo: '2029-01-01' }, 'validTo'],
      [{ ...saoPaulo, validFrom: '2030-01-01', rate: 100 }, 'rate'],
    ];
    for (const [payload, field] of cases) {
      const res = await ctx.app.inject({ method: 'POST', url: URL, headers: admin, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(res.json().errors)).toContain(field);
    }
    const rows = await ctx.app.inject({ method: 'GET', url: URL, headers: owner });
    expect(rows.json()).toHaveLength(1);
  });

  it('only the Admin writes; a partner reads', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: URL, headers: owner, payload: saoPaulo });
    expect(res.statusCode).toBe(403);
  });

  it('an edit closes the period, a removal restores the reference rate', async () => {
    const [row] = (await ctx.app.inject({ method: 'GET', url: URL, headers: admin })).json<TMunicipalRate[]>();
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `${URL}/${row!.id}`,
      headers: admin,
      payload: { ...saoPaulo, validTo: '2033-02-28', estimated: false },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ validTo: '2033-02-28', estimated: false });
    await new Promise((r) => setTimeout(r, 1100));
    expect((await calc('3550308')).json()).toMatchObject({ pIBSMun: 2.5 }); // 10/03/2033 is after the period
    const del = await ctx.app.inject({ method: 'DELETE', url: `${URL}/${row!.id}`, headers: admin });
    expect(del.statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: URL, headers: admin })).json()).toHaveLength(0);
  });
});
