/**
 * Issue 9, "Performance": the bind-code search (GET /products/fiscalservice, p95 ≤ 100 ms), a batch
 * binding of 300 products (POST /products/bindinginbatch, ≤ 500 ms) and the global screen's page
 * (GET /products/global, p95 ≤ 50 ms), each through HTTP (the server as `npm start` runs it) next
 * to the raw SQL doing the same work. Seeds like products-bench.ts (BENCH_GLOBAL, BENCH_COMPANY):
 * `BENCH_DIR=/tmp/bench npx tsx bench/classification.ts [n]`.
 */
import { sql } from 'drizzle-orm';
import { createSessionToken } from '../server/src/db/factories.js';
import { searchGlobalProducts } from '../server/src/modules/products/global/global-products.repository.js';
import { startBenchCluster } from './lib/cluster.js';
import { loadAverage, startServer, stats, timeIt } from './lib/measure.js';
import { GLOBAL_COUNT, seedBench } from './lib/seed.js';

const n = Number(process.argv[2] ?? 100);
const cluster = await startBenchCluster();
const { db, pool } = cluster.database;
const { company, member } = await seedBench(cluster.database);
const memberToken = await createSessionToken(db, member.id);
const server = await startServer(cluster.url, cluster.dir);
const line = (label: string, v: number[]) => {
  const s = stats(v);
  return `${label} p50 ${s.p50} / p95 ${s.p95} / max ${s.max} ms`;
};
console.log(`global ${GLOBAL_COUNT}; load before ${loadAverage().join(' ')}; ${n} samples`);

const pending = (
  await pool.query<{ id: string; description: string; gtin: string | null }>(
    `SELECT id, description, gtin FROM products WHERE company_id = $1 AND status = 'P' ORDER BY id LIMIT 2000`,
    [company.id],
  )
).rows;
const firstTwo = (d: string) => d.split(/\s+/).slice(0, 2).join(' ');
const api = (path: string, token: string, init: RequestInit = {}) =>
  fetch(`${server.base}/v1/public${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  }).then(async (r) => {
    if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
    return r.arrayBuffer();
  });

try {
  // 1. Bind-code search: the product's first two words, SIMILAR in the company's UF (+ the same GTIN).
  const http: number[] = [];
  const raw: number[] = [];
  for (let i = 0; i < n + 10; i++) {
    const p = pending[i % pending.length]!;
    const text = firstTwo(p.description);
    const q = new URLSearchParams({ productId: p.id, productDescription: text });
    const a = await timeIt(() => api(`/products/fiscalservice?${q}`, memberToken));
    const b = await timeIt(async () => {
      if (p.gtin) {
        await searchGlobalProducts(db, {
          uf: 'SP',
          field: 'GTIN',
          pattern: 'INICIA COM',
          text: p.gtin,
          page: 1,
          companyId: company.id,
        });
      }
      await searchGlobalProducts(db, {
        uf: 'SP',
        field: 'Descrição',
        pattern: 'SIMILAR',
        text,
        page: 1,
        companyId: company.id,
      });
    });
    if (i >= 10) {
      http.push(a.ms);
      raw.push(b.ms);
    }
  }
  console.log(`GET /products/fiscalservice: ${line('http', http)}; ${line('raw', raw)}`);

  // 2. Batch binding of 300 Pending products (member: same GTIN → Classified, others InAudit);
  // the products are set back to Pending between rounds (not timed).
  const code = (await pool.query(`SELECT code FROM global_products ORDER BY code LIMIT 1 OFFSET 12345`)).rows[0].code;
  const reset = (ids: string[]) =>
    pool.query(
      `UPDATE products SET status = 'P', fiscal_service_reference_code = NULL, ncm = NULL, cest = NULL,
         fiscal_rule_id = NULL, fiscal_rule_since = NULL, fiscal_rule_status = NULL WHERE id = ANY($1::uuid[])`,
      [ids],
    );
  const batchHttp: number[] = [];
  const batchRaw: number[] = [];
  const rounds = Math.max(5, Math.round(n / 10));
  for (let r = 0; r < rounds + 2; r++) {
    const ids = pending.slice((r * 300) % 1800, ((r * 300) % 1800) + 300).map((p) => p.id);
    const a = await timeIt(() =>
      api('/products/bindinginbatch', memberToken, {
        method: 'POST',
        body: JSON.stringify({ classifyProducts: ids, fiscalServiceProduct: code }),
      }),
    );
    await reset(ids);
    // The same rows written by hand: one UPDATE, the audit items and events, in a rolled-back transaction.
    const b = await timeIt(() =>
      db
        .transaction(async (tx) => {
          const list = sql`${`{${ids.join(',')}}`}::uuid[]`;
          await tx.execute(sql`SELECT id FROM products WHERE id = ANY(${list}) ORDER BY id FOR UPDATE`);
          await tx.execute(sql`UPDATE products SET status = 'A', fiscal_service_reference_code = ${code}
            WHERE id = ANY(${list})`);
          await tx.execute(sql`INSERT INTO product_audits (company_id, product_id, description)
            SELECT company_id, id, 'vinculado' FROM products WHERE id = ANY(${list})`);
          await tx.execute(sql`INSERT INTO audit_events (code, module, description, entity_id)
            SELECT 3008, 'Products', 'vinculado', id FROM unnest(${list}) id`);
          throw new Error('rollback');
        })
        .catch(() => undefined),
    );
    if (r >= 2) {
      batchHttp.push(a.ms);
      batchRaw.push(b.ms);
    }
  }
  console.log(`POST /products/bindinginbatch (300): ${line('http', batchHttp)}; ${line('raw', batchRaw)}`);

  // 3. The global screen's page: INICIA COM on a word, pages 1..5, member side (my + the UF rule).
  const words = ['ARROZ', 'CAFE', 'BISCOITO', 'AGUA', 'SABONETE', 'LEITE', 'FEIJAO', 'CERVEJA'];
  const pageHttp: number[] = [];
  const pageRaw: number[] = [];
  // Warm-up: one request per word × page (40) first, so the timed ones are not the first reads of a page.
  const warm = words.length * 5;
  for (let i = 0; i < n + warm; i++) {
    const text = words[i % words.length]!;
    const page = 1 + (i % 5);
    const q = new URLSearchParams({
      companyId: company.id,
      uf: 'SP',
      field: 'Descrição',
      searchPattern: 'INICIA COM',
      text,
      page: String(page),
    });
    const a = await timeIt(() => api(`/products/global?${q}`, memberToken));
    const b = await timeIt(() =>
      searchGlobalProducts(db, {
        uf: 'SP',
        field: 'Descrição',
        pattern: 'INICIA COM',
        text,
        page,
        companyId: company.id,
      }),
    );
    if (i >= warm) {
      pageHttp.push(a.ms);
      pageRaw.push(b.ms);
    }
  }
  console.log(`GET /products/global page: ${line('http', pageHttp)}; ${line('raw', pageRaw)}`);
} finally {
  console.log(`load after ${loadAverage().join(' ')}`);
  await server.stop();
  await cluster.stop();
}
