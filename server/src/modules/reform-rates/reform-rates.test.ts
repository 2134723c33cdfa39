import type { TReformRate } from '@app/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSessionToken } from '../../../test/auth-helpers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createPartner, createUser } from '../../db/factories.js';

let ctx: TestContext;
let admin: Record<string, string>;
let owner: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp();
  const partner = await createPartner(ctx.db);
  admin = bearer(await createSessionToken(ctx.db, (await createUser(ctx.db, { role: 'Admin' })).id));
  owner = bearer(
    await createSessionToken(ctx.db, (await createUser(ctx.db, { role: 'PartnerOwner', partnerId: partner.id })).id),
  );
});

const put = (headers: Record<string, string>, path: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: `/v1/public/tax/reform-rates/${path}`, headers, payload });

describe('estimated CBS/IBS rates', () => {
  it('lists 24 rows 2026–2033; 2026 and IBS 2027–2028 fixed by law, the rest estimates', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/public/tax/reform-rates', headers: owner });
    expect(res.statusCode).toBe(200);
    const rows = res.json<TReformRate[]>();
    expect(rows).toHaveLength(24);
    const est = (tax: string, from: string) => rows.find((r) => r.tax === tax && r.validFrom === from)?.estimated;
    expect([
      est('CBS', '2026-01-01'),
      est('IBSUF', '2027-01-01'),
      est('CBS', '2027-01-01'),
      est('IBSUF', '2029-01-01'),
    ]).toEqual([false, false, true, true]);
  });

  it('the Admin edits an estimate with its source, audited; the calculation uses it; null restores the file', async () => {
    const res = await put(admin, 'IBSUF/2033-01-01', {
      rate: '17,5',
      source: 'Resolução do Senado nº 1/2032 (exemplo)',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      rate: '17.5',
      fileRate: '16',
      overridden: true,
      source: expect.stringContaining('Senado'),
    });
    const audit = await ctx.db.execute<{ code: number; entity_id: string } & Record<string, unknown>>(
      sql`SELECT code, entity_id FROM audit_events WHERE code = 3095 ORDER BY created_at DESC LIMIT 1`,
    );
    expect(audit.rows[0]).toMatchObject({ code: 3095, entity_id: 'IBSUF:2033-01-01' });
    await new Promise((r) => setTimeout(r, 1100));
    const calc = await ctx.app.inject({
      method: 'POST',
      url: '/v1/public/tax/calculate',
      headers: owner,
      payload: {
        operacao: { ufOrigem: 'SP', ufDestino: 'SP', consumidorFinal: false, contribuinte: true, data: '2033-04-01' },
        item: { vProd: 200, icms: { cst: '00', pICMS: 18 }, ibscbs: { cst: '000', cClassTrib: '000001' } },
      },
    });
    // 2033: no ICMS, base 200.00; IBS-UF 17.5 % = 35.00
    expect(calc.json()).toMatchObject({ pIBSUF: 17.5, vIBSUF: 35, estimado: true });
    const back = await put(admin, 'IBSUF/2033-01-01', { rate: null });
    expect(back.json()).toMatchObject({ rate: '16', overridden: false, editedBy: null });
  });

  it.each([
    [{ rate: 9 }, 'CBS/2030-01-01', 'source', 'Fonte: informe'],
    [{ rate: 100, source: 'x' }, 'CBS/2030-01-01', 'rate', 'menor que 100'],
    [{ rate: 1, source: 'x' }, 'CBS/2026-01-01', 'rate', 'fixada em lei'],
    [{ rate: 1, source: 'x' }, 'ISS/2030-01-01', 'tax', 'Tributo inválido'],
  ])('refuses %o on %s', async (payload, path, field, message) => {
    const res = await put(admin, path, payload);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
    expect(JSON.stringify(res.json().errors)).toContain(field);
  });

  it('is for the Admin only (403), and an unknown start of validity is a 404', async () => {
    expect((await put(owner, 'CBS/2030-01-01', { rate: 9, source: 'x' })).statusCode).toBe(403);
    expect((await put(admin, 'CBS/2030-02-01', { rate: 9, source: 'x' })).statusCode).toBe(404);
  });
});
