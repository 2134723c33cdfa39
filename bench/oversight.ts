/**
 * Oversight (issue 12): the partner dashboard and the company indicators over a catalogue spread across
 * 100 companies, and the log export of a period of audit events, each next to the raw SQL doing the same
 * work by counting. `npx tsx bench/oversight.ts` (temp cluster). Sizes: BENCH_PRODUCTS (default 1,000,000),
 * BENCH_COMPANIES (100), BENCH_EVENTS (1,000,000), BENCH_REQUESTS (200). BENCH_ONLY=export measures the export only.
 */

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createCompany, createPartner, createSessionToken, createUser } from '../server/src/db/factories.js';
import { startBenchCluster } from './lib/cluster.js';
import {
  loadAverage,
  processCpuSeconds,
  procMemoryMb,
  resetPeakMemory,
  startServer,
  stats,
  timeIt,
} from './lib/measure.js';

/** CPU seconds of the cluster's processes (the postmaster's children: backends, walwriter…), less sensitive to a shared machine's load than wall time. */
function clusterCpuSeconds(dataDir: string): number {
  const postmaster = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  let total = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster)
        total += processCpuSeconds(Number(pid));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1_000_000);
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 100);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const N = Number(process.env.BENCH_REQUESTS ?? 200);
const EXPORT_ONLY = process.env.BENCH_ONLY === 'export';

const cluster = await startBenchCluster();
const { db, pool } = cluster.database;
console.log(`load before ${loadAverage().join(' ')}; ${PRODUCTS} products in ${COMPANIES} companies, ${EVENTS} events`);
// A kept cluster (BENCH_DIR) remembers what it was seeded with in bench_seed, so a re-run skips the seed.
await pool.query(
  'CREATE TABLE IF NOT EXISTS bench_seed (partner_id uuid, owner_id uuid, company_ids uuid[], products int, events int)',
);
const kept = (await pool.query('SELECT * FROM bench_seed')).rows[0] as
  | { partner_id: string; owner_id: string; company_ids: string[]; products: number; events: number }
  | undefined;
if (kept && (kept.products !== PRODUCTS || kept.events !== EVENTS || kept.company_ids.length !== COMPANIES))
  throw new Error(`BENCH_DIR holds another seed (${kept.products} products, ${kept.events} events): remove it`);
const partner = kept ? { id: kept.partner_id } : await createPartner(db);
const owner = kept ? { id: kept.owner_id } : await createUser(db, { role: 'PartnerOwner', partnerId: partner.id });
const companyIds: string[] = kept ? kept.company_ids : [];
if (!kept) {
  for (let i = 0; i < COMPANIES; i++) companyIds.push((await createCompany(db, { partnerId: partner.id })).id);
  // One INSERT per company (its statement triggers append a handful of counter rows), statuses spread.
  const seed = await timeIt(async () => {
    const per = Math.floor(PRODUCTS / COMPANIES);
    for (const [i, id] of companyIds.entries()) {
      const n = per + (i === 0 ? PRODUCTS - per * COMPANIES : 0);
      await pool.query(
        `INSERT INTO products (company_id, internal_code, description, status, fiscal_service_reference_code, created_at)
       SELECT $1, 'C' || g, 'PRODUTO ' || g, (ARRAY['P','F','F','F','D','A'])[1 + g % 6],
         CASE WHEN g % 6 IN (1, 2) THEN 'G' || g END, now() - (g % 365) * interval '1 day'
       FROM generate_series(1, $2::int) g`,
        [id, n],
      );
    }
    await pool.query(
      `INSERT INTO audit_events (code, module, description, actor_id, actor_name, partner_id, company_id, entity_id, after, created_at)
     SELECT 3001 + g % 8, 'Products', 'Produto cadastrado', $1, 'Dona Bench', $2, ($3::uuid[])[1 + g % $4], 'P' || g,
       jsonb_build_object('internalCode', 'C' || g, 'description', 'PRODUTO ' || g, 'gtin', '7894900011517'),
       now() - (g % 28) * interval '1 day' - (g % 86400) * interval '1 second' AS at
     FROM generate_series(1, $5::int) g
     -- in time order, as the platform appends its events: the export then reads the heap in order
     ORDER BY at`,
      [owner.id, partner.id, companyIds, COMPANIES, EVENTS],
    );
    await pool.query('VACUUM ANALYZE products, audit_events, product_count_deltas, product_daily_counts');
  });
  console.log(`seed ${(seed.ms / 1000).toFixed(1)} s`);
  await pool.query('INSERT INTO bench_seed VALUES ($1, $2, $3, $4, $5)', [
    partner.id,
    owner.id,
    companyIds,
    PRODUCTS,
    EVENTS,
  ]);
} else console.log('seed kept');
// The insert trigger dates every seeded product today, so the daily counters would hold one day per company;
// a real catalogue has a year of days, which is what the dashboard's series reads. Rebuild them as 0550's
// backfill does, from the products' own dates (created_at spread over 365 days): ~36,500 rows for 100 companies.
const days = (await pool.query('SELECT count(DISTINCT day)::int AS n FROM product_daily_counts')).rows[0].n as number;
if (days < 30) {
  await pool.query(`
    DELETE FROM product_daily_counts;
    INSERT INTO product_daily_counts (company_id, day, created, classified)
    SELECT c.company_id, c.day, sum(c.created), sum(c.classified) FROM (
      SELECT p.company_id, (p.created_at AT TIME ZONE 'America/Sao_Paulo')::date AS day, 1 AS created, 0 AS classified
      FROM products p
      UNION ALL
      SELECT p.company_id, (p.created_at AT TIME ZONE 'America/Sao_Paulo')::date, 0, 1 FROM products p WHERE p.status = 'F'
    ) c GROUP BY 1, 2`);
  // The triggers of 0563 mirrored the delete and the insert per partner; fold them as a dashboard read would.
  await pool.query(`
    WITH gone AS (DELETE FROM partner_daily_counts RETURNING partner_id, day, created, classified)
    INSERT INTO partner_daily_counts SELECT partner_id, day, sum(created), sum(classified) FROM gone GROUP BY 1, 2`);
  await pool.query('VACUUM ANALYZE product_daily_counts, partner_daily_counts');
}
console.log(
  `daily counter rows: ${(await pool.query('SELECT count(*)::int AS n FROM product_daily_counts')).rows[0].n}`,
);

const token = await createSessionToken(db, owner.id);
const headers = { authorization: `Bearer ${token}` };
const server = await startServer(cluster.url, cluster.dir);
const results: Record<string, unknown> = {
  load: loadAverage(),
  products: PRODUCTS,
  companies: COMPANIES,
  events: EVENTS,
};
try {
  const company = companyIds[1]!;
  const ways: Record<string, () => Promise<unknown>> = {
    dashboard: async () =>
      (await fetch(`${server.base}/v1/public/users/partners/dashboard`, { headers })).arrayBuffer(),
    dashboardRawSql: () =>
      Promise.all([
        pool.query(
          `SELECT p.company_id, p.status, count(*) FROM products p JOIN companies c ON c.id = p.company_id
           WHERE c.partner_id = $1 GROUP BY 1, 2`,
          [partner.id],
        ),
        pool.query(
          `SELECT (p.created_at AT TIME ZONE 'America/Sao_Paulo')::date, count(*) FROM products p
           JOIN companies c ON c.id = p.company_id
           WHERE c.partner_id = $1 AND p.created_at > now() - interval '13 months' GROUP BY 1`,
          [partner.id],
        ),
      ]),
    indicators: async () =>
      (
        await fetch(`${server.base}/v1/public/companies/indicators/common?companyId=${company}`, { headers })
      ).arrayBuffer(),
    indicatorsRawSql: () =>
      pool.query('SELECT status, count(*) FROM products WHERE company_id = $1 GROUP BY 1', [company]),
  };
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(ways).map((k) => [k, []]));
  // Interleaved, so that the load of the shared machine weighs on every way alike; 10 warm-up rounds.
  for (let i = 0; i < (EXPORT_ONLY ? 0 : N + 10); i++) {
    for (const [way, fn] of Object.entries(ways)) {
      const { ms } = await timeIt(fn);
      if (i >= 10) samples[way]!.push(ms);
    }
  }
  for (const [way, s] of Object.entries(samples)) {
    if (EXPORT_ONLY) break;
    results[way] = stats(s);
    console.log(way.padEnd(18), JSON.stringify(stats(s)));
  }

  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const from = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
    new Date(Date.now() - 29 * 86_400_000),
  );
  resetPeakMemory(server.pid);
  const idle = procMemoryMb(server.pid, 'VmRSS');
  const cpu0 = { server: processCpuSeconds(server.pid), db: clusterCpuSeconds(cluster.dir) };
  const exp = await timeIt(async () => {
    const res = await fetch(
      `${server.base}/v1/public/users/partners/logs/export?from=${from}&to=${today}&module=Products`,
      {
        headers,
      },
    );
    let bytes = 0;
    for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length;
    return bytes;
  });
  const cpu = {
    serverCpuSeconds: Math.round((processCpuSeconds(server.pid) - cpu0.server) * 10) / 10,
    dbCpuSeconds: Math.round((clusterCpuSeconds(cluster.dir) - cpu0.db) * 10) / 10,
  };
  const raw = await timeIt(async () => {
    const r = await pool.query(
      `SELECT count(*), sum(length(e.after::text)) FROM audit_events e
       LEFT JOIN partners p ON p.id = e.partner_id LEFT JOIN companies c ON c.id = e.company_id
       WHERE e.partner_id = $1 AND e.code BETWEEN 3000 AND 3999`,
      [partner.id],
    );
    return r.rows[0];
  });
  results.export = {
    seconds: Math.round(exp.ms / 100) / 10,
    megabytes: Math.round(exp.value / 1e5) / 10,
    rssIdleMb: idle,
    rssPeakMb: procMemoryMb(server.pid, 'VmHWM'),
    rawSqlReadSeconds: Math.round(raw.ms / 100) / 10,
    ...cpu,
  };
  console.log('export', JSON.stringify(results.export));
  results.loadAfter = loadAverage();
  console.log(JSON.stringify(results));
} finally {
  await server.stop();
  await cluster.stop();
}
