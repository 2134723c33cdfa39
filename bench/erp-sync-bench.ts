/**
 * ERP sync figures (issue 23, decisions 032 and 044): `npx tsx bench/erp-sync-bench.ts`.
 *  - fan-out: one transaction classifying BENCH_PRODUCTS (10,000) Pending products of a company (the fan-out's
 *    UPDATE shape), rolled back; BENCH_RUNS (3) runs of each variant, medians: no feed trigger (the baseline),
 *    the feed trigger of migration 0700 (put back inside the rolled-back transaction) and the current one.
 *    Wall time and the PostgreSQL backend's CPU time (/proc/<pid>/stat) of the UPDATE. Then the same for the
 *    fan-out job's own statement (classifyPendingByGtin: UPDATE, audit items, history, audit events) over the
 *    same products, their GTINs put in the global base.
 *  - feed read: BENCH_FEED_COMMITS (10) commits changing every product (+ the creations: 110k events) read in
 *    pages of 1,000: the raw SQL of the same pages (pg driver, one pool) beside GET /changes over HTTP through
 *    the real server bundle (what an ERP sees).
 *  - delivery latency: the real server (workers on) delivers `product.changed` to a local HTTP receiver while
 *    the bench commits BENCH_RATE (1,000) single-product changes per minute for BENCH_LATENCY_SECONDS (60);
 *    latency = receive time − the writer's COMMIT return time (same clock), p50/p95/max; beside it, the
 *    same receiver reached directly by the writer after each commit (the HTTP floor).
 *  - burst (with latency): one commit changing every product (a fan-out's shape): time until the receiver has
 *    all BENCH_PRODUCTS deliveries, deliveries/s and server CPU per delivery.
 * BENCH_PARTS (fanout,feed,latency,burst) picks parts. Raw output: bench/results/erp-sync-*.txt when BENCH_SAVE=1.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import {
  createCompany,
  createFiscalRule,
  createPartner,
  createSessionToken,
  createUser,
} from '../server/src/db/factories.js';
import { auditCodes } from '../server/src/lib/audit.js';
import { AUDIT } from '../server/src/modules/classifying/classifying.codes.js';
import { classifyPendingByGtin, insertFanout } from '../server/src/modules/classifying/fanout/fanout.repository.js';
import { startBenchCluster } from './lib/cluster.js';
import { loadAverage, processCpuSeconds, repoRoot, type ServerProcess, startServer, stats } from './lib/measure.js';

const N = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const FEED_COMMITS = Number(process.env.BENCH_FEED_COMMITS ?? 10);
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const LATENCY_S = Number(process.env.BENCH_LATENCY_SECONDS ?? 60);
const PARTS = (process.env.BENCH_PARTS ?? 'fanout,feed,latency,burst').split(',');
const PAGE = 1000;
const BURST_NCM = '22029900';

const cluster = await startBenchCluster();
const { db, pool } = cluster.database;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const backendCpuMs = async (c: pg.PoolClient) => {
  const pid = (await c.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number;
  return () => processCpuSeconds(pid) * 1000;
};
let server: ServerProcess | null = null;
console.log(`load before: ${loadAverage().join(' ')}`);
try {
  const partner = await createPartner(db);
  const company = await createCompany(db, { partnerId: partner.id, uf: 'SP' });
  const owner = await createUser(db, { partnerId: partner.id, role: 'PartnerOwner' });
  const rule = await createFiscalRule(db, { uf: 'SP' });
  await pool.query(
    `INSERT INTO products (company_id, internal_code, description, gtin)
     SELECT $1, 'B-' || g, 'PRODUTO ' || g, lpad(g::text, 14, '0') FROM generate_series(1, ${N}) g`,
    [company.id],
  );
  await pool.query('VACUUM ANALYZE products');

  if (PARTS.includes('fanout')) {
    await benchFanout('bare UPDATE', async (c) => {
      await c.query(
        `UPDATE products SET status = 'F', ncm = '22021000', fiscal_service_reference_code = 'G-1',
          fiscal_rule_id = $2, fiscal_rule_since = now(), fiscal_rule_status = 'Unchecked', updated_at = now()
         WHERE company_id = $1 AND status = 'P'`,
        [company.id, rule.id],
      );
    });
    await pool.query(
      `INSERT INTO global_products (code, description, gtin, ncm)
       SELECT 'FAN-' || g, 'PRODUTO ' || g, lpad(g::text, 14, '0'), '22021000' FROM generate_series(1, ${N}) g`,
    );
    const fanoutId = await insertFanout(db, { source: 'Create', userId: owner.id, companies: 1, products: N, jobs: 1 });
    const gtins = (await pool.query(`SELECT gtin FROM products WHERE company_id = $1`, [company.id])).rows.map(
      (r) => r.gtin as string,
    );
    await benchFanout('fan-out job statement', async (c) => {
      // The job's statement (fanout.repository.ts) on this connection: its transaction is the bench's.
      await classifyPendingByGtin(onClient(c), {
        steps: [{ companyId: company.id, gtins }],
        actor: { id: owner.id, name: 'Bench' },
        fanoutId,
        audit: { code: AUDIT.classifiedByGlobal, description: auditCodes[AUDIT.classifiedByGlobal]!.description },
      });
    });
  }
  if (PARTS.includes('feed') || PARTS.includes('latency')) {
    process.env.WEBHOOK_ALLOW_PRIVATE = 'true';
    server = await startServer(cluster.url, cluster.dir);
  }
  const token = await createSessionToken(db, owner.id);
  if (PARTS.includes('feed')) await benchFeed(company.id, token);
  if (PARTS.includes('latency')) await benchLatency(company.id, token);
  console.log(`load after: ${loadAverage().join(' ')}`);
} finally {
  await server?.stop();
  await cluster.stop();
}

/** 0700's update trigger (whole-row to_jsonb through a function PostgreSQL cannot inline), for comparison. */
function previousTriggerSql(): string {
  const text = readFileSync(path.join(repoRoot, 'server/src/db/migrations/0700_erp_sync.sql'), 'utf8');
  const view = /CREATE FUNCTION product_change_view[\s\S]*?\n\$\$;/.exec(text)![0];
  const update = /CREATE FUNCTION record_product_changes_update[\s\S]*?END \$\$;/.exec(text)![0];
  return `${view};\n${update.replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION')}`.replace(/;;/g, ';');
}

/** A drizzle database whose statements run on one pool client (inside the bench's own transaction). */
function onClient(c: pg.PoolClient): typeof db {
  return drizzle(c) as unknown as typeof db;
}

async function benchFanout(what: string, statement: (c: pg.PoolClient) => Promise<void>) {
  type Variant =
    | 'no feed'
    | '0700 trigger'
    | 'current trigger'
    | 'no feed, after single-row edits'
    | 'current, after single-row edits';
  const classify = async (variant: Variant) => {
    // The single-edits variant needs a session of its own: PL/pgSQL keeps the plan made at a trigger's first
    // run in the session, and the pool's sessions have already run the triggers over 10,000 rows.
    const edited = variant.endsWith('after single-row edits');
    const own = edited ? new pg.Pool({ connectionString: cluster.url, max: 1 }) : null;
    const c = await (own ?? pool).connect();
    try {
      const cpu = await backendCpuMs(c);
      await c.query('BEGIN');
      if (variant.startsWith('no feed')) await c.query('ALTER TABLE products DISABLE TRIGGER product_changes_update');
      if (variant === '0700 trigger') await c.query(previousTriggerSql());
      // A connection that served single edits first (0862 plans the transition-table joins per statement;
      // before it, 18 s here).
      if (edited) {
        const some = await c.query(`SELECT id FROM products ORDER BY id LIMIT 10`);
        for (const [i, r] of some.rows.entries()) {
          await c.query(`UPDATE products SET cest = $2 WHERE id = $1`, [r.id, `030070${i}`]);
        }
      }
      const cpu0 = cpu();
      const t = performance.now();
      await statement(c);
      const ms = performance.now() - t;
      const cpuMs = cpu() - cpu0;
      const events = (await c.query(`SELECT count(*)::int AS n FROM product_changes WHERE xid = pg_current_xact_id()`))
        .rows[0].n as number;
      await c.query('ROLLBACK');
      return { ms, cpuMs, events };
    } finally {
      c.release();
      await own?.end();
    }
  };
  const variants: Variant[] = [
    'no feed',
    '0700 trigger',
    'current trigger',
    'no feed, after single-row edits',
    'current, after single-row edits',
  ];
  const runs = new Map(variants.map((v) => [v, [] as { ms: number; cpuMs: number; events: number }[]]));
  for (let i = 0; i < RUNS; i++) for (const v of variants) runs.get(v)!.push(await classify(v));
  for (const v of variants) {
    // Each against the same session kind without the feed: a fresh session pays its own first plans.
    const base = runs.get(v.endsWith('after single-row edits') ? 'no feed, after single-row edits' : 'no feed')!;
    const [bMs, bCpu] = [median(base.map((r) => r.ms)), median(base.map((r) => r.cpuMs))];
    const r = runs.get(v)!;
    const [ms, cpuMs] = [median(r.map((x) => x.ms)), median(r.map((x) => x.cpuMs))];
    const pct = (a: number, b: number) => `${a >= b ? '+' : ''}${((a / b - 1) * 100).toFixed(1)} %`;
    console.log(
      `${what} of ${N} products, ${v}: median wall ${ms.toFixed(0)} ms (${pct(ms, bMs)}), backend CPU ` +
        `${cpuMs.toFixed(0)} ms (${pct(cpuMs, bCpu)}), ${r[0]!.events} events; runs ${r.map((x) => x.ms.toFixed(0)).join('/')} ms`,
    );
  }
}

async function benchFeed(companyId: string, token: string) {
  for (let i = 0; i < FEED_COMMITS; i++) {
    await pool.query(
      `UPDATE products SET description = 'PRODUTO ' || internal_code || ' v${i}' WHERE company_id = $1`,
      [companyId],
    );
  }
  await pool.query('VACUUM ANALYZE product_changes, change_commits');
  const total = (await pool.query(`SELECT count(*)::int AS n FROM product_changes`)).rows[0].n as number;

  // The raw SQL of the same pages: the feed's statement (0840) with the pg driver's own row parsing.
  const raw = async () => {
    let read = 0;
    let after = { seq: 0, id: 0 };
    for (;;) {
      const res = await pool.query(
        `SELECT c.seq, e.id, e.event, e.at, e.product_id, e.internal_code, e.before, e.after
         FROM (SELECT seq, xid FROM change_commits WHERE company_id = $1 AND seq >= $2 ORDER BY seq LIMIT $4) c
         CROSS JOIN LATERAL (
           SELECT e.id, e.event, e.at, e.product_id, e.internal_code, e.before, e.after FROM product_changes e
           WHERE e.company_id = $1 AND e.xid = c.xid AND e.id > CASE WHEN c.seq = $2 THEN $3::bigint ELSE 0 END
           ORDER BY e.id LIMIT $4) e
         ORDER BY c.seq, e.id LIMIT $4`,
        [companyId, after.seq, after.id, PAGE],
      );
      if (res.rows.length === 0) return read;
      read += res.rows.length;
      const last = res.rows.at(-1);
      after = { seq: Number(last.seq), id: Number(last.id) };
    }
  };
  const route = async () => {
    let read = 0;
    let next = '';
    for (;;) {
      const q = new URLSearchParams({ companyId, limit: String(PAGE), ...(next ? { after: next } : {}) });
      const res = await fetch(`${server!.base}/v1/public/changes?${q}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.status !== 200) throw new Error(`GET /changes: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { changes: unknown[]; next: string };
      if (body.changes.length === 0) return read;
      read += body.changes.length;
      next = body.next;
    }
  };
  const measure = async (name: string, fn: () => Promise<number>) => {
    const [c0, s0, t0] = [cpuNow(), processCpuSeconds(server!.pid), performance.now()];
    const read = await fn();
    const ms = performance.now() - t0;
    const [client, srv] = [cpuNow() - c0, (processCpuSeconds(server!.pid) - s0) * 1000];
    return { name, read, ms, client, srv };
  };
  await route(); // warm-up: the server's first requests compile its code paths
  const results = [];
  for (let i = 0; i < RUNS; i++) {
    results.push(await measure('raw SQL of the pages', raw));
    results.push(await measure('GET /changes over HTTP', route));
  }
  for (const name of ['raw SQL of the pages', 'GET /changes over HTTP']) {
    const r = results.filter((x) => x.name === name);
    console.log(
      `feed read, ${name}: ${r[0]!.read} of ${total} events in pages of ${PAGE}: median ${median(r.map((x) => x.ms)).toFixed(0)} ms ` +
        `(runs ${r.map((x) => x.ms.toFixed(0)).join('/')}); CPU per run: bench ${median(r.map((x) => x.client)).toFixed(0)} ms, ` +
        `server ${median(r.map((x) => x.srv)).toFixed(0)} ms`,
    );
  }
}

async function benchLatency(companyId: string, token: string) {
  const committed = new Map<number, number>();
  const received = new Map<number, number>();
  const direct: number[] = [];
  const burst = new Set<string>();
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (d: Buffer) => chunks.push(d));
    req.on('end', () => {
      const at = performance.now();
      res.writeHead(204).end();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const m = /^LAT (\d+)$/.exec(body.data?.after?.description ?? '');
      if (m && req.url === '/hook' && !received.has(Number(m[1]))) received.set(Number(m[1]), at);
      if (req.url === '/hook' && body.data?.after?.ncm === BURST_NCM) burst.add(body.data.productId);
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
  // Created through the API, as an ERP does: it starts after everything already committed (the feed part's
  // last commit of 10,000 events is not replayed ahead of the measured changes).
  const created = await fetch(`${server!.base}/v1/public/webhooks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ companyId, url: `${url}/hook`, events: ['product.changed'] }),
  });
  if (created.status !== 201 && created.status !== 200)
    throw new Error(`webhook: HTTP ${created.status} ${await created.text()}`);
  const ids = (await pool.query(`SELECT id FROM products WHERE company_id = $1 ORDER BY id`, [companyId])).rows.map(
    (r) => r.id as string,
  );
  const total = Math.round((RATE * LATENCY_S) / 60);
  const every = 60_000 / RATE;
  const s0 = processCpuSeconds(server!.pid);
  const start = performance.now();
  const writes: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + i * every;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    writes.push(
      (async () => {
        await pool.query(`UPDATE products SET description = $2 WHERE id = $1`, [ids[i % ids.length], `LAT ${i}`]);
        const at = performance.now();
        committed.set(i, at);
        // The HTTP floor: the same receiver reached directly, every tenth change.
        if (i % 10 === 0) {
          await fetch(`${url}/direct`, { method: 'POST', body: '{}' });
          direct.push(performance.now() - at);
        }
      })(),
    );
  }
  await Promise.all(writes);
  const sent = performance.now() - start;
  for (let i = 0; i < 600 && received.size < total; i++) await new Promise((r) => setTimeout(r, 100));
  const srvCpu = processCpuSeconds(server!.pid) - s0;
  const lat = [...received].map(([i, at]) => at - committed.get(i)!);
  const s = stats(lat);
  const d = stats(direct);
  console.log(
    `delivery latency commit → receiver, ${total} changes in ${(sent / 1000).toFixed(1)} s (${((total / sent) * 60_000).toFixed(0)}/min), ` +
      `${received.size} received: p50 ${s.p50} ms, p95 ${s.p95} ms, max ${s.max} ms; server CPU ${srvCpu.toFixed(1)} s`,
  );
  // Where the time goes: commit → dispatch (the delivery row's created_at, the dispatch transaction's start)
  // and dispatch → receiver.
  const dispatched = new Map<number, number>();
  for (const r of (await pool.query(`SELECT body, created_at FROM webhook_deliveries`)).rows) {
    const m = /^LAT (\d+)$/.exec(JSON.parse(r.body).data?.after?.description ?? '');
    if (m) dispatched.set(Number(m[1]), (r.created_at as Date).getTime() - performance.timeOrigin);
  }
  const toDispatch = stats([...dispatched].map(([i, at]) => at - committed.get(i)!));
  const toReceiver = stats([...dispatched].filter(([i]) => received.has(i)).map(([i, at]) => received.get(i)! - at));
  console.log(
    `  commit → dispatch p50 ${toDispatch.p50} ms, p95 ${toDispatch.p95} ms; dispatch → receiver p50 ${toReceiver.p50} ms, p95 ${toReceiver.p95} ms`,
  );
  console.log(`  floor (writer → receiver directly, ${d.n} posts): p50 ${d.p50} ms, p95 ${d.p95} ms, max ${d.max} ms`);
  // After the split: the burst's deliveries carry the same descriptions.
  if (PARTS.includes('burst')) await measureBurst(companyId, burst);
  receiver.close();
}

/** One commit changing every product of the company: how long until every delivery reached the receiver. */
async function measureBurst(companyId: string, burst: Set<string>) {
  const s0 = processCpuSeconds(server!.pid);
  const start = performance.now();
  // The fiscal column a fan-out changes (a description rewrite of 10,000 rows spends ~20 s in the search
  // indexes, which is the writer's cost, not the delivery's).
  const res = await pool.query(`UPDATE products SET ncm = $2 WHERE company_id = $1`, [companyId, BURST_NCM]);
  const n = res.rowCount ?? 0;
  const committedS = (performance.now() - start) / 1000;
  for (let i = 0; i < 3000 && burst.size < n; i++) await new Promise((r) => setTimeout(r, 100));
  const s = (performance.now() - start) / 1000;
  const cpu = processCpuSeconds(server!.pid) - s0;
  // The last delivery row's creation: when the dispatch had turned every event into deliveries.
  const last = await pool.query(`SELECT max(created_at) AS at FROM webhook_deliveries WHERE body LIKE $1`, [
    `%"after":{%"ncm":"${BURST_NCM}"%`,
  ]);
  const dispatchedS = ((last.rows[0].at as Date).getTime() - performance.timeOrigin - start) / 1000;
  console.log(
    `burst: one commit of ${n} changes (committed after ${committedS.toFixed(1)} s), ${burst.size} delivered in ${s.toFixed(1)} s (${(burst.size / s).toFixed(0)} deliveries/s); ` +
      `all dispatched after ${dispatchedS.toFixed(1)} s; server CPU ${cpu.toFixed(1)} s (${((cpu * 1000) / Math.max(burst.size, 1)).toFixed(2)} ms per delivery)`,
  );
}
