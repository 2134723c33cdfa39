/**
 * Load test of issue 15: 100 concurrent clients against 127.0.0.1 for LOAD_SECONDS (default 60) on the
 * products page, then a mixed load with sign-ins. Prints requests/s, p50/p99 and the count of 5xx
 * (which must be 0). A benchmark, not a test: `npx tsx bench/load.ts` (numbers in bench/README.md).
 * Bounded: its own temp cluster, a fixed client count and duration, nothing left behind.
 */
import { PRODUCTS_PAGE_SIZE } from '@app/contract';
import { createCompany, createPartner, createUser, linkMemberToCompany } from '../server/src/db/factories.js';
import { startBenchCluster } from './lib/cluster.js';
import { loadAverage, startServer } from './lib/measure.js';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 100);
const PRODUCTS = Number(process.env.LOAD_PRODUCTS ?? 20_000);
const SIGNIN_USERS = 100;

interface Tally {
  latencies: number[];
  byStatus: Map<number, number>;
  errors: number;
}

async function run(name: string, pick: (client: number) => () => Promise<Response>): Promise<void> {
  const tally: Tally = { latencies: [], byStatus: new Map(), errors: 0 };
  const until = Date.now() + SECONDS * 1000;
  const load0 = loadAverage();
  const clients = Array.from({ length: CLIENTS }, async (_, client) => {
    while (Date.now() < until) {
      const t0 = performance.now();
      try {
        const res = await pick(client)();
        await res.arrayBuffer();
        tally.byStatus.set(res.status, (tally.byStatus.get(res.status) ?? 0) + 1);
      } catch {
        tally.errors++;
      }
      tally.latencies.push(performance.now() - t0);
    }
  });
  await Promise.all(clients);
  const sorted = tally.latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10;
  const fivexx = [...tally.byStatus].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
  console.log(
    JSON.stringify({
      scenario: name,
      clients: CLIENTS,
      seconds: SECONDS,
      requests: sorted.length,
      perSecond: Math.round(sorted.length / SECONDS),
      p50ms: at(0.5),
      p99ms: at(0.99),
      statuses: Object.fromEntries(tally.byStatus),
      fivexx,
      networkErrors: tally.errors,
      loadAverage: { before: load0, after: loadAverage() },
    }),
  );
}

async function main() {
  // Sign-ins come from many addresses, as behind a balancer (X-Forwarded-For): the per-IP limit is
  // part of what is measured only through its 429s, never as an error.
  process.env.TRUST_PROXY = 'true';
  const cluster = await startBenchCluster();
  const db = cluster.database.db;
  const partner = await createPartner(db);
  const company = await createCompany(db, { partnerId: partner.id, uf: 'SP' });
  await cluster.database.pool.query(
    `INSERT INTO products (company_id, internal_code, description, status)
     SELECT $1, 'C' || i, 'PRODUTO DE CARGA ' || i, (ARRAY['P','F','D'])[1 + i % 3]
     FROM generate_series(1, $2::int) i`,
    [company.id, PRODUCTS],
  );
  // As autovacuum would soon after such a load: statistics and the visibility map (index-only pages).
  await cluster.database.pool.query('VACUUM ANALYZE products');
  const users: { email: string }[] = [];
  for (let i = 0; i < SIGNIN_USERS; i++) {
    const u = await createUser(db, { role: 'Member', partnerId: partner.id, email: `carga${i}@exemplo.com.br` });
    await linkMemberToCompany(db, u.id, company.id);
    users.push(u);
  }
  const server = await startServer(cluster.url, cluster.dir);
  try {
    const signIn = (i: number, ip: string) =>
      fetch(`${server.base}/v1/public/users/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ email: users[i % SIGNIN_USERS]!.email, password: 'Senha@123' }),
      });
    const tokens: string[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const res = await signIn(i, `10.1.${i >> 8}.${i & 255}`);
      const cookie = res.headers.get('set-cookie') ?? '';
      tokens.push(/session=([^;]+)/.exec(cookie)?.[1] ?? '');
    }
    // Pages of the list (25 products each, PRODUCTS_PAGE_SIZE): every request asks for a page that exists.
    const pages = Math.ceil(PRODUCTS / PRODUCTS_PAGE_SIZE);
    const list = (client: number) => () =>
      fetch(`${server.base}/v1/public/products?companyId=${company.id}&page=${1 + Math.floor(Math.random() * pages)}`, {
        headers: { authorization: `Bearer ${tokens[client]}` },
      });
    await run('products-list', list);
    let n = 0;
    await run('mixed-with-signins', (client) => {
      const r = Math.random();
      if (r < 0.1) {
        n++;
        return () => signIn(n, `10.2.${(n >> 8) & 255}.${n & 255}`);
      }
      if (r < 0.2) {
        return () =>
          fetch(`${server.base}/v1/public/products?companyId=${company.id}&text=produto%20${client}`, {
            headers: { authorization: `Bearer ${tokens[client]}` },
          });
      }
      return list(client);
    });
  } finally {
    await server.stop();
    await cluster.stop();
  }
}

await main();
