/**
 * EXPLAIN (ANALYZE, BUFFERS) of the statements the benchmark times, on a cluster kept by a previous
 * run: `BENCH_DIR=/tmp/bench npx tsx bench/explain.ts [filter]`. Plans go to stdout; the import
 * batch (one upsert of 1,000 file rows) is timed in a transaction that is rolled back.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  checkProductInput,
  normalizeProductSearchText,
  type TProductListFilters,
  ZProductListQuery,
} from '@app/contract';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { similarIdsQuery } from '../server/src/modules/products/global/global-products.repository.js';
import { upsertProducts } from '../server/src/modules/products/matching/upsert-products.js';
import { listFilter, statusFilter } from '../server/src/modules/products/products.repository.js';
import { startBenchCluster } from './lib/cluster.js';
import { LIST_CASES, SIMILAR_TEXTS } from './lib/scenarios.js';

if (!process.env.BENCH_DIR) throw new Error('BENCH_DIR must point at a cluster seeded by products-bench.ts');
const only = process.argv[2] ?? '';
const cluster = await startBenchCluster();
const { db, pool } = cluster.database;
const found = await pool.query(`SELECT id, uf FROM companies WHERE nome_fantasia = 'SUPERMERCADO BENCH'`);
const company = found.rows[0] as { id: string; uf: string };

async function explain(name: string, query: SQL) {
  if (only && !name.includes(only)) return;
  const res = await db.execute<{ 'QUERY PLAN': string }>(sql`EXPLAIN (ANALYZE, BUFFERS) ${query}`);
  console.log(`\n=== ${name}\n${res.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
}

try {
  for (const [name, params] of Object.entries(LIST_CASES)) {
    const q = ZProductListQuery.parse({ companyId: company.id, ...params }) as TProductListFilters;
    const where = listFilter(company.id, { ...q, text: normalizeProductSearchText(q.field, q.text) }, true);
    await explain(`count: ${name}`, sql`SELECT count(*)::int AS n FROM products p WHERE ${where}`);
    await explain(
      `page: ${name}`,
      sql`SELECT p.* FROM products p WHERE ${where} ORDER BY p.updated_at DESC, p.id LIMIT 25 OFFSET ${(q.page - 1) * 25}`,
    );
  }
  // SIMILAR (docs/decisions/010-similar-word-correction.md): the repository's own statement (word
  // correction + word-set probes), for every text of the benchmark.
  for (const text of SIMILAR_TEXTS) await explain(`similar ${text}`, similarIdsQuery(text));
  await explain(
    'export page',
    sql`SELECT p.id FROM products p WHERE p.company_id = ${company.id} AND ${statusFilter({}, true)}
        ORDER BY p.id LIMIT 2000`,
  );
  if (!only || 'import'.includes(only)) {
    // EXPLAIN_BATCH=n: the n-th batch of the file (the ones before it written unexplained first), to see a
    // batch in the middle of an import (rules already locked, indexes warm) rather than the first.
    const nth = Number(process.env.EXPLAIN_BATCH ?? 1);
    const lines = readFileSync(path.join(process.env.BENCH_DIR, 'import.csv'), 'utf8')
      .split('\r\n')
      .slice(1, 1 + nth * 1000);
    const all = lines.map((l, i) => {
      const [internalCode, description, gtin] = l.split(';');
      const c = checkProductInput({ internalCode, description, gtin });
      return { line: i + 2, internalCode: c.internalCode, description: c.description, gtin: c.gtin };
    });
    const rows = all.slice(-1000);
    const member = (await pool.query(`SELECT id, name FROM users WHERE name = 'Membro Bench'`)).rows[0];
    // auto_explain sends the plan of the batch statement back as a NOTICE.
    const client = await pool.connect();
    client.on('notice', (n) =>
      console.log(n.message?.replace(/^[\s\S]*?\n(Sort|Insert|Result|Limit|Hash|Nested)/, '$1')),
    );
    try {
      await client.query('BEGIN');
      // The first batch of the file as the benchmark sends it: new codes (a kept cluster holds the last import).
      await client.query(`DELETE FROM products WHERE company_id = $1 AND internal_code LIKE 'I%'`, [company.id]);
      const ctx = { companyId: company.id, companyUf: 'SP', actor: member, via: '' };
      for (let i = 0; i < all.length - 1000; i += 1000)
        await upsertProducts(drizzle(client), ctx, all.slice(i, i + 1000));
      await client.query(`LOAD 'auto_explain'`);
      for (const set of [
        'log_min_duration = 0',
        'log_analyze = on',
        'log_buffers = on',
        'log_triggers = on',
        `log_nested_statements = ${process.env.EXPLAIN_NESTED ? 'on' : 'off'}`,
        "log_level = 'notice'",
      ])
        await client.query(`SET LOCAL auto_explain.${set}`);
      const t = performance.now();
      const out = await upsertProducts(drizzle(client), ctx, rows);
      console.log(`\n=== import batch: ${out.length} rows upserted in ${(performance.now() - t).toFixed(0)} ms`);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  }
} finally {
  await cluster.stop();
}
