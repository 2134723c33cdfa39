import type { TChangesResponse, TWebhook } from '@app/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSessionToken } from '../../../test/auth-helpers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createCompany, createPartner, createProduct, createUser, linkMemberToCompany } from '../../db/factories.js';

/**
 * Issue 35: every integrations route, called with a company-scoped key, a partner-wide key and a session of
 * someone outside, reaches only what its scope covers; feed cursors are exact; unknown keys are throttled.
 */
let ctx: TestContext;
const api = '/v1/public';
const ids = {} as Record<'a' | 'b' | 'c' | 'hookA' | 'hookB' | 'hookC' | 'deliveryB', string>;
const h = {} as Record<'owner' | 'member' | 'stranger' | 'keyA' | 'keyPartner' | 'keyC', Record<string, string>>;

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) {
  return ctx.app.inject({ method, url: `${api}${url}`, headers, ...(payload ? { payload } : {}) });
}

async function newKey(headers: Record<string, string>, body: object): Promise<Record<string, string>> {
  const res = await call('POST', '/api-keys', headers, body);
  expect(res.statusCode).toBe(201);
  return bearer(res.json<{ key: string }>().key);
}

async function newWebhook(companyId: string, headers: Record<string, string>): Promise<string> {
  const res = await call('POST', '/webhooks', headers, {
    companyId,
    url: 'http://127.0.0.1:9/hook',
    events: ['product.changed'],
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string }>().id;
}

beforeAll(async () => {
  ctx = await createTestApp({ webhookAllowPrivate: true, webhookRetryScale: 0 });
  const partner = await createPartner(ctx.db);
  const other = await createPartner(ctx.db);
  const a = await createCompany(ctx.db, { partnerId: partner.id, uf: 'SP', status: 'Active' });
  const b = await createCompany(ctx.db, { partnerId: partner.id, uf: 'SP', status: 'Active' });
  const c = await createCompany(ctx.db, { partnerId: other.id, uf: 'SP', status: 'Active' });
  const owner = await createUser(ctx.db, { role: 'PartnerOwner', partnerId: partner.id });
  const member = await createUser(ctx.db, { role: 'Member', partnerId: partner.id });
  const stranger = await createUser(ctx.db, { role: 'PartnerOwner', partnerId: other.id });
  await linkMemberToCompany(ctx.db, member.id, a.id);
  h.owner = bearer(await createSessionToken(ctx.db, owner.id));
  h.member = bearer(await createSessionToken(ctx.db, member.id));
  h.stranger = bearer(await createSessionToken(ctx.db, stranger.id));
  h.keyA = await newKey(h.owner, { name: 'ERP da empresa A', companyId: a.id });
  h.keyPartner = await newKey(h.owner, { name: 'ERP do grupo' });
  h.keyC = await newKey(h.stranger, { name: 'ERP de outro parceiro', companyId: c.id });
  Object.assign(ids, { a: a.id, b: b.id, c: c.id });
  ids.hookA = await newWebhook(a.id, h.owner);
  ids.hookB = await newWebhook(b.id, h.owner);
  ids.hookC = await newWebhook(c.id, h.stranger);
  const [delivery] = (
    await ctx.db.execute<{ id: string }>(sql`
      INSERT INTO webhook_deliveries (webhook_id, event, body) VALUES (${ids.hookB}, 'webhook.test', '{}') RETURNING id`)
  ).rows;
  ids.deliveryB = delivery!.id;
});

describe('integrations tenancy, for keys as well as sessions', () => {
  it('a company-scoped key lists only its company’s webhooks; a partner key its partner’s; never another partner’s', async () => {
    const listed = async (headers: Record<string, string>, query = '') =>
      (await call('GET', `/webhooks${query}`, headers)).json<TWebhook[]>().map((w) => w.id);
    expect(await listed(h.keyA)).toEqual([ids.hookA]);
    expect((await call('GET', `/webhooks?companyId=${ids.b}`, h.keyA)).statusCode).toBe(404);
    expect((await listed(h.keyPartner)).sort()).toEqual([ids.hookA, ids.hookB].sort());
    expect(await listed(h.member)).toEqual([ids.hookA]);
    expect(await listed(h.stranger)).toEqual([ids.hookC]);
    expect(await listed(h.keyC)).toEqual([ids.hookC]);
  });

  it('every route that names a webhook, delivery or company outside the caller’s scope answers 404 or 403 and changes nothing', async () => {
    const foreign: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['feed', 'GET', `/changes?companyId=${ids.b}`],
      ['webhook list', 'GET', `/webhooks?companyId=${ids.b}`],
      [
        'create webhook',
        'POST',
        '/webhooks',
        { companyId: ids.b, url: 'http://127.0.0.1:9/x', events: ['product.changed'] },
      ],
      ['update webhook', 'PUT', `/webhooks/${ids.hookB}`, { enabled: false }],
      ['deliveries', 'GET', `/webhooks/${ids.hookB}/deliveries`],
      ['redeliver', 'POST', `/webhooks/${ids.hookB}/deliveries/${ids.deliveryB}/redeliver`],
      ['test delivery', 'POST', `/webhooks/${ids.hookB}/test`],
      ['delete webhook', 'DELETE', `/webhooks/${ids.hookB}`],
      ['create key', 'POST', '/api-keys', { name: 'intrusa', companyId: ids.b }],
      ['key list', 'GET', `/api-keys?companyId=${ids.b}`],
    ];
    for (const [who, headers] of [
      ['key of company A', h.keyA],
      ['key of another partner', h.keyC],
      ['member of company A', h.member],
      ['owner of another partner', h.stranger],
    ] as const) {
      for (const [name, method, url, payload] of foreign) {
        const res = await call(method, url, headers, payload);
        expect([403, 404], `${who}: ${name} → ${res.statusCode} ${res.body}`).toContain(res.statusCode);
        expect(res.body).not.toContain(ids.hookB);
      }
    }
    const { rows } = await ctx.db.execute<{ status: string; n: number }>(sql`
      SELECT w.status, (SELECT count(*)::int FROM webhook_deliveries d WHERE d.webhook_id = w.id) AS n
      FROM webhooks w WHERE w.id = ${ids.hookB}`);
    expect(rows).toEqual([{ status: 'Active', n: 1 }]);
    const keysOfB = await ctx.db.execute(sql`SELECT 1 FROM api_keys WHERE company_id = ${ids.b}`);
    expect(keysOfB.rows).toHaveLength(0);
  });
});

describe('change feed cursors', () => {
  it('reads cursors exactly above 2^53 and answers 200 for every cursor the format admits', async () => {
    const p = await createProduct(ctx.db, { companyId: ids.a, internalCode: 'CUR-1' });
    await ctx.db.execute(sql`UPDATE products SET ncm = '09012100' WHERE id = ${p.id}`);
    for (const after of [
      '999999999999999999.999999999999999999',
      '9007199254740993.9007199254740993',
      '000000000000000000.000000000000000000',
      '1.0',
      '0.123456789012345678',
    ]) {
      const res = await call('GET', `/changes?companyId=${ids.a}&after=${after}`, h.keyA);
      expect(res.statusCode, `${after}: ${res.body}`).toBe(200);
      const page = res.json<TChangesResponse>();
      if (page.changes.length === 0) {
        // Nothing after it: "next" is the very position asked for, digit for digit (no rounding to 2^53).
        const [seq, id] = after.split('.').map((d) => BigInt(d));
        expect(page.next).toBe(`${seq}.${id}`);
      }
    }
    const early = (await call('GET', `/changes?companyId=${ids.a}&after=0.0`, h.keyA)).json<TChangesResponse>();
    expect(early.changes.length).toBeGreaterThan(0);
  });

  it('refuses a cursor the format does not admit with a Portuguese 400, never a 500', async () => {
    for (const after of ['1234567890123456789.1', '1.1.1', '-1.0', '1e3.0', 'abc', '1.']) {
      const res = await call('GET', `/changes?companyId=${ids.a}&after=${encodeURIComponent(after)}`, h.keyA);
      expect(res.statusCode, after).toBe(400);
      expect(res.body).toMatch(/cursor/i);
      expect(res.body).not.toMatch(/Invalid|Expected|regex/);
    }
  });
});

describe('unknown and revoked keys', () => {
  it('are throttled per IP like sign-ins: 429 with Retry-After once over the limit', async () => {
    const from = '198.51.100.77';
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 12; i++) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `${api}/changes?companyId=${ids.a}`,
        headers: bearer(`erp_${'x'.repeat(40)}${i}`),
        remoteAddress: from,
      });
      statuses.push(res.statusCode);
      retryAfter ??= res.headers['retry-after'] as string | undefined;
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // Another address is not held back by this one's guesses, and a valid key still works from it.
    const other = await ctx.app.inject({
      method: 'GET',
      url: `${api}/changes?companyId=${ids.a}`,
      headers: h.keyA,
      remoteAddress: '198.51.100.78',
    });
    expect(other.statusCode).toBe(200);
  });
});
