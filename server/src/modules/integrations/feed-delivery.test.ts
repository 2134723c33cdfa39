import { type TChangesResponse, ZChangesResponse } from '@app/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSessionToken } from '../../../test/auth-helpers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createCompany, createPartner, createProduct, createUser } from '../../db/factories.js';
import { DISPATCH_WEBHOOKS_JOB } from './integrations.codes.js';
import { startReceiver } from './test-receiver.js';
import { DISPATCH_BATCH } from './webhooks/dispatch.service.js';

// Workers on, as in production: deliveries leave through the change listener and the job workers alone.
let ctx: TestContext;
let headers: Record<string, string>;
let companyId: string;
const api = '/v1/public';

beforeAll(async () => {
  ctx = await createTestApp({ webhookAllowPrivate: true, webhookRetryScale: 0, jobWorkers: true });
  await ctx.app.ready();
  const partner = await createPartner(ctx.db);
  companyId = (await createCompany(ctx.db, { partnerId: partner.id, uf: 'SP', status: 'Active' })).id;
  const owner = await createUser(ctx.db, { role: 'PartnerOwner', partnerId: partner.id });
  headers = bearer(await createSessionToken(ctx.db, owner.id));
});
afterAll(() => ctx.app.close());

describe('change feed page', () => {
  it('keeps codes and descriptions exact through the stored JSON, and pages across a commit', async () => {
    const tricky = 'CÓD "7" \\ barra\ttab';
    await ctx.db.transaction(async (tx) => {
      for (let i = 0; i < 5; i++) {
        await tx.execute(sql`
          INSERT INTO products (company_id, internal_code, description, gtin)
          VALUES (${companyId}, ${`${tricky} ${i}`}, ${`DESCRIÇÃO "${i}" ☕`}, ${`789${i}`})`);
      }
    });
    await ctx.db.execute(sql`UPDATE products SET ncm = '22021000', cest = '0300700' WHERE company_id = ${companyId}`);
    const seen: TChangesResponse['changes'] = [];
    let after: string | undefined;
    for (;;) {
      const q = new URLSearchParams({ companyId, limit: '3', ...(after ? { after } : {}) });
      const res = await ctx.app.inject({ method: 'GET', url: `${api}/changes?${q}`, headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const page = JSON.parse(res.body);
      // Exactly what the schema admits: nothing dropped or changed by parsing it.
      expect(ZChangesResponse.parse(page)).toEqual(page);
      if (page.changes.length === 0) break;
      seen.push(...page.changes);
      after = page.next;
    }
    expect(seen.map((c) => c.event)).toEqual([
      ...Array(5).fill('product.created'),
      ...Array(5).fill('product.changed'),
    ]);
    expect(new Set(seen.map((c) => c.cursor)).size).toBe(10);
    expect(seen[0]).toMatchObject({
      internalCode: `${tricky} 0`,
      before: null,
      after: { internalCode: `${tricky} 0`, description: 'DESCRIÇÃO "0" ☕', gtin: '7890', ncm: null, status: 'P' },
    });
    expect(seen[9]).toMatchObject({ before: { ncm: null, cest: null }, after: { ncm: '22021000', cest: '0300700' } });
  });
});

describe('webhook delivery by the workers', () => {
  it('delivers a burst of single-product commits within seconds, each once, in a worker batch', async () => {
    const receiver = await startReceiver();
    try {
      const created = await ctx.app.inject({
        method: 'POST',
        url: `${api}/webhooks`,
        headers,
        payload: { companyId, url: `${receiver.url}/hook`, events: ['product.changed'] },
      });
      expect(created.statusCode).toBe(201);
      receiver.secret = created.json<{ secret: string }>().secret;
      const p = await createProduct(ctx.db, { companyId, internalCode: 'BURST' });
      const started = Date.now();
      // 25 commits: more than one batch of the delivery worker (10).
      for (let i = 0; i < 25; i++) {
        await ctx.db.execute(sql`UPDATE products SET description = ${`BURST ${i}`} WHERE id = ${p.id}`);
      }
      for (let i = 0; i < 200 && receiver.received.length < 25; i++) await new Promise((r) => setTimeout(r, 50));
      const descriptions = receiver.received.map((r) => JSON.parse(r.body).data.after.description as string);
      expect(descriptions.sort()).toEqual(Array.from({ length: 25 }, (_, i) => `BURST ${i}`).sort());
      expect(receiver.received.every((r) => r.signatureValid)).toBe(true);
      // Well inside the polls a delivery used to wait for (one second per job of the queue).
      expect(Date.now() - started).toBeLessThan(8000);
    } finally {
      await receiver.close();
    }
  });

  it('dispatches a commit of more events than one batch in the same run, each delivered once', async () => {
    const partner = await createPartner(ctx.db);
    const other = (await createCompany(ctx.db, { partnerId: partner.id, uf: 'SP', status: 'Active' })).id;
    const owner = await createUser(ctx.db, { role: 'PartnerOwner', partnerId: partner.id });
    const auth = bearer(await createSessionToken(ctx.db, owner.id));
    const receiver = await startReceiver();
    try {
      const created = await ctx.app.inject({
        method: 'POST',
        url: `${api}/webhooks`,
        headers: auth,
        payload: { companyId: other, url: `${receiver.url}/hook`, events: ['product.changed'] },
      });
      expect(created.statusCode).toBe(201);
      receiver.secret = created.json<{ secret: string }>().secret;
      const n = DISPATCH_BATCH * 2 + 1;
      await ctx.db.execute(sql`
        INSERT INTO products (company_id, internal_code, description)
        SELECT ${other}, 'LOTE-' || g, 'PRODUTO ' || g FROM generate_series(1, ${n}) g`);
      const queuedBefore = await dispatchJobs();
      // One commit, three batches of the dispatch.
      await ctx.db.execute(sql`UPDATE products SET ncm = '22021000' WHERE company_id = ${other}`);
      for (let i = 0; i < 400 && receiver.received.length < n; i++) await new Promise((r) => setTimeout(r, 50));
      const ids = receiver.received.map((r) => JSON.parse(r.body).data.productId as string);
      expect(ids).toHaveLength(n);
      expect(new Set(ids).size).toBe(n);
      expect(receiver.received.every((r) => r.signatureValid)).toBe(true);
      // The run went on to the next batch itself: no job was queued to continue it.
      expect(await dispatchJobs()).toBe(queuedBefore);
    } finally {
      await receiver.close();
    }
  });
});

async function dispatchJobs(): Promise<number> {
  const res = await ctx.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${DISPATCH_WEBHOOKS_JOB}`,
  );
  return res.rows[0]!.n;
}
