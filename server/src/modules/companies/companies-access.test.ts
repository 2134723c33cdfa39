import type { TCompany } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSessionToken } from '../../../test/auth-helpers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createCompany, createPartner, createUser, generateCnpj, linkMemberToCompany } from '../../db/factories.js';

/**
 * Tenancy matrix: Admin sees all; partner staff only their partner's companies; a Member only
 * linked ones. Foreign companies answer 404 so ids cannot be probed.
 */
type Who = 'anonymous' | 'admin' | 'ownerA' | 'contributorA' | 'ownerB' | 'memberA' | 'memberUnlinked';
let ctx: TestContext;
const headers = {} as Record<Who, Record<string, string>>;
const ids = {} as Record<'companyA' | 'companyA2' | 'companyB' | 'memberA' | 'memberB', string>;

beforeAll(async () => {
  ctx = await createTestApp();
  const a = await createPartner(ctx.db);
  const b = await createPartner(ctx.db);
  const companyA = await createCompany(ctx.db, { partnerId: a.id, nomeFantasia: 'A1' });
  const companyA2 = await createCompany(ctx.db, { partnerId: a.id, nomeFantasia: 'A2' });
  const companyB = await createCompany(ctx.db, { partnerId: b.id, nomeFantasia: 'B1' });
  const users = {
    admin: await createUser(ctx.db, { role: 'Admin' }),
    ownerA: await createUser(ctx.db, { role: 'PartnerOwner', partnerId: a.id }),
    contributorA: await createUser(ctx.db, { role: 'PartnerContributor', partnerId: a.id }),
    ownerB: await createUser(ctx.db, { role: 'PartnerOwner', partnerId: b.id }),
    memberA: await createUser(ctx.db, { role: 'Member', partnerId: a.id }),
    memberUnlinked: await createUser(ctx.db, { role: 'Member', partnerId: a.id }),
  };
  const memberB = await createUser(ctx.db, { role: 'Member', partnerId: b.id });
  await linkMemberToCompany(ctx.db, users.memberA.id, companyA.id);
  await linkMemberToCompany(ctx.db, memberB.id, companyB.id);
  headers.anonymous = {};
  for (const [who, user] of Object.entries(users)) {
    headers[who as Who] = bearer(await createSessionToken(ctx.db, user.id));
  }
  Object.assign(ids, {
    companyA: companyA.id,
    companyA2: companyA2.id,
    companyB: companyB.id,
    memberA: users.memberA.id,
    memberB: memberB.id,
  });
});

const get = (who: Who, url: string) =>
  ctx.app.inject({ method: 'GET', url: `/v1/public${url}`, headers: headers[who] });
const names = (res: { json: () => TCompany[] }) => res.json().map((c) => c.nomeFantasia);

describe('GET /companies scope', () => {
  it.each([
    ['admin', ['A1', 'A2', 'B1']],
    ['ownerA', ['A1', 'A2']],
    ['contributorA', ['A1', 'A2']],
    ['ownerB', ['B1']],
    ['memberA', ['A1']],
    ['memberUnlinked', []],
  ] as const)('%s sees %j', async (who, expected) => {
    const res = await get(who, '/companies');
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(expected);
  });

  it('anonymous gets 401', async () => {
    const res = await get('anonymous', '/companies');
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('Usuário não autorizado');
  });
});

describe('GET /companies/:id scope', () => {
  it.each([
    ['admin', 'companyA', 200],
    ['admin', 'companyB', 200],
    ['ownerA', 'companyA', 200],
    ['ownerA', 'companyB', 404],
    ['contributorA', 'companyA2', 200],
    ['contributorA', 'companyB', 404],
    ['ownerB', 'companyA', 404],
    ['memberA', 'companyA', 200],
    ['memberA', 'companyA2', 404],
    ['memberA', 'companyB', 404],
    ['memberUnlinked', 'companyA', 404],
    ['anonymous', 'companyA', 401],
  ] as const)('%s reading %s → %i', async (who, company, status) => {
    const res = await get(who, `/companies/${ids[company]}`);
    expect(res.statusCode).toBe(status);
  });
});

describe('GET /companies/members/:id scope', () => {
  it.each([
    ['admin', 'memberA', 200],
    ['admin', 'memberB', 200],
    ['ownerA', 'memberA', 200],
    ['contributorA', 'memberA', 200],
    ['ownerA', 'memberB', 404],
    ['memberA', 'memberA', 200],
    ['memberUnlinked', 'memberA', 404],
    ['anonymous', 'memberA', 401],
  ] as const)('%s asking about %s → %i', async (who, member, status) => {
    const res = await get(who, `/companies/members/${ids[member]}`);
    expect(res.statusCode).toBe(status);
    if (status === 200) expect(res.json<TCompany[]>()).toHaveLength(1);
  });
});

describe('writes', () => {
  const body = () => ({ document: generateCnpj(), uf: 'SP', razaoSocial: 'R', nomeFantasia: 'N' });

  it.each([
    ['memberA', 403],
    ['anonymous', 401],
    ['contributorA', 201],
  ] as const)('POST /companies as %s → %i', async (who, status) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/public/companies',
      headers: headers[who],
      payload: body(),
    });
    expect(res.statusCode).toBe(status);
  });

  it.each([
    ['ownerB', 'companyA', 404],
    ['contributorA', 'companyB', 404],
    ['memberA', 'companyA', 403],
    ['anonymous', 'companyA', 401],
    ['contributorA', 'companyA2', 200],
  ] as const)('PUT /companies/ as %s on %s → %i', async (who, company, status) => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/v1/public/companies/',
      headers: headers[who],
      payload: { id: ids[company], ...body() },
    });
    expect(res.statusCode).toBe(status);
  });

  it.each([
    ['ownerB', 'companyA', 404],
    ['memberA', 'companyA', 403],
    ['anonymous', 'companyA', 401],
  ] as const)('verify-fiscal-service-credentials as %s on %s → %i', async (who, company, status) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/v1/public/companies/${ids[company]}/verify-fiscal-service-credentials`,
      headers: headers[who],
    });
    expect(res.statusCode).toBe(status);
  });

  it('delete: PartnerContributor 403, Member 403, other partner 404, own PartnerOwner 200, Admin 200', async () => {
    const del = (who: Who, id: string) =>
      ctx.app.inject({ method: 'DELETE', url: `/v1/public/companies/${id}`, headers: headers[who] });
    expect((await del('contributorA', ids.companyA2)).statusCode).toBe(403);
    expect((await del('memberA', ids.companyA)).statusCode).toBe(403);
    expect((await del('anonymous', ids.companyA2)).statusCode).toBe(401);
    expect((await del('ownerB', ids.companyA2)).statusCode).toBe(404);
    expect((await del('ownerA', ids.companyA2)).statusCode).toBe(200);
    expect((await del('admin', ids.companyB)).statusCode).toBe(200);
    const left = (await get('admin', '/companies')).json<TCompany[]>().map((c) => c.id);
    expect(left).toContain(ids.companyA);
    expect(left).not.toContain(ids.companyA2);
    expect(left).not.toContain(ids.companyB);
  });
});
