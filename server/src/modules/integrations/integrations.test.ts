import type { TApiKey, TChangesResponse, TProductChange, TWebhookDelivery } from '@app/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSessionToken } from '../../../test/auth-helpers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import {
  createCompany,
  createFiscalRule,
  createPartner,
  createProduct,
  createUser,
  linkMemberToCompany,
} from '../../db/factories.js';
import { DELIVER_WEBHOOK_JOB, DISPATCH_WEBHOOKS_JOB } from './integrations.codes.js';
import { startReceiver } from './test-receiver.js';
import { dispatchCompany } from './webhooks/dispatch.service.js';

let ctx: TestContext;
const h = {} as Record<'owner' | 'member' | 'readOnly' | 'stranger', Record<string, string>>;
const ids = {} as Record<'a' | 'b' | 'c' | 'owner', string>;
let ownerName = '';
const api = '/v1/public';

async function createKey(headers: Record<string, string>, body: object) {
  return ctx.app.inject({ method: 'POST', url: `${api}/api-keys`, headers, payload: body });
}

async function readFeed(headers: Record<string, string>, companyId: string, after?: string, limit = 1000) {
  const q = new URLSearchParams({ companyId, limit: String(limit), ...(after ? { after } : {}) });
  return ctx.app.inject({ method: 'GET', url: `${api}/changes?${q}`, headers });
}

async function feedAll(companyId: string, after?: string): Promise<TProductChange[]> {
  const res = await readFeed(h.owner, companyId, after);
  expect(res.statusCode).toBe(200);
  return res.json<TChangesResponse>().changes;
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
  const readOnly = await createUser(ctx.db, { role: 'Member', partnerId: partner.id, permissions: ['Read'] });
  const stranger = await createUser(ctx.db, { role: 'PartnerOwner', partnerId: other.id });
  await linkMemberToCompany(ctx.db, member.id, a.id);
  await linkMemberToCompany(ctx.db, readOnly.id, a.id);
  for (const [k, u] of Object.entries({ owner, member, readOnly, stranger })) {
    h[k as keyof typeof h] = bearer(await createSessionToken(ctx.db, u.id));
  }
  Object.assign(ids, { a: a.id, b: b.id, c: c.id, owner: owner.id });
  ownerName = owner.name;
});

describe('API keys', () => {
  it('a company key reaches its company only; a partner key every company of the partner, never another partner', async () => {
    const company = await createKey(h.owner, { name: 'ERP matriz', companyId: ids.a });
    expect(company.statusCode).toBe(201);
    const { key } = company.json<{ key: string }>();
    expect(key).toMatch(/^erp_/);
    expect((await readFeed(bearer(key), ids.a)).statusCode).toBe(200);
    expect((await readFeed(bearer(key), ids.b)).statusCode).toBe(404);

    const partner = await createKey(h.owner, { name: 'ERP grupo' });
    const partnerKey = partner.json<{ key: string }>().key;
    expect((await readFeed(bearer(partnerKey), ids.a)).statusCode).toBe(200);
    expect((await readFeed(bearer(partnerKey), ids.b)).statusCode).toBe(200);
    expect((await readFeed(bearer(partnerKey), ids.c)).statusCode).toBe(404);
  });

  it('Members create keys only for their linked companies, with write access, never partner-wide', async () => {
    expect((await createKey(h.member, { name: 'ERP loja', companyId: ids.a })).statusCode).toBe(201);
    expect((await createKey(h.member, { name: 'ERP loja', companyId: ids.b })).statusCode).toBe(404);
    const wide = await createKey(h.member, { name: 'ERP loja' });
    expect(wide.statusCode).toBe(400);
    // The message names the field in words, not by its id (issue 38).
    expect(wide.json().detail).toBe(
      'Escolha a empresa da chave: só a equipe do parceiro cria chaves para todas as empresas.',
    );
    expect((await createKey(h.readOnly, { name: 'ERP loja', companyId: ids.a })).statusCode).toBe(403);
    const blank = await createKey(h.owner, { name: '  ', companyId: ids.a });
    expect(blank.statusCode).toBe(400);
    expect(JSON.stringify(blank.json().errors)).toContain('nome da chave');
  });

  it('lists name, scope and last use — never the key — and only to those who manage it', async () => {
    const { key } = (await createKey(h.owner, { name: 'ERP listado', companyId: ids.a })).json<{ key: string }>();
    await readFeed(bearer(key), ids.a);
    const list = (await ctx.app.inject({ method: 'GET', url: `${api}/api-keys`, headers: h.owner })).json<TApiKey[]>();
    const listed = list.find((k) => k.name === 'ERP listado');
    expect(listed).toMatchObject({ scope: 'company', companyId: ids.a });
    expect(listed?.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(list)).not.toContain(key);
    expect(list.some((k) => k.scope === 'partner')).toBe(true);
    const foreign = (await ctx.app.inject({ method: 'GET', url: `${api}/api-keys`, headers: h.stranger })).json();
    expect(foreign).toEqual([]);
    const del = await ctx.app.inject({ method: 'DELETE', url: `${api}/api-keys/${listed!.id}`, headers: h.stranger });
    expect(del.statusCode).toBe(404);
  });

  it('a key is refused on routes not opened to keys, and cannot mint keys', async () => {
    const { key } = (await createKey(h.owner, { name: 'ERP limitado', companyId: ids.a })).json<{ key: string }>();
    const me = await ctx.app.inject({ method: 'GET', url: `${api}/users/me`, headers: bearer(key) });
    expect(me.statusCode).toBe(403);
    expect(me.json().code).toBe('API_KEY_ROUTE_REFUSED');
    expect((await createKey(bearer(key), { name: 'outra', companyId: ids.a })).statusCode).toBe(403);
  });

  it("audits a key's writes under the key's name", async () => {
    const { key } = (await createKey(h.owner, { name: 'ERP Protheus', companyId: ids.a })).json<{ key: string }>();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${api}/products`,
      headers: bearer(key),
      payload: { companyId: ids.a, products: [{ internalCode: 'ERP-1', description: 'CAFE TORRADO 500G', gtin: '' }] },
    });
    expect(res.statusCode).toBe(200);
    const events = await ctx.db.execute<{ actor_name: string; actor_id: string }>(
      sql`SELECT actor_name, actor_id FROM audit_events WHERE company_id = ${ids.a} AND code = 3001`,
    );
    expect(events.rows).toContainEqual({ actor_name: 'ERP Protheus (chave de API)', actor_id: ids.owner });
  });

  it('revocation is immediate: the next call answers 401', async () => {
    const created = (await createKey(h.owner, { name: 'ERP revogado', companyId: ids.a })).json<{
      id: string;
      key: string;
    }>();
    expect((await readFeed(bearer(created.key), ids.a)).statusCode).toBe(200);
    const del = await ctx.app.inject({ method: 'DELETE', url: `${api}/api-keys/${created.id}`, headers: h.owner });
    expect(del.statusCode).toBe(200);
    expect((await readFeed(bearer(created.key), ids.a)).statusCode).toBe(401);
    // Still listed, as revoked: who and when (issue 38); after every live key.
    const list = (await ctx.app.inject({ method: 'GET', url: `${api}/api-keys`, headers: h.owner })).json<TApiKey[]>();
    const revoked = list.find((k) => k.id === created.id);
    expect(revoked?.revokedBy).toBe(ownerName);
    expect(Date.now() - Date.parse(revoked?.revokedAt ?? '')).toBeLessThan(60_000);
    const firstRevoked = list.findIndex((k) => k.revokedAt !== null);
    expect(list.slice(firstRevoked).every((k) => k.revokedAt !== null)).toBe(true);
    expect(list.slice(0, firstRevoked).every((k) => k.revokedBy === null)).toBe(true);
    // Revoking it again: already revoked, nothing changes.
    const again = await ctx.app.inject({ method: 'DELETE', url: `${api}/api-keys/${created.id}`, headers: h.owner });
    expect(again.statusCode).toBe(404);
  });

  it('rate-limits each key in PostgreSQL', async () => {
    const created = (await createKey(h.owner, { name: 'ERP apressado', companyId: ids.a })).json<{
      id: string;
      key: string;
    }>();
    await ctx.db.execute(sql`
      INSERT INTO rate_limits (key, hits, reset_at)
      VALUES (encode(sha256(${`api-key:${created.id}`}::bytea), 'hex'), 600, now() + interval '1 minute')`);
    expect((await readFeed(bearer(created.key), ids.a)).statusCode).toBe(429);
  });
});

describe('change feed', () => {
  it('records every change of fiscal data in the writing transaction, and nothing else', async () => {
    const company = await createCompany(ctx.db, { partnerId: (await createPartner(ctx.db)).id, uf: 'SP' });
    const staff = await createUser(ctx.db, { role: 'PartnerOwner', partnerId: company.partnerId });
    const headers = bearer(await createSessionToken(ctx.db, staff.id));
    const rule = await createFiscalRule(ctx.db, { uf: 'SP' });
    const p = await createProduct(ctx.db, { companyId: company.id, internalCode: 'A1' });
    await ctx.db.execute(sql`UPDATE products SET ncm = '09012100' WHERE id = ${p.id}`);
    await ctx.db.execute(sql`UPDATE products SET updated_at = now() + interval '1 second' WHERE id = ${p.id}`);
    await ctx.db.execute(sql`
      UPDATE products SET fiscal_rule_id = ${rule.id}, fiscal_rule_since = now(), status = 'F', fiscal_rule_status = 'Unchecked'
      WHERE id = ${p.id}`);
    // A new version of the rule with a different ICMS rate changes what the linked product pays.
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE fiscal_rule_versions SET valid_to = now() WHERE id = ${rule.currentVersionId}`);
      await tx.execute(sql`
        INSERT INTO fiscal_rule_versions
        SELECT (jsonb_populate_record(NULL::fiscal_rule_versions, to_jsonb(v) || jsonb_build_object(
          'id', '00000000-0000-4000-8000-000000000701', 'valid_from', now(), 'valid_to', NULL, 'aliq_icms', 19.5))).*
        FROM fiscal_rule_versions v WHERE v.id = ${rule.currentVersionId}`);
      await tx.execute(sql`
        UPDATE fiscal_rules SET current_version_id = '00000000-0000-4000-8000-000000000701' WHERE id = ${rule.id}`);
    });
    await ctx.db.execute(sql`DELETE FROM products WHERE id = ${p.id}`);

    const res = await readFeed(headers, company.id);
    const changes = res.json<TChangesResponse>().changes;
    expect(changes.map((c) => c.event)).toEqual([
      'product.created',
      'product.changed',
      'product.changed',
      'product.rule_version_changed',
      'product.deleted',
    ]);
    expect(changes[1]).toMatchObject({ before: { ncm: null }, after: { ncm: '09012100' }, internalCode: 'A1' });
    expect(changes[2]?.after).toMatchObject({ status: 'F', fiscalRuleId: rule.id });
    expect(changes[3]?.after?.fiscalRuleVersionId).toBe('00000000-0000-4000-8000-000000000701');
    expect(changes[4]).toMatchObject({ after: null, before: { internalCode: 'A1' } });
    // Foreign companies' feeds read as not found.
    expect((await readFeed(h.stranger, company.id)).statusCode).toBe(404);
  });

  it('pages by cursor without skipping or repeating', async () => {
    for (let i = 0; i < 7; i++) await createProduct(ctx.db, { companyId: ids.b, internalCode: `PG-${i}` });
    const all = await feedAll(ids.b);
    const seen: string[] = [];
    let after: string | undefined;
    for (;;) {
      const page = (await readFeed(h.owner, ids.b, after, 2)).json<TChangesResponse>();
      if (page.changes.length === 0) {
        expect(page.next).toBe(after);
        break;
      }
      seen.push(...page.changes.map((c) => c.cursor));
      after = page.next;
    }
    expect(seen).toEqual(all.map((c) => c.cursor));
    expect(new Set(seen).size).toBe(seen.length);
    expect((await readFeed(h.owner, ids.b, 'x.1')).statusCode).toBe(400);
  });

  it('a transaction that wrote first but commits last is read after the cursor, never skipped', async () => {
    const first = await createProduct(ctx.db, { companyId: ids.b, internalCode: 'SLOW' });
    const second = await createProduct(ctx.db, { companyId: ids.b, internalCode: 'FAST' });
    const start = (await readFeed(h.owner, ids.b)).json<TChangesResponse>().next;
    const slow = await ctx.database.pool.connect();
    try {
      await slow.query('BEGIN');
      await slow.query(`UPDATE products SET ncm = '22021000' WHERE id = $1`, [first.id]);
      // The slow writer's event exists (lower id), uncommitted; a fast writer commits after it.
      await ctx.db.execute(sql`UPDATE products SET ncm = '22030000' WHERE id = ${second.id}`);
      const page = (await readFeed(h.owner, ids.b, start)).json<TChangesResponse>();
      expect(page.changes.map((c) => c.internalCode)).toEqual(['FAST']);
      await slow.query('COMMIT');
      const rest = (await readFeed(h.owner, ids.b, page.next)).json<TChangesResponse>();
      expect(rest.changes.map((c) => c.internalCode)).toEqual(['SLOW']);
    } finally {
      slow.release();
    }
  });
});

describe('webhooks', () => {
  it('delivers signed messages, retries with the same webhook-id, and redelivers on request', async () => {
    const receiver = await startReceiver();
    try {
      const created = await ctx.app.inject({
        method: 'POST',
        url: `${api}/webhooks`,
        headers: h.owner,
        payload: { companyId: ids.a, url: `${receiver.url}/hook`, events: ['product.changed'] },
      });
      expect(created.statusCode).toBe(201);
      const { id, secret } = created.json<{ id: string; secret: string }>();
      expect(secret).toMatch(/^whsec_/);
      receiver.secret = secret;
      receiver.failNext = 2;

      const p = await createProduct(ctx.db, { companyId: ids.a, internalCode: 'WH-1' });
      await ctx.db.execute(sql`UPDATE products SET cest = '1700100' WHERE id = ${p.id}`);
      await ctx.app.jobs.send(DISPATCH_WEBHOOKS_JOB, { companyId: ids.a });
      await ctx.app.jobs.drain(DISPATCH_WEBHOOKS_JOB);
      for (let i = 0; i < 3; i++) await ctx.app.jobs.drain(DELIVER_WEBHOOK_JOB);

      // product.created is not subscribed: one message, three attempts (two 500s, then 204), one webhook-id.
      expect(receiver.received.length).toBe(3);
      expect(new Set(receiver.received.map((r) => r.id)).size).toBe(1);
      expect(receiver.received.every((r) => r.signatureValid)).toBe(true);
      const body = JSON.parse(receiver.received[2]!.body);
      expect(body).toMatchObject({
        type: 'product.changed',
        data: { internalCode: 'WH-1', after: { cest: '1700100' } },
      });

      const log = (
        await ctx.app.inject({ method: 'GET', url: `${api}/webhooks/${id}/deliveries`, headers: h.owner })
      ).json<TWebhookDelivery[]>();
      expect(log[0]).toMatchObject({ status: 'Succeeded', attempts: 3, responseStatus: 204 });
      expect(log[0]?.webhookId).toBe(receiver.received[0]!.id);

      const again = await ctx.app.inject({
        method: 'POST',
        url: `${api}/webhooks/${id}/deliveries/${log[0]!.id}/redeliver`,
        headers: h.owner,
      });
      expect(again.statusCode).toBe(202);
      await ctx.app.jobs.drain(DELIVER_WEBHOOK_JOB);
      expect(receiver.received.at(-1)?.id).toBe(receiver.received[0]!.id);

      const test = await ctx.app.inject({ method: 'POST', url: `${api}/webhooks/${id}/test`, headers: h.owner });
      expect(test.statusCode).toBe(202);
      await ctx.app.jobs.drain(DELIVER_WEBHOOK_JOB);
      expect(JSON.parse(receiver.received.at(-1)!.body).type).toBe('webhook.test');
      expect(receiver.received.at(-1)?.signatureValid).toBe(true);
    } finally {
      await receiver.close();
    }
  });

  it('a dispatch that finds the webhook locked by another waits, then sends what committed meanwhile', async () => {
    const { id } = (
      await ctx.app.inject({
        method: 'POST',
        url: `${api}/webhooks`,
        headers: h.owner,
        payload: { companyId: ids.b, url: 'http://127.0.0.1:9/hook', events: ['product.changed'] },
      })
    ).json<{ id: string }>();
    const p = await createProduct(ctx.db, { companyId: ids.b, internalCode: 'LOCKED-1' });
    const holder = await ctx.database.pool.connect();
    try {
      // Another dispatch holds the webhook; a change commits after it read the feed.
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM webhooks WHERE id = $1 FOR UPDATE', [id]);
      await ctx.db.execute(sql`UPDATE products SET ncm = '22021000' WHERE id = ${p.id}`);
      const second = dispatchCompany(ctx.app, ids.b);
      await new Promise((r) => setTimeout(r, 200));
      await holder.query('COMMIT');
      expect(await second).toBe(1);
    } finally {
      holder.release();
    }
    await ctx.db.execute(sql`UPDATE webhooks SET status = 'Disabled' WHERE id = ${id}`);
  });

  it('does not follow redirects, and disables a webhook failing for 24 h with an e-mail to its owner', async () => {
    const receiver = await startReceiver();
    try {
      const { id, secret } = (
        await ctx.app.inject({
          method: 'POST',
          url: `${api}/webhooks`,
          headers: h.owner,
          payload: { companyId: ids.a, url: `${receiver.url}/redirect`, events: ['product.changed'] },
        })
      ).json<{ id: string; secret: string }>();
      expect(id).toBeDefined();
      receiver.secret = secret;
      await ctx.db.execute(sql`UPDATE webhooks SET failing_since = now() - interval '25 hours' WHERE id = ${id}`);
      await ctx.app.inject({ method: 'POST', url: `${api}/webhooks/${id}/test`, headers: h.owner });
      await ctx.app.jobs.drain(DELIVER_WEBHOOK_JOB);
      expect(receiver.received.map((r) => r.path)).toEqual(['/redirect']);
      const [hook] = (
        await ctx.app.inject({ method: 'GET', url: `${api}/webhooks?companyId=${ids.a}`, headers: h.owner })
      )
        .json<{ id: string; status: string }[]>()
        .filter((w) => w.id === id);
      expect(hook?.status).toBe('Disabled');
      const log = (
        await ctx.app.inject({ method: 'GET', url: `${api}/webhooks/${id}/deliveries`, headers: h.owner })
      ).json<TWebhookDelivery[]>();
      expect(log[0]).toMatchObject({ responseStatus: 302, attempts: 1 });
      expect(ctx.outbox.some((m) => m.subject.includes('Webhook desativado') && m.text.includes('/redirect'))).toBe(
        true,
      );
    } finally {
      await receiver.close();
    }
  });

  it('keeps webhooks within the tenant and refuses bad input with the field named', async () => {
    const bad = await ctx.app.inject({
      method: 'POST',
      url: `${api}/webhooks`,
      headers: h.owner,
      payload: { companyId: ids.a, url: 'ftp://x', events: [] },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().errors)).toContain('URL');
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: `${api}/webhooks`,
      headers: h.stranger,
      payload: { companyId: ids.a, url: 'https://example.com/x', events: ['product.changed'] },
    });
    expect(foreign.statusCode).toBe(404);
    const theirs = (await ctx.app.inject({ method: 'GET', url: `${api}/webhooks`, headers: h.stranger })).json<
      unknown[]
    >();
    expect(theirs).toEqual([]);
  });
});
