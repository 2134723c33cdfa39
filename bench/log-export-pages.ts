/**
 * The log export's SQL side alone (decision 030): the first pages of `findLogXmlPage` over a kept
 * bench/oversight.ts cluster, timed, with the first page's plan. `BENCH_DIR=… npx tsx bench/log-export-pages.ts`.
 */
import { sql } from 'drizzle-orm';
import { findLogTextPage, type LogKey } from '../server/src/modules/oversight/log-export.repository.js';
import { logWhere } from '../server/src/modules/oversight/logs.repository.js';
import { startBenchCluster } from './lib/cluster.js';
import { loadAverage } from './lib/measure.js';

const PAGES = Number(process.env.PAGES ?? 10);
const cluster = await startBenchCluster();
const { db, pool } = cluster.database;
try {
  const seed = (await pool.query('SELECT partner_id FROM bench_seed')).rows[0] as { partner_id: string };
  const where = logWhere({ from: '2000-01-01', to: '2100-01-01', codeRange: [3000, 3999], partnerId: seed.partner_id });
  console.log('load', loadAverage().join(' '));
  let after: LogKey | null = null;
  const t0 = performance.now();
  let bytes = 0;
  for (let i = 0; i < PAGES; i++) {
    const t = performance.now();
    const page = await findLogTextPage(db, where, after, 5000);
    bytes += page.reduce((n, r) => n + (r.afterText?.length ?? 0), 0);
    console.log(`page ${i}: ${page.length} rows, ${(performance.now() - t).toFixed(0)} ms`);
    if (page.length === 0) break;
    after = { key: page.at(-1)!.key, id: page.at(-1)!.id };
  }
  console.log(
    `${PAGES} pages ${(performance.now() - t0).toFixed(0)} ms, ${(bytes / 1e6).toFixed(1)} M chars of snapshots`,
  );
  if (process.env.EXPLAIN) {
    await db.execute(sql`LOAD 'auto_explain'`);
    await db.execute(sql`SET auto_explain.log_min_duration = 0`);
    await db.execute(sql`SET auto_explain.log_analyze = on`);
    await findLogTextPage(db, where, after, 5000);
    console.log('plan in', cluster.dir);
  }
} finally {
  await cluster.stop();
}
