/**
 * EXPLAIN (ANALYZE, BUFFERS) of every statement the issue 9 / 10 read paths run (global screen page,
 * bind-code search, pending search per field × filter, one company and partner-wide), on a cluster kept
 * by classification.ts / classifying-bench.ts: `BENCH_DIR=/tmp/x npx tsx bench/classification-explain.ts
 * [filter]`. The repositories are called with a db whose execute() explains instead of running, so the
 * plans are of the very statements the server sends. Prints one summary line per statement (ms,
 * shared buffers hit/read, the scans used) and the whole plan with EXPLAIN_FULL=1.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../server/src/db/client.js';
import { searchPendingProducts } from '../server/src/modules/classifying/pending/pending.repository.js';
import { searchGlobalProducts } from '../server/src/modules/products/global/global-products.repository.js';
import { startBenchCluster } from './lib/cluster.js';
import { loadAverage } from './lib/measure.js';

if (!process.env.BENCH_DIR) throw new Error('BENCH_DIR must point at a seeded cluster');
const only = process.argv[2] ?? '';
const cluster = await startBenchCluster();
const { db, pool } = cluster.database;
console.log(`load ${loadAverage().join(' ')}`);

let label = '';
const dialect = (db as unknown as { dialect: { sqlToQuery: (q: SQL) => { sql: string } } }).dialect;
/** A db (or transaction) whose execute() explains; settings (SET, set_config) are run as they are. */
const explainingOn = (target: Pick<Db, 'execute'>) =>
  ({
    transaction: (fn: (tx: Db) => Promise<unknown>) => db.transaction((tx) => fn(explainingOn(tx))),
    execute: async (query: SQL) => {
      if (/^\s*(SET|SELECT set_config)/.test(dialect.sqlToQuery(query).sql)) return target.execute(query);
      const res = await target.execute<{ 'QUERY PLAN': string }>(sql`EXPLAIN (ANALYZE, BUFFERS) ${query}`);
      const lines = res.rows.map((r) => r['QUERY PLAN']);
      const ms = lines.find((l) => l.startsWith('Execution Time'))?.replace(/[^0-9.]/g, '');
      const buf = lines.find((l) => l.includes('Buffers:'))?.trim();
      const scans = [
        ...new Set(
          lines.flatMap((l) => l.match(/(Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan)[^(]*/g) ?? []),
        ),
      ];
      console.log(`${label}: ${ms} ms; ${buf}; ${scans.map((s) => s.trim()).join(' | ')}`);
      if (process.env.EXPLAIN_FULL) console.log(lines.join('\n'));
      return { rows: [] };
    },
  }) as unknown as Db;
const explaining = explainingOn(db);

const run = async (name: string, fn: () => Promise<unknown>) => {
  if (only && !name.includes(only)) return;
  label = name;
  await fn();
};

try {
  const bench = (await pool.query(`SELECT id FROM companies WHERE nome_fantasia = 'SUPERMERCADO BENCH'`)).rows[0];
  const partner = (await pool.query(`SELECT id FROM partners WHERE display_name = 'PARCEIRO CLASSIFICACAO'`)).rows[0];
  const company = (await pool.query(`SELECT id FROM companies WHERE nome_fantasia = 'LOJA PENDENTE 0'`)).rows[0];
  for (const text of ['CAFE', 'ARROZ', 'AGUA']) {
    for (const page of [1, 5]) {
      const s = { uf: 'SP', field: 'Descrição', pattern: 'INICIA COM', text, page, companyId: bench?.id } as const;
      await run(`global ${text} p${page}`, () => searchGlobalProducts(explaining, s));
    }
  }
  if (partner && company) {
    const fields = {
      Descrição: ['café torrado', 'cafe torardo'],
      GTIN: ['78900000123'],
      'Código Interno': ['Q0000123'],
    } as const;
    for (const [field, texts] of Object.entries(fields)) {
      for (const pattern of ['IGUAL', 'INICIA COM', 'TERMINA COM', 'SIMILAR'] as const) {
        if (pattern === 'SIMILAR' && field !== 'Descrição') continue;
        for (const text of texts) {
          for (const [scopeName, scope] of [
            ['partner', { partnerId: partner.id }],
            ['company', { companyId: company.id }],
          ] as const) {
            await run(`pending ${field} ${pattern} '${text}' ${scopeName}`, () =>
              searchPendingProducts(explaining, { scope, field: field as 'GTIN', pattern, text, page: 1 }),
            );
          }
        }
      }
    }
  }
} finally {
  await cluster.stop();
}
