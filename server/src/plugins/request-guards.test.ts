import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSessionToken } from '../../test/auth-helpers.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { buildApp } from '../app.js';
import { createCompany, createPartner, createUser, linkMemberToCompany } from '../db/factories.js';
import { identityLimits } from '../modules/identity/rate-limits.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});

const productCount = async (companyId: string) =>
  Number(
    (await ctx.database.pool.query('SELECT count(*) AS n FROM products WHERE company_id = $1', [companyId])).rows[0].n,
  );

describe('cookie-authenticated writes need our own Origin', () => {
  it('refuses a foreign Origin or Referer with the cookie; same origin, no header and Bearer pass', async () => {
    const partner = await createPartner(ctx.db);
    const company = await createCompany(ctx.db, { partnerId: partner.id, uf: 'SP' });
    const member = await createUser(ctx.db, { role: 'Member', partnerId: partner.id });
    await linkMemberToCompany(ctx.db, member.id, company.id);
    const token = await createSessionToken(ctx.db, member.id);
    const create = (headers: Record<string, string>, code: string, cookie = true) =>
      ctx.app.inject({
        method: 'POST',
        url: '/v1/public/products',
        headers,
        ...(cookie ? { cookies: { session: token } } : {}),
        payload: { companyId: company.id, products: [{ internalCode: code, description: 'PRODUTO' }] },
      });
    const evil = await create({ origin: 'http://evil.example' }, 'E1');
    expect(evil.statusCode).toBe(403);
    expect(evil.json()).toMatchObject({ code: 'ORIGIN_REFUSED', detail: 'Origem da requisição não permitida.' });
    const evilReferer = await create({ referer: 'http://evil.example/pagina' }, 'E2');
    expect(evilReferer.statusCode).toBe(403);
    const nullOrigin = await create({ origin: 'null' }, 'E3');
    expect(nullOrigin.statusCode).toBe(403);
    expect(await productCount(company.id)).toBe(0);

    expect((await create({ origin: 'http://localhost:3000' }, 'OK1')).statusCode).toBe(200);
    expect((await create({ origin: 'http://app.interno:8080', host: 'app.interno:8080' }, 'OK2')).statusCode).toBe(200);
    expect((await create({}, 'OK3')).statusCode).toBe(200);
    expect((await create({ origin: 'http://evil.example', ...bearer(token) }, 'OK4', false)).statusCode).toBe(200);
    expect(await productCount(company.id)).toBe(4);
  });
});

describe('sessions and caching', () => {
  it('deactivating a user revokes their sessions: reactivating does not revive the old token', async () => {
    const partner = await createPartner(ctx.db);
    const owner = await createUser(ctx.db, { role: 'PartnerOwner', partnerId: partner.id });
    const member = await createUser(ctx.db, { role: 'Member', partnerId: partner.id });
    const ownerAuth = bearer(await createSessionToken(ctx.db, owner.id));
    const memberAuth = bearer(await createSessionToken(ctx.db, member.id));
    const me = () => ctx.app.inject({ method: 'GET', url: '/v1/public/users/me', headers: memberAuth });
    expect((await me()).statusCode).toBe(200);
    const put = (status: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/v1/public/users',
        headers: ownerAuth,
        payload: { id: member.id, name: member.name, email: member.email, role: 'Member', status },
      });
    expect((await put('Inactive')).statusCode).toBe(200);
    expect((await put('Active')).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(401);
  });

  it('authenticated answers are not cached; anonymous ones are not marked; no HSTS on http', async () => {
    const user = await createUser(ctx.db, { role: 'Admin' });
    const auth = await ctx.app.inject({
      method: 'GET',
      url: '/v1/public/users/me',
      headers: bearer(await createSessionToken(ctx.db, user.id)),
    });
    expect(auth.headers['cache-control']).toBe('no-store');
    expect(auth.headers['strict-transport-security']).toBeUndefined();
    const anon = await ctx.app.inject({ method: 'GET', url: '/v1/public/partners' });
    expect(anon.headers['cache-control']).toBeUndefined();
  });

  it('HSTS when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ publicUrl: 'https://fiscal.example.com.br' });
    const res = await secure.app.inject({ method: 'GET', url: '/v1/public/partners' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});

describe('rate limits in PostgreSQL', () => {
  it('set-password with only an e-mail is limited per address like reset-password (shared counter)', async () => {
    const email = 'limite@exemplo.com.br';
    await createUser(ctx.db, { role: 'Admin', email, password: null });
    const max = identityLimits.resetPassword.email;
    const statuses: number[] = [];
    for (let i = 0; i < max + 2; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: i % 2 ? '/v1/public/users/setpassword' : '/v1/public/users/reset-password',
        headers: { 'x-forwarded-for': `10.9.0.${i + 1}` },
        payload: i % 2 ? { email, password: 'Senha@123' } : { email },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429)
        expect(res.json().detail).toBe('Muitas tentativas. Aguarde alguns minutos e tente novamente.');
    }
    expect(statuses.slice(0, max).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(max)).toEqual([429, 429]);
    expect(ctx.outbox.filter((m) => m.to === email)).toHaveLength(max);
  });

  it('are shared by two server processes on one database and survive a restart', async () => {
    const limit = identityLimits.check.ip;
    const other = await buildApp({ config: ctx.app.config, database: ctx.database, logger: false });
    await other.ready();
    const call = (app: typeof ctx.app) =>
      app.inject({
        method: 'POST',
        url: '/v1/public/users/check',
        headers: { 'x-forwarded-for': '10.8.0.1' },
        payload: { email: `x${Math.random()}@b.com` },
      });
    for (let i = 0; i < limit; i++) expect((await call(i % 2 ? other : ctx.app)).statusCode).toBe(200);
    expect((await call(other)).statusCode).toBe(429);
    await other.close();
    // A fresh process (a restart) still sees the counter.
    const restarted = await buildApp({ config: ctx.app.config, database: ctx.database, logger: false });
    await restarted.ready();
    expect((await call(restarted)).statusCode).toBe(429);
    await restarted.close();
  });
});
