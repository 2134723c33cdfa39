/**
 * The server's resident memory when idle: `npx tsx bench/idle-memory.ts` (temp cluster, ~1 min).
 * Env: BENCH_IDLE_SECONDS (default 15) — how long the server sits idle for each reading (sampled every 500 ms;
 * the last and the lowest sample are printed: RSS falls only when V8 collects and returns pages).
 *
 * Starts the production bundle with `npm start`'s node flags (bench/lib/measure.ts) against a cluster of
 * its own, so the figure is the Node process alone, never PostgreSQL. Readings of /proc/<pid>/status:
 * 0. idle after the database's first start (it loads the reference tables), then stopped;
 * 1. idle after an ordinary start (migrations and reference tables checked, job workers polling);
 * 2. idle after a walk: every GET operation of the OpenAPI document without path parameters, as an Admin,
 *    plus the API docs page, the web app's index and the products XLSX export of a small catalogue;
 * and the peak (VmHWM) over the whole run. Baseline beside it: an empty `node` process with the same flags.
 */
import { execFileSync } from 'node:child_process';
import {
  createCompany,
  createPartner,
  createProduct,
  createSessionToken,
  createUser,
} from '../server/src/db/factories.js';
import { startBenchCluster } from './lib/cluster.js';
import { loadAverage, procMemoryMb, startServer } from './lib/measure.js';

const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 15);
const sleep = (s: number) => new Promise((r) => setTimeout(r, s * 1000));

/** RSS sampled every 500 ms while the server sits idle: the last reading and the lowest (after a collection). */
async function idleRss(pid: number): Promise<{ last: number; min: number }> {
  const samples: number[] = [];
  for (let t = 0; t < idleSeconds * 2; t++) {
    await sleep(0.5);
    samples.push(procMemoryMb(pid, 'VmRSS'));
  }
  return { last: samples.at(-1)!, min: Math.min(...samples) };
}

function emptyNodeRssMb(): number {
  const out = execFileSync(process.execPath, [
    '--max-old-space-size=256',
    '-e',
    'setTimeout(() => console.log(process.memoryUsage().rss), 500)',
  ]);
  return Math.round(Number(out.toString()) / 104857.6) / 10;
}

const load0 = loadAverage();
const cluster = await startBenchCluster();
const { db } = cluster.database;
const partner = await createPartner(db);
const admin = await createUser(db, { role: 'Admin', partnerId: null });
const company = await createCompany(db, { partnerId: partner.id, uf: 'SP' });
for (let i = 0; i < 200; i++) await createProduct(db, { companyId: company.id, internalCode: `IM-${i}` });
// The first start of a database loads the official reference tables (tens of MB of garbage the heap keeps
// committed for a while): measured, then stopped; the figures that follow are those of an ordinary start.
const first = await startServer(cluster.url, cluster.dir);
const firstStart = await idleRss(first.pid);
await first.stop();
const server = await startServer(cluster.url, cluster.dir);
try {
  const afterStart = await idleRss(server.pid);
  const token = await createSessionToken(db, admin.id);
  const headers = { authorization: `Bearer ${token}` };
  const doc = (await (await fetch(`${server.base}/docs/json`)).json()) as { paths: Record<string, object> };
  const gets = Object.entries(doc.paths)
    .filter(([p, ops]) => 'get' in ops && !p.includes('{'))
    .map(([p]) => p);
  const statuses: Record<number, number> = {};
  for (const p of [...gets, '/docs', '/', `/v1/public/products/export?format=XLSX&companyId=${company.id}`]) {
    const res = await fetch(`${server.base}${p}`, { headers });
    await res.arrayBuffer();
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
  }
  const afterWalk = procMemoryMb(server.pid, 'VmRSS');
  const idleAfterWalk = await idleRss(server.pid);
  const peak = procMemoryMb(server.pid, 'VmHWM');
  console.log(
    JSON.stringify(
      {
        date: new Date().toISOString(),
        loadBefore: load0,
        loadAfter: loadAverage(),
        emptyNodeRssMb: emptyNodeRssMb(),
        idleAfterFirstStartMb: firstStart,
        idleAfterStartMb: afterStart,
        rightAfterWalkMb: afterWalk,
        idleAfterWalkMb: idleAfterWalk,
        peakMb: peak,
        requests: gets.length + 3,
        statuses,
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
  await cluster.stop();
}
