/**
 * The server's memory while it imports the kept cluster's 100k-row file: `BENCH_DIR=/tmp/bench npx tsx
 * bench/import-memory.ts`. Starts the production bundle like products-bench.ts, samples its RSS every 100 ms
 * during one import and prints the curve (idle, peak, after) — where the import's memory goes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createSessionToken } from '../server/src/db/factories.js';
import { startBenchCluster } from './lib/cluster.js';
import { processCpuSeconds, procMemoryMb, startServer } from './lib/measure.js';
import { importHttp } from './lib/scenarios.js';

/** CPU of every postgres process alive now (backends come and go: read before and after). */
function postgresCpuSeconds(): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') total += processCpuSeconds(Number(pid));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

if (!process.env.BENCH_DIR) throw new Error('BENCH_DIR must point at a cluster seeded by products-bench.ts');
const cluster = await startBenchCluster();
const { pool, db } = cluster.database;
const company = (await pool.query(`SELECT id FROM companies WHERE nome_fantasia = 'SUPERMERCADO BENCH'`)).rows[0];
const member = (await pool.query(`SELECT id FROM users WHERE name = 'Membro Bench'`)).rows[0];
await pool.query(`DELETE FROM products WHERE company_id = $1 AND internal_code LIKE 'I%'`, [company.id]);
const server = await startServer(cluster.url, cluster.dir);
try {
  const token = await createSessionToken(db, member.id);
  const http = { base: server.base, headers: { authorization: `Bearer ${token}` } };
  const samples: number[] = [];
  const timer = setInterval(() => samples.push(procMemoryMb(server.pid, 'VmRSS')), 100);
  const idle = procMemoryMb(server.pid, 'VmRSS');
  const cpu0 = { server: processCpuSeconds(server.pid), postgres: postgresCpuSeconds() };
  const t = performance.now();
  const counts = await importHttp(http, company.id, path.join(cluster.dir, 'import.csv'));
  clearInterval(timer);
  const secs = ((performance.now() - t) / 1000).toFixed(1);
  const every = Math.max(1, Math.floor(samples.length / 20));
  console.log(`import ${secs} s`, counts);
  console.log(
    `CPU: server ${(processCpuSeconds(server.pid) - cpu0.server).toFixed(1)} s, PostgreSQL (all its processes) ${(postgresCpuSeconds() - cpu0.postgres).toFixed(1)} s`,
  );
  console.log(`RSS idle ${idle} MB, peak ${Math.max(...samples)} MB (VmHWM ${procMemoryMb(server.pid, 'VmHWM')} MB)`);
  console.log(`curve (MB, every ${every * 100} ms): ${samples.filter((_, i) => i % every === 0).join(' ')}`);
} finally {
  await pool.query(`DELETE FROM products WHERE company_id = $1 AND internal_code LIKE 'I%'`, [company.id]);
  await server.stop();
  await cluster.stop();
}
