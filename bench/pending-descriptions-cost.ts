/**
 * What the pending_descriptions triggers (0590, decision 029) add to a write of Pending products, on a kept
 * cluster seeded by seed-classifying.ts: `BENCH_DIR=/tmp/x npx tsx bench/pending-descriptions-cost.ts`.
 * Times, rolled back, the trigger's own statements over 100k Pending rows of a company of the partner, as a
 * catalogue import's statements would hand them over (a transition table): descriptions the partner already
 * has (probes only) and descriptions nobody has (an entry each: heap, btree and trigram GIN), next to the
 * plain INSERT of the same 100k rows into products (every index and trigger, also rolled back). The INSERT
 * varies a lot between rounds on a shared machine; the trigger's statements are timed on their own for that.
 */
import { startBenchCluster } from './lib/cluster.js';
import { loadAverage, stats, timeIt } from './lib/measure.js';
import { descriptionSql } from './lib/seed.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const cluster = await startBenchCluster();
const { pool } = cluster.database;
try {
  console.log(`load ${loadAverage().join(' ')}`);
  const company = (await pool.query(`SELECT id FROM companies WHERE nome_fantasia = 'LOJA PENDENTE 0'`)).rows[0]?.id;
  if (!company) throw new Error('seed the cluster first (bench/seed-classifying.ts)');
  const description = { known: descriptionSql('n + 99'), new: `(${descriptionSql('n + 99')}) || ' W' || n` };
  const triggerStatements = `
    SELECT count(*) FROM (SELECT pg_advisory_xact_lock_shared(590, hashtext(c.partner_id::text))
      FROM companies c WHERE c.id IN (SELECT n.company_id FROM new_rows n WHERE n.status = 'P')) x;
    INSERT INTO pending_descriptions (partner_id, description_search)
    SELECT DISTINCT c.partner_id, n.description_search
    FROM new_rows n JOIN companies c ON c.id = n.company_id
    WHERE n.status = 'P' AND NOT EXISTS (SELECT 1 FROM pending_descriptions d
      WHERE d.partner_id = c.partner_id AND d.description_search = n.description_search);`;
  const rolledBack = async (setup: string, statement: string) => {
    const c = await pool.connect();
    try {
      await c.query('BEGIN');
      if (setup) await c.query(setup);
      return (await timeIt(() => c.query(statement))).ms;
    } finally {
      await c.query('ROLLBACK');
      c.release();
    }
  };
  for (const [kind, text] of Object.entries(description)) {
    const trigger: number[] = [];
    const insert: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      trigger.push(
        await rolledBack(
          `CREATE TEMP TABLE new_rows ON COMMIT DROP AS SELECT '${company}'::uuid AS company_id,
             f_unaccent(lower(${text})) AS description_search, 'P'::char(1) AS status FROM generate_series(1, ${ROWS}) n;
           ANALYZE new_rows`,
          triggerStatements,
        ),
      );
      insert.push(
        await rolledBack(
          '',
          `INSERT INTO products (company_id, internal_code, description, status)
           SELECT '${company}', 'W' || n, ${text}, 'P' FROM generate_series(1, ${ROWS}) n`,
        ),
      );
    }
    console.log(
      `${ROWS} Pending rows, ${kind} descriptions: trigger statements p50 ${stats(trigger).p50} ms (max ${stats(trigger).max}); whole INSERT p50 ${stats(insert).p50} ms (max ${stats(insert).max})`,
    );
  }
  console.log(`load ${loadAverage().join(' ')}`);
} finally {
  await cluster.stop();
}
