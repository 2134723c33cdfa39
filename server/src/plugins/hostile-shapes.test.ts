import { createHash } from 'node:crypto';
import { todayInBrazil } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSessionToken } from '../../test/auth-helpers.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { createCompany, createPartner, createUser, linkMemberToCompany } from '../db/factories.js';
import { seedProductActors } from '../modules/products/products.fixtures.js';

/**
 * Request shapes a hostile or careless client sends (issue 24): each answers a 4xx in Portuguese and
 * changes nothing, or — for an empty query parameter — means "not given".
 */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedProductActors>>;

beforeAll(async () => {
  ctx = await createTestApp();
  s = await seedProductActors(ctx.db);
});

/** `{"a":{"a":…}}` nested `depth` levels, built as text (JSON.parse of it is fine; walking it recursively is not). */
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('deeply nested JSON', () => {
  it('answers 400 in Portuguese on a public and on an authenticated route, and writes nothing', async () => {
    for (const [url, headers] of [
      ['/v1/public/users/signin', {}],
      ['/v1/public/products', s.headers.member],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: nested(8000),
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().detail).toMatch(/profund/);
    }
    const count = await ctx.database.pool.query('SELECT count(*)::int AS n FROM products');
    expect(count.rows[0].n).toBe(0);
  });

  it('an ordinary nesting (a few levels) still reaches validation', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/public/products',
      headers: s.headers.member,
      payload: { companyId: s.companySP.id, products: [{ internalCode: 'N1', description: 'PRODUTO', x: { y: [1] } }] },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('one date schema everywhere', () => {
  it('refuses an impossible day on the NCM validity and the log export', async () => {
    const validity = await ctx.app.inject({
      method: 'GET',
      url: '/v1/public/reference/ncm/22021000/validity?date=2026-02-30',
      headers: s.headers.member,
    });
    expect(validity.statusCode).toBe(400);
    expect(validity.json().detail).toMatch(/Data inválida/);
    const ok = await ctx.app.inject({
      method: 'GET',
      url: '/v1/public/reference/ncm/22021000/validity?date=2024-02-29',
      headers: s.headers.member,
    });
    expect(ok.statusCode).toBe(200);
    const logs = await ctx.app.inject({
      method: 'GET',
      url: '/v1/public/users/partners/logs/export?from=2026-02-30&to=2026-03-01&module=Products',
      headers: s.headers.ownerA,
    });
    expect(logs.statusCode).toBe(400);
    expect(logs.json().detail).toMatch(/Data inválida/);
  });
});

describe('an empty query parameter means "not given"', () => {
  it('code= on the log export and date= on the NCM validity', async () => {
    const today = todayInBrazil();
    const logs = await ctx.app.inject({
      method: 'GET',
      url: `/v1/public/users/partners/logs/export?from=${today}&to=${today}&module=Products&code=`,
      headers: s.headers.ownerA,
    });
    expect(logs.statusCode).toBe(200);
    const validity = await ctx.app.inject({
      method: 'GET',
      url: '/v1/public/reference/ncm/22021000/validity?date=',
      headers: s.headers.member,
    });
    expect(validity.statusCode).toBe(200);
    expect(validity.json()).toMatchObject({ code: '22021000', inForce: true });
    const products = await ctx.app.inject({
      method: 'GET',
      url: `/v1/public/products?companyId=${s.companySP.id}&page=&text=&startDate=&endDate=&pending=`,
      headers: s.headers.member,
    });
    expect(products.statusCode).toBe(200);
  });
});

describe('company CNAE is a 7-digit subclass', () => {
  const body = (cnae: string | null) => ({
    document: '11222333000181',
    razaoSocial: 'EMPRESA CNAE LTDA',
    nomeFantasia: 'EMPRESA CNAE',
    uf: 'SP',
    cnae,
    useCNAE: cnae !== null,
  });

  it('refuses free text and accepts the code formatted or not, stored as digits', async () => {
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/v1/public/companies',
      headers: s.headers.ownerA,
      payload: body('comércio varejista'),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      expect.objectContaining({ field: 'cnae', message: expect.stringMatching(/CNAE/) }),
    ]);
    for (const cnae of ['47113', '47113021', '4711-3/0A']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/v1/public/companies',
        headers: s.headers.ownerA,
        payload: body(cnae),
      });
      expect(res.statusCode, cnae).toBe(400);
    }
    const good = await ctx.app.inject({
      method: 'POST',
      url: '/v1/public/companies',
      headers: s.headers.ownerA,
      payload: body('4711-3/02'),
    });
    expect(good.statusCode).toBe(201);
    expect(good.json().cnae).toBe('4711302');
  });
});

describe('a GTIN of all zeros', () => {
  it('is refused by the global base curation', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/public/products/global',
      headers: s.headers.admin,
      payload: { code: 'ZEROS-1', description: 'ÁGUA', gtin: '0000000000000', ncm: '22021000', cest: null },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/GTIN inválido/);
  });
});

describe('CSRF compares scheme, host and port', () => {
  it('refuses an Origin of another scheme or port for the same host name', async () => {
    const partner = await createPartner(ctx.db);
    const company = await createCompany(ctx.db, { partnerId: partner.id, uf: 'SP' });
    const member = await createUser(ctx.db, { role: 'Member', partnerId: partner.id });
    await linkMemberToCompany(ctx.db, member.id, company.id);
    const token = await createSessionToken(ctx.db, member.id);
    const create = (origin: string, code: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/v1/public/products',
        headers: { origin, host: 'app.interno:8080' },
        cookies: { session: token },
        payload: { companyId: company.id, products: [{ internalCode: code, description: 'PRODUTO' }] },
      });
    expect((await create('https://app.interno:8080', 'S1')).statusCode).toBe(403);
    expect((await create('http://app.interno:8081', 'S2')).statusCode).toBe(403);
    expect((await create('http://app.interno:8080', 'S3')).statusCode).toBe(200);
  });
});

describe('password throttling', () => {
  it('answers 429 with Retry-After, waits longer after repeated throttles and tells the account owner', async () => {
    const user = await createUser(ctx.db, { role: 'Member', partnerId: s.partnerA.id, name: 'Joana Alvo' });
    const attempt = (n: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/v1/public/users/signin',
        headers: { 'x-forwarded-for': `10.24.0.${n}` },
        payload: { email: user.email, password: 'errada-123' },
      });
    const throttle = async () => {
      let last = await attempt(0);
      for (let i = 1; i <= 12 && last.statusCode !== 429; i++) last = await attempt(i);
      return last;
    };
    const first = await throttle();
    expect(first.statusCode).toBe(429);
    const firstWait = Number(first.headers['retry-after']);
    expect(firstWait).toBeGreaterThan(0);
    expect(firstWait).toBeLessThanOrEqual(60);
    await ctx.app.jobs.drain();
    expect(ctx.outbox.filter((m) => m.to === user.email)).toHaveLength(0);

    // The window ends (moved to the past here) and the guessing goes on: the next throttle lasts longer.
    const key = createHash('sha256').update(`signin:email:${user.email}`).digest('hex');
    await ctx.database.pool.query(`UPDATE rate_limits SET reset_at = now() - interval '1 second' WHERE key = $1`, [
      key,
    ]);
    const second = await throttle();
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(60);
    expect(second.json().detail).toMatch(/Muitas tentativas/);

    await ctx.app.jobs.drain();
    const mails = ctx.outbox.filter((m) => m.to === user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/tentativas/i);
    expect(mails[0]!.text).toContain('Joana Alvo');
  });
});
