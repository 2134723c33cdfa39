/**
 * SIMILAR per text on a cluster kept by products-bench.ts:
 * `BENCH_DIR=/tmp/bench npx tsx bench/similar.ts [rounds] [text…]`. For each text (default: the
 * benchmark's SIMILAR_TEXTS) prints the corrected text, the EXPLAIN (ANALYZE, BUFFERS) time and
 * buffers of the repository's statement, and the median / max of `rounds` timed runs of the whole
 * repository call (ids + page); `--plan` prints the plans.
 */
import { sql } from 'drizzle-orm';
import {
  searchGlobalProducts,
  similarIdsQuery,
} from '../server/src/modules/products/global/global-products.repository.js';
import { startBenchCluster } from './lib/cluster.js';
import { stats, timeIt } from './lib/measure.js';
import { SIMILAR_TEXTS } from './lib/scenarios.js';

if (!process.env.BENCH_DIR) throw new Error('BENCH_DIR must point at a cluster seeded by products-bench.ts');
const args = process.argv.slice(2);
const showPlan = args.includes('--plan');
const rest = args.filter((a) => a !== '--plan');
const rounds = Number(rest[0] ?? 10);
const texts = rest.length > 1 ? rest.slice(1) : SIMILAR_TEXTS;

const cluster = await startBenchCluster();
const { db } = cluster.database;
try {
  for (const text of texts) {
    const plan = (
      await db.execute<{ 'QUERY PLAN': string }>(sql`EXPLAIN (ANALYZE, BUFFERS) ${similarIdsQuery(text)}`)
    ).rows.map((r) => r['QUERY PLAN']);
    const ms = plan.find((l) => l.startsWith('Execution Time'))?.replace(/\D+([\d.]+).*/, '$1');
    const buffers = plan.find((l) => l.trim().startsWith('Buffers'))?.trim();
    const corrected = await db.execute<{ text: string | null }>(sql`
      SELECT string_agg(coalesce(
        (SELECT d.word FROM global_product_words d WHERE d.word = t.word),
        t.word || '?'), ' ' ORDER BY t.ord) AS text
      FROM unnest(description_words(${text}::text)) WITH ORDINALITY AS t(word, ord)`);
    const samples: number[] = [];
    let count = 0;
    for (let i = 0; i < rounds; i++) {
      const { ms: t, value } = await timeIt(() =>
        searchGlobalProducts(db, { uf: 'SP', field: 'Descrição', pattern: 'SIMILAR', text, page: 1, companyId: null }),
      );
      samples.push(t);
      count = value.count;
    }
    const s = stats(samples);
    console.log(
      `${text.padEnd(28)} explain ${ms} ms, ${buffers}; call p50 ${s.p50} max ${s.max} ms; ${count} matches` +
        ` (unknown words marked ?: ${corrected.rows[0]?.text})`,
    );
    if (showPlan) console.log(plan.join('\n'));
  }
} finally {
  await cluster.stop();
}
