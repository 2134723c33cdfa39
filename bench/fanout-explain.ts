/**
 * Where the fan-out's time goes, on a cluster kept by classifying-bench.ts:
 * `BENCH_DIR=/tmp/x npx tsx bench/fanout-explain.ts`. Sets the fan-out GTIN's products back to Pending, then
 * in transactions that are rolled back: EXPLAIN (ANALYZE, BUFFERS, TRIGGERS) of the bare UPDATE and of the
 * job's statement (classifyPendingByGtin), and the job's statement timed alone.
 */
import { sql } from 'drizzle-orm';
import { applyGlobalChanges } from '../server/src/modules/classifying/change-check/change-check.repository.js';
import { classifyPendingByGtin } from '../server/src/modules/classifying/fanout/fanout.repository.js';
import { startBenchCluster } from './lib/cluster.js';
import { gtin13 } from './lib/import-file.js';

if (!process.env.BENCH_DIR) throw new Error('BENCH_DIR must point at a cluster seeded by classifying-bench.ts');
const cluster = await startBenchCluster();
const { db, pool } = cluster.database;
const gtin = `0${gtin13('781000000001')}`;
try {
  await pool.query(
    `UPDATE products SET status = 'P', fiscal_service_reference_code = NULL, ncm = NULL, cest = NULL,
      fiscal_rule_id = NULL, fiscal_rule_since = NULL, fiscal_rule_status = NULL WHERE gtin = $1 AND status <> 'P'`,
    [gtin],
  );
  await pool.query(
    `INSERT INTO global_products (code, description, gtin, ncm) VALUES ('FANOUT-X', 'PRODUTO GEMEO', $1, '22021000')
    ON CONFLICT DO NOTHING`,
    [gtin],
  );
  await pool.query('VACUUM ANALYZE products');
  const companies = (
    await pool.query<{ id: string }>(
      `SELECT DISTINCT company_id AS id FROM products WHERE gtin = $1 AND status = 'P'`,
      [gtin],
    )
  ).rows;
  const user = (await pool.query<{ id: string }>(`SELECT id FROM users LIMIT 1`)).rows[0]!;
  const fanout = (
    await pool.query<{ id: string }>(
      `INSERT INTO global_fanouts (source, user_id, companies, products, jobs)
    VALUES ('Create', $1, 100, 10000, 1) RETURNING id`,
      [user.id],
    )
  ).rows[0]!;
  const steps = companies.map((c) => ({ companyId: c.id, gtins: [gtin] }));
  const rolledBack = async (
    name: string,
    fn: (tx: Parameters<Parameters<typeof db.transaction>[0]>[0]) => Promise<unknown>,
  ) => {
    const t = performance.now();
    await db
      .transaction(async (tx) => {
        await fn(tx);
        console.log(`${name}: ${(performance.now() - t).toFixed(0)} ms`);
        tx.rollback();
      })
      .catch((e: Error) => (e.message.includes('Rollback') ? null : Promise.reject(e)));
  };
  for (let round = 0; round < 2; round++) {
    await rolledBack('bare UPDATE', (tx) =>
      tx.execute(sql`UPDATE products SET status = 'F', fiscal_service_reference_code = 'RAW',
      ncm = '22021000', updated_at = now() WHERE gtin = ${gtin} AND status = 'P'`),
    );
    await rolledBack('job statement', (tx) =>
      classifyPendingByGtin(tx, {
        steps,
        actor: { id: user.id, name: 'bench' },
        fanoutId: fanout.id,
        audit: { code: 3044, description: 'bench' },
      }),
    );
  }
  await rolledBack('EXPLAIN bare UPDATE', async (tx) => {
    const r = await tx.execute<{
      'QUERY PLAN': string;
    }>(sql`EXPLAIN (ANALYZE, BUFFERS) UPDATE products SET status = 'F',
      fiscal_service_reference_code = 'RAW', ncm = '22021000', updated_at = now() WHERE gtin = ${gtin} AND status = 'P'`);
    console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
  });
  await rolledBack('EXPLAIN job statement', async (tx) => {
    await tx.execute(sql`LOAD 'auto_explain'`);
    await tx.execute(sql`SET auto_explain.log_min_duration = 0`);
    await tx.execute(sql`SET auto_explain.log_analyze = on`);
    await tx.execute(sql`SET auto_explain.log_nested_statements = on`);
    await tx.execute(sql`SET auto_explain.log_triggers = on`);
    await tx.execute(sql`SET client_min_messages = log`);
    await tx.execute(sql`SET auto_explain.log_level = notice`);
    const client = (tx as unknown as { session: { client: import('pg').PoolClient } }).session.client;
    const notices: string[] = [];
    const onNotice = (n: { message?: string }) => notices.push(n.message ?? '');
    client.on('notice', onNotice);
    await classifyPendingByGtin(tx, {
      steps,
      actor: { id: user.id, name: 'bench' },
      fanoutId: fanout.id,
      audit: { code: 3044, description: 'bench' },
    });
    client.off('notice', onNotice);
    console.log(notices.join('\n\n'));
  });
  // The change check of the first pending company after 1 in 10 of its global products changed (as the bench).
  const company = (await pool.query<{ id: string }>(`SELECT id FROM companies WHERE nome_fantasia = 'LOJA PENDENTE 0'`))
    .rows[0]!;
  await pool.query(
    `UPDATE global_products g SET ncm = CASE WHEN g.ncm = '22021000' THEN '22029900' ELSE '22021000' END, cest = NULL
    WHERE g.code IN (SELECT p.fiscal_service_reference_code FROM products p WHERE p.company_id = $1 AND p.status = 'F'
      AND p.internal_code LIKE '%5')`,
    [company.id],
  );
  await rolledBack('EXPLAIN change check', async (tx) => {
    await tx.execute(sql`LOAD 'auto_explain'`);
    await tx.execute(sql`SET auto_explain.log_min_duration = 5`);
    await tx.execute(sql`SET auto_explain.log_analyze = on`);
    await tx.execute(sql`SET auto_explain.log_buffers = on`);
    await tx.execute(sql`SET auto_explain.log_nested_statements = on`);
    await tx.execute(sql`SET auto_explain.log_triggers = on`);
    await tx.execute(sql`SET auto_explain.log_level = notice`);
    const client = (tx as unknown as { session: { client: import('pg').PoolClient } }).session.client;
    const notices: string[] = [];
    const onNotice = (n: { message?: string }) => notices.push(n.message ?? '');
    client.on('notice', onNotice);
    const counts = await applyGlobalChanges(tx, {
      companyId: company.id,
      uf: 'SP',
      actor: { id: user.id, name: 'bench' },
    });
    client.off('notice', onNotice);
    console.log(JSON.stringify(counts));
    console.log(notices.join('\n\n'));
  });
  await pool.query(`DELETE FROM global_fanouts WHERE id = $1`, [fanout.id]);
  await pool.query(`DELETE FROM global_products WHERE code = 'FANOUT-X'`);
} finally {
  await cluster.stop();
}
