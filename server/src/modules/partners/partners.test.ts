import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createPartner, createSessionToken, createUser } from '../../db/factories.js';
import { auditEvents } from '../../db/schema/index.js';

let ctx: TestContext;
const tokens: Record<string, string> = {};
const body = (over: object = {}) => ({
  name: 'Gama Contábil',
  nameDomain: 'Gama.Example.com',
  urlLogo: 'https://gama.example.com/logo.png',
  displayName: 'Gama Contabilidade',
  displayNameShort: 'Gama',
  ...over,
});

beforeAll(async () => {
  ctx = await createTestApp();
  const p = await createPartner(ctx.db, { name: 'Beta', nameDomain: 'beta.localhost', displayName: 'Beta Fiscal' });
  await createPartner(ctx.db, { name: 'Alfa', nameDomain: 'alfa.localhost' });
  for (const [key, role, partnerId] of [
    ['admin', 'Admin', null],
    ['owner', 'PartnerOwner', p.id],
    ['contrib', 'PartnerContributor', p.id],
    ['member', 'Member', p.id],
  ] as const) {
    const u = await createUser(ctx.db, { role, partnerId });
    tokens[key] = await createSessionToken(ctx.db, u.id);
  }
});

const create = (who: string | null, payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: '/v1/public/partners',
    payload,
    headers: who ? { authorization: `Bearer ${tokens[who]}` } : {},
  });

describe('partners', () => {
  it('GET /partners is public and sorted by name', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/public/partners' });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((p: { name: string }) => p.name).slice(0, 2)).toEqual(['Alfa', 'Beta']);
    expect(Object.keys(list[0]).sort()).toEqual(
      ['displayName', 'displayNameShort', 'id', 'name', 'nameDomain', 'urlLogo'].sort(),
    );
  });

  it('GET /partners/domain finds by domain (case-insensitive) and answers [] when unknown', async () => {
    const hit = await ctx.app.inject({ method: 'GET', url: '/v1/public/partners/domain?nameDomain=BETA.localhost' });
    expect(hit.statusCode).toBe(200);
    expect(hit.json()).toEqual([expect.objectContaining({ name: 'Beta', displayName: 'Beta Fiscal' })]);
    const miss = await ctx.app.inject({ method: 'GET', url: '/v1/public/partners/domain?nameDomain=nada.example' });
    expect(miss.json()).toEqual([]);
    const none = await ctx.app.inject({ method: 'GET', url: '/v1/public/partners/domain' });
    expect(none.statusCode).toBe(400);
    expect(none.json().detail).toBe('Informe o domínio.');
  });

  it('POST /partners: Admin creates (domain lower-cased, audit 1010); duplicates 409', async () => {
    const res = await create('admin', body());
    expect(res.statusCode).toBe(201);
    const partner = res.json();
    expect(partner).toMatchObject({ name: 'Gama Contábil', nameDomain: 'gama.example.com', displayNameShort: 'Gama' });
    const [audit] = await ctx.db.select().from(auditEvents).where(eq(auditEvents.entityId, partner.id));
    expect(audit!.code).toBe(1010);
    const dup = await create('admin', body({ name: 'Outro' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().detail).toBe('Já existe um parceiro com esse domínio.');
  });

  it('POST /partners validates in Portuguese', async () => {
    const res = await create('admin', { nameDomain: 'x y', urlLogo: 'não é url' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { message: string }) => e.message)).toEqual([
      'Informe o nome do parceiro.',
      'Domínio inválido.',
      'URL do logo inválida.',
      'Informe o nome de exibição.',
      'Informe o nome de exibição curto.',
    ]);
  });

  it.each([
    ['owner', 403],
    ['contrib', 403],
    ['member', 403],
    [null, 401],
  ] as const)('POST /partners refuses %s (%i)', async (who, status) => {
    const res = await create(who, body({ nameDomain: `x-${who}.example.com` }));
    expect(res.statusCode).toBe(status);
  });
});
