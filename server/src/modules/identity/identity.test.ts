import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createPartner, createSessionToken, createUser } from '../../db/factories.js';
import { auditEvents, sessions, users } from '../../db/schema/index.js';
import { identityLimits } from './rate-limits.js';

let ctx: TestContext;
let ipSeq = 0;
/** Each call comes from its own address, so per-IP limits only bite in the tests about them. */
const freshIp = () => `10.1.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: `/v1/public${url}`,
    payload: payload as object,
    headers: { 'x-forwarded-for': freshIp(), ...headers },
  });
}

beforeAll(async () => {
  ctx = await createTestApp();
});

describe('POST /users/check', () => {
  it('tells whether the e-mail exists and has a password', async () => {
    const partner = await createPartner(ctx.db);
    const withPw = await createUser(ctx.db, { partnerId: partner.id, role: 'PartnerOwner', name: 'Olga' });
    const noPw = await createUser(ctx.db, { partnerId: partner.id, password: null });
    const a = await post('/users/check', { email: `  ${withPw.email.toUpperCase()} ` });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual({ exist: true, name: 'Olga', role: 'PartnerOwner', hasPassword: true });
    const b = await post('/users/check', { email: noPw.email });
    expect(b.json()).toMatchObject({ exist: true, hasPassword: false });
  });

  it('says nothing but exist:false for an unknown e-mail', async () => {
    const res = await post('/users/check', { email: 'ninguem@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ exist: false, hasPassword: false });
  });

  it('validates the e-mail in Portuguese', async () => {
    const empty = await post('/users/check', { email: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([{ field: 'email', message: 'Preencha o campo do e-mail!' }]);
    const missing = await post('/users/check', {});
    expect(missing.json().detail).toBe('Preencha o campo do e-mail!');
    const bad = await post('/users/check', { email: 'sem-arroba' });
    expect(bad.json().detail).toBe('E-mail inválido.');
  });

  it('answers 429 in Portuguese past the per-e-mail limit', async () => {
    const email = 'limite-check@example.com';
    for (let i = 0; i < identityLimits.check.email; i++) {
      expect((await post('/users/check', { email })).statusCode).toBe(200);
    }
    const res = await post('/users/check', { email });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'RATE_LIMITED', detail: expect.stringContaining('Muitas tentativas') });
  });
});

describe('POST /users/signin', () => {
  it('opens a session: token, httpOnly SameSite=Lax cookie, last access, coordinates, audit 1007', async () => {
    const partner = await createPartner(ctx.db);
    const user = await createUser(ctx.db, { partnerId: partner.id, role: 'PartnerContributor', name: 'Caio' });
    const res = await post('/users/signin', {
      email: user.email.toUpperCase(),
      password: user.password,
      locationX: -23.55,
      locationY: -46.63,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ name: 'Caio', role: 'PartnerContributor', token: expect.any(String) });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toContain(`session=${body.token}`);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/);

    const [session] = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session!.tokenHash).not.toBe(body.token);
    expect(session!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(session!.locationX).toBe(-23.55);
    expect(session!.locationY).toBe(-46.63);
    const hours = (session!.expiresAt.getTime() - session!.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(12, 1);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.lastAccess).toBeInstanceOf(Date);
    const audit = await ctx.db.select().from(auditEvents).where(eq(auditEvents.entityId, user.id));
    expect(audit.map((a) => a.code)).toContain(1007);
  });

  it('the cookie and the bearer token both authenticate /users/me', async () => {
    const partner = await createPartner(ctx.db);
    const user = await createUser(ctx.db, { partnerId: partner.id, role: 'Member', permissions: ['Read'] });
    const signin = await post('/users/signin', { email: user.email, password: user.password });
    const token = signin.json().token as string;
    const expected = {
      id: user.id,
      name: user.name,
      email: user.email,
      role: 'Member',
      partnerId: partner.id,
      permissions: ['Read'],
    };
    const byCookie = await ctx.app.inject({ method: 'GET', url: '/v1/public/users/me', cookies: { session: token } });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.json()).toEqual(expected);
    const byBearer = await ctx.app.inject({
      method: 'GET',
      url: '/v1/public/users/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(byBearer.json()).toEqual(expected);
  });

  it('works without coordinates (geolocation denied)', async () => {
    const user = await createUser(ctx.db, { role: 'Admin' });
    const res = await post('/users/signin', { email: user.email, password: user.password, locationX: null });
    expect(res.statusCode).toBe(200);
  });

  it("answers 'Senha incorreta!' for a wrong, empty or missing password and audits 1009", async () => {
    const user = await createUser(ctx.db, { role: 'Admin' });
    for (const password of ['errada-123', '']) {
      const res = await post('/users/signin', { email: user.email, password });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', detail: 'Senha incorreta!' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const missing = await post('/users/signin', { email: user.email });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe('Senha incorreta!');
    const audit = await ctx.db.select().from(auditEvents).where(eq(auditEvents.entityId, user.id));
    expect(audit.filter((a) => a.code === 1009)).toHaveLength(2);
  });

  it("answers 'Senha incorreta!' for an unknown e-mail, a passwordless user and an inactive user", async () => {
    const noPw = await createUser(ctx.db, { role: 'Admin', password: null });
    const inactive = await createUser(ctx.db, { role: 'Admin', status: 'Inactive' });
    for (const [email, password] of [
      ['ninguem@example.com', 'Senha@123'],
      [noPw.email, 'Senha@123'],
      [inactive.email, inactive.password!],
    ]) {
      const res = await post('/users/signin', { email, password });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe('Senha incorreta!');
    }
  });

  it('marks the cookie Secure when config.cookieSecure', async () => {
    const secure = await createTestApp({ cookieSecure: true });
    const user = await createUser(secure.db, { role: 'Admin' });
    const res = await secure.app.inject({
      method: 'POST',
      url: '/v1/public/users/signin',
      payload: { email: user.email, password: user.password },
    });
    expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
  });

  it('is limited per e-mail (10/min) even from many addresses', async () => {
    const user = await createUser(ctx.db, { role: 'Admin' });
    for (let i = 0; i < identityLimits.signin.email; i++) {
      expect((await post('/users/signin', { email: user.email, password: 'errada-123' })).statusCode).toBe(400);
    }
    const res = await post('/users/signin', { email: user.email, password: user.password });
    expect(res.statusCode).toBe(429);
    expect(res.json().detail).toBe('Muitas tentativas. Aguarde alguns minutos e tente novamente.');
  });

  it('is limited per IP across e-mails', async () => {
    const headers = { 'x-forwarded-for': '192.0.2.77' };
    for (let i = 0; i < identityLimits.signin.ip; i++) {
      const res = await post('/users/signin', { email: `x${i}@example.com`, password: 'a' }, headers);
      expect(res.statusCode).toBe(400);
    }
    const res = await post('/users/signin', { email: 'outro@example.com', password: 'a' }, headers);
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('RATE_LIMITED');
    // Another address is not affected.
    expect((await post('/users/signin', { email: 'outro@example.com', password: 'a' })).statusCode).toBe(400);
  });
});

describe('sessions', () => {
  it('sign-out revokes the session (401 afterwards), clears the cookie and audits 1008', async () => {
    const user = await createUser(ctx.db, { role: 'Admin' });
    const token = (await post('/users/signin', { email: user.email, password: user.password })).json().token;
    const auth = { authorization: `Bearer ${token}` };
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/public/users/me', headers: auth })).statusCode).toBe(200);
    const out = await ctx.app.inject({ method: 'POST', url: '/v1/public/users/signout', cookies: { session: token } });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: 'Sessão encerrada.' });
    expect(String(out.headers['set-cookie'])).toMatch(/session=;.*Expires=Thu, 01 Jan 1970/);
    const after = await ctx.app.inject({ method: 'GET', url: '/v1/public/users/me', headers: auth });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'UNAUTHENTICATED', detail: 'Usuário não autorizado' });
    const audit = await ctx.db.select().from(auditEvents).where(eq(auditEvents.entityId, user.id));
    expect(audit.map((a) => a.code)).toContain(1008);
  });

  it('sign-out without a session still answers 200', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/v1/public/users/signout' });
    expect(res.statusCode).toBe(200);
  });

  it('an expired session, an unknown token and an inactive user get 401', async () => {
    const user = await createUser(ctx.db, { role: 'Admin' });
    const expired = await createSessionToken(ctx.db, user.id, { expiresAt: new Date(Date.now() - 1000) });
    const inactive = await createUser(ctx.db, { role: 'Admin', status: 'Inactive' });
    const inactiveToken = await createSessionToken(ctx.db, inactive.id);
    for (const token of [expired, 'desconhecido', inactiveToken]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/v1/public/users/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(401);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/public/users/me' })).statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents the identity, users, partners and DFE paths from the zod contract', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/v1/public/users/check',
        '/v1/public/users/signin',
        '/v1/public/users/signout',
        '/v1/public/users/me',
        '/v1/public/users/reset-password',
        '/v1/public/users/setpassword',
        '/v1/public/users',
        '/v1/public/members/{userId}/companies/{companyId}/add',
        '/v1/public/members/{userId}/companies/{companyId}/delete',
        '/v1/public/partners',
        '/v1/public/partners/domain',
        '/v1/public/users/dfe/temporaryAccessToken',
      ]),
    );
    const signin = res.json().paths['/v1/public/users/signin'].post;
    expect(signin.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
  });
});
