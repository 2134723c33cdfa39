/**
 * The import's database work alone: every row of the kept cluster's import file through
 * upsertProducts in batches, in one transaction that is rolled back, without HTTP or parsing.
 * `BENCH_DIR=/tmp/bench npx tsx bench/import-batches.ts [batch size] [upsert,bare,…]`: "upsert" is the
 * real statement (products + matching + audit + rule history), "bare" a plain INSERT of the product
 * rows alone (what COPY writes), so the difference is the cost of everything beyond the products;
 * "bare-oc" the same with ON CONFLICT DO NOTHING (the cost of speculative insertion).
 * "exp" is the real statement after BENCH_EXPERIMENT_SQL runs in the same (rolled-back) transaction,
 * to measure a schema change before writing its migration (e.g. a dropped constraint).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { checkProductInput } from '@app/contract';
import { drizzle } from 'drizzle-orm/node-postgres';
import { upsertProducts } from '../server/src/modules/products/matching/upsert-products.js';
import { startBenchCluster } from './lib/cluster.js';
import { loadAverage, processCpuSeconds } from './lib/measure.js';

if (!process.env.BENCH_DIR) throw new Error('BENCH_DIR must point at a cluster seeded by products-bench.ts');
const size = Number(process.argv[2] ?? 1000);
const variants = (process.argv[3] ?? 'upsert,bare,upsert,bare').split(',');
const cluster = await startBenchCluster();
const { pool } = cluster.database;
const company = (await pool.query(`SELECT id, uf FROM companies WHERE nome_fantasia = 'SUPERMERCADO BENCH'`)).rows[0];
const member = (await pool.query(`SELECT id, name FROM users WHERE name = 'Membro Bench'`)).rows[0];
const lines = readFileSync(path.join(process.env.BENCH_DIR, 'import.csv'), 'utf8')
  .split('\r\n')
  .slice(1)
  .filter(Boolean);
const rows = lines.map((l, i) => {
  const [internalCode, description, gtin] = l.split(';');
  const c = checkProductInput({ internalCode, description, gtin });
  return { line: i + 2, internalCode: c.internalCode, description: c.description, gtin: c.gtin };
});
try {
  for (const v of variants) {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`DELETE FROM products WHERE company_id = $1 AND internal_code LIKE 'I%'`, [company.id]);
      if (v === 'exp') await client.query(process.env.BENCH_EXPERIMENT_SQL ?? '');
      const db: Parameters<typeof upsertProducts>[0] = drizzle(client);
      const bare = async (_db: unknown, ctx: { companyId: string }, batch: typeof rows) =>
        (
          await client.query(
            `INSERT INTO products (company_id, internal_code, description, gtin)
             SELECT $1::uuid, t."internalCode", t.description, t.gtin
             FROM jsonb_to_recordset($2::jsonb) AS t(line int, "internalCode" text, description text, gtin text)
             ${v === 'bare-oc' ? 'ON CONFLICT (company_id, internal_code) DO NOTHING' : ''} RETURNING id`,
            [ctx.companyId, JSON.stringify(batch)],
          )
        ).rows;
      const fn = v.startsWith('bare') ? bare : upsertProducts;
      // The backend's own CPU time too: wall time moves with the other work on this shared machine.
      const backendPid = (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number;
      const cpu0 = processCpuSeconds(backendPid);
      const t = performance.now();
      let n = 0;
      for (let i = 0; i < rows.length; i += size) {
        n += (
          await fn(
            db,
            { companyId: company.id, companyUf: company.uf, actor: member, via: '' },
            rows.slice(i, i + size),
          )
        ).length;
      }
      console.log(
        `${v} batch ${size}: ${n} rows in ${((performance.now() - t) / 1000).toFixed(2)} s (backend CPU ${(processCpuSeconds(backendPid) - cpu0).toFixed(2)} s), load ${loadAverage().join(' ')}`,
      );
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  }
} finally {
  await cluster.stop();
}
