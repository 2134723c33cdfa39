/**
 * ERP sync figures (issue 23, decision 032): `npx tsx bench/erp-sync-bench.ts`.
 *  - fan-out overhead: one transaction classifying 10k Pending products of a company (the fan-out's UPDATE
 *    shape), with the feed trigger on vs. off (baseline, same run), rolled back, 3 runs each, medians;
 *  - feed read: 100k events of one company (10 commits of 10k) read in pages of 1,000 through the route's query.
 * Delivery latency (commit → receiver p95) is not measured here yet.
 */
import { sql } from 'drizzle-orm';
import { createCompany, createFiscalRule, createPartner } from '../server/src/db/factories.js';
import { findChangesAfter } from '../server/src/modules/integrations/changes/changes.repository.js';
import { startBenchCluster } from './lib/cluster.js';

const N = 10_000;
const cluster = await startBenchCluster();
const { db, pool } = cluster.database;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
try {
  const partner = await createPartner(db);
  const company = await createCompany(db, { partnerId: partner.id, uf: 'SP' });
  const rule = await createFiscalRule(db, { uf: 'SP' });
  await pool.query(
    `INSERT INTO products (company_id, internal_code, description, gtin)
     SELECT $1, 'B-' || g, 'PRODUTO ' || g, lpad(g::text, 14, '0') FROM generate_series(1, ${N}) g`,
    [company.id],
  );
  await pool.query('VACUUM ANALYZE products');

  const classify = async (withFeed: boolean) => {
    const c = await pool.connect();
    try {
      await c.query('BEGIN');
      if (!withFeed) await c.query('ALTER TABLE products DISABLE TRIGGER product_changes_update');
      const t = performance.now();
      await c.query(
        `UPDATE products SET status = 'F', ncm = '22021000', fiscal_service_reference_code = 'G-1',
          fiscal_rule_id = $2, fiscal_rule_since = now(), fiscal_rule_status = 'Unchecked', updated_at = now()
         WHERE company_id = $1 AND status = 'P'`,
        [company.id, rule.id],
      );
      const ms = performance.now() - t;
      const events = (await c.query(`SELECT count(*)::int AS n FROM product_changes WHERE xid = pg_current_xact_id()`))
        .rows[0].n;
      await c.query('ROLLBACK');
      return { ms, events };
    } finally {
      c.release();
    }
  };
  const off: number[] = [];
  const on: number[] = [];
  let events = 0;
  for (let i = 0; i < 3; i++) {
    off.push((await classify(false)).ms);
    const r = await classify(true);
    on.push(r.ms);
    events = r.events;
  }
  console.log(
    `fan-out UPDATE of ${N} products: baseline (no feed) median ${median(off).toFixed(0)} ms, with feed ${median(on).toFixed(0)} ms ` +
      `(+${((median(on) / median(off) - 1) * 100).toFixed(1)} %), ${events} events`,
  );

  for (let i = 0; i < 10; i++) {
    await pool.query(
      `UPDATE products SET description = 'PRODUTO ' || internal_code || ' v${i}' WHERE company_id = $1`,
      [company.id],
    );
  }
  const total = (await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM product_changes`)).rows[0]!.n;
  const t = performance.now();
  let read = 0;
  let seq = 0;
  let id = 0;
  for (;;) {
    const page = await findChangesAfter(db, company.id, seq, id, 1000);
    if (page.length === 0) break;
    read += page.length;
    seq = page.at(-1)!.seq;
    id = page.at(-1)!.id;
  }
  console.log(`feed read: ${read} of ${total} events in pages of 1,000: ${(performance.now() - t).toFixed(0)} ms`);
} finally {
  await cluster.stop();
}
