/**
 * The products page alone, on a cluster kept by products-bench.ts:
 * `BENCH_DIR=/tmp/bench npx tsx bench/list.ts [n] [case filter]`. For every LIST_CASES case: through
 * HTTP (the server as `npm start` runs it: bench/lib/measure.ts startServer), the list service called in process (access check + count + page, no HTTP, no session
 * lookup), and the plain count(*) + page statements one after the other (the count without the counters),
 * interleaved request by request.
 */
import { normalizeProductSearchText, type TProductListFilters, ZProductListQuery } from '@app/contract';
import { createSessionToken } from '../server/src/db/factories.js';
import type { Actor } from '../server/src/lib/actor.js';
import { countProducts, findProductPage, listFilter } from '../server/src/modules/products/products.repository.js';
import { listProducts } from '../server/src/modules/products/products.service.js';
import { startBenchCluster } from './lib/cluster.js';
import { loadAverage, startServer, stats, timeIt } from './lib/measure.js';
import { LIST_CASES } from './lib/scenarios.js';

if (!process.env.BENCH_DIR) throw new Error('BENCH_DIR must point at a cluster seeded by products-bench.ts');
const n = Number(process.argv[2] ?? 200);
const only = process.argv[3] ?? '';

const cluster = await startBenchCluster();
const { db, pool } = cluster.database;
const company = (await pool.query(`SELECT id FROM companies WHERE nome_fantasia = 'SUPERMERCADO BENCH'`)).rows[0];
const user = (await pool.query(`SELECT * FROM users WHERE name = 'Membro Bench'`)).rows[0];
const actor: Actor = {
  id: user.id,
  sessionId: 'bench',
  name: user.name,
  email: user.email,
  role: user.role,
  partnerId: user.partner_id,
  permissions: user.permissions,
};
const token = await createSessionToken(db, user.id);
const server = await startServer(cluster.url, cluster.dir);
console.log(`load before ${loadAverage().join(' ')}; ${n} requests per case`);
try {
  const http = { base: server.base, headers: { authorization: `Bearer ${token}` } };
  for (const [name, params] of Object.entries(LIST_CASES)) {
    if (only && !name.includes(only)) continue;
    const url = `${http.base}/v1/public/products?${new URLSearchParams({ companyId: company.id, ...params })}`;
    const query = ZProductListQuery.parse({ companyId: company.id, ...params }) as TProductListFilters;
    const where = listFilter(company.id, { ...query, text: normalizeProductSearchText(query.field, query.text) }, true);
    const ways: Record<string, () => Promise<unknown>> = {
      http: async () => (await fetch(url, { headers: http.headers })).arrayBuffer(),
      service: () => listProducts(db, actor, query),
      scan: async () => {
        await countProducts(db, where);
        await findProductPage(db, where, query.page);
      },
    };
    const samples: Record<string, number[]> = { http: [], service: [], scan: [] };
    // Interleaved, so that the load of the shared machine weighs on the three alike.
    for (let i = 0; i < n + 20; i++) {
      for (const [way, fn] of Object.entries(ways)) {
        const { ms } = await timeIt(fn);
        if (i >= 20) samples[way]!.push(ms);
      }
    }
    const count = (await listProducts(db, actor, query)).count;
    const line = Object.entries(samples).map(([way, v]) => {
      const st = stats(v);
      return `${way} ${st.p50} / ${st.p95}`;
    });
    console.log(`${name} (count ${count}), p50 / p95 ms: ${line.join('; ')}`);
  }
} finally {
  console.log(`load after ${loadAverage().join(' ')}`);
  await server.stop();
  await cluster.stop();
}
