/**
 * Issue 14 targets: POST /tax/calculate ≥ 2,000 items/s on one process, and the catalogue health check
 * of 100,000 products in ≤ 10 s. `npx tsx bench/tax-bench.ts` (BENCH_DIR to keep the cluster,
 * BENCH_TAX_ITEMS / BENCH_HEALTH_PRODUCTS to size it). Prints numbers, asserts nothing.
 *  1. The engine alone (calculateNfeItem, pure) — the arithmetic's ceiling.
 *  2. HTTP: the real server (`npm start` bundle) answering BENCH_TAX_ITEMS requests, BENCH_TAX_CLIENTS in
 *     flight, once from fetch and once from node:http keep-alive sockets, each with the server's and the
 *     client's CPU per request (from /proc and process.cpuUsage); next to it the raw session lookup (what
 *     the auth plugin's cache saves, decision 031) and the cached facts lookup.
 *  4. (run first, on the same server) whole invoices, issue 21: see lib/tax-nfe-bench.ts.
 *  3. Health check: 100k products of one company (set-based seed), the job's service call, next to the
 *     same findings INSERT … SELECT run raw and a bare count(*) scan of the company's products.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { TTaxCalculateRequest } from '@app/contract';
import { calculateNfeItem } from '@app/tax-engine';
import { createCompany, createPartner, createSessionToken, createUser } from '../server/src/db/factories.js';
import { loadBundledReferenceTables } from '../server/src/modules/reference/loaders/load-reference-tables.js';
import { insertHealthCheck } from '../server/src/modules/tax/health/health.repository.js';
import { runHealthCheck } from '../server/src/modules/tax/health/health.service.js';
import { insertFindingsSql } from '../server/src/modules/tax/health/health-check.sql.js';
import { findCalculationFacts } from '../server/src/modules/tax/tax-facts-cache.js';
import { startBenchCluster } from './lib/cluster.js';
import { loadAverage, startServer, timeIt } from './lib/measure.js';
import { measureInvoices } from './lib/tax-nfe-bench.js';

const ITEMS = Number(process.env.BENCH_TAX_ITEMS ?? 20_000);
const PRODUCTS = Number(process.env.BENCH_HEALTH_PRODUCTS ?? 100_000);
/** Keep-alive clients in flight against the server (an ERP's invoice lines arrive in parallel). */
const CLIENTS = Number(process.env.BENCH_TAX_CLIENTS ?? 32);
/** BENCH_TAX_SKIP_HEALTH=1: only the engine and HTTP parts (the health seed takes minutes). */
const SKIP_HEALTH = process.env.BENCH_TAX_SKIP_HEALTH === '1';
/** BENCH_TAX_ONLY_NFE=1: of the HTTP part, only the whole invoices (issue 21), skipping the single-item runs. */
const ONLY_NFE = process.env.BENCH_TAX_ONLY_NFE === '1';

const item: TTaxCalculateRequest = {
  operacao: { ufOrigem: 'SP', ufDestino: 'RJ', consumidorFinal: false, contribuinte: true, ano: 2026 },
  item: {
    vProd: '1000.00',
    vFrete: '50.00',
    icms: { cst: '10', pICMS: 12, pMVAST: 50, ajustarMva: true, pICMSST: 20, pFCPST: 2 },
    ipi: { cst: '50', pIPI: 5 },
    pis: { cst: '01', pPIS: 1.65 },
    cofins: { cst: '01', pCOFINS: 7.6 },
    ibscbs: { cst: '000', cClassTrib: '000001' },
  },
};

const rate = (n: number, ms: number) => Math.round((n / ms) * 1000);
/** CPU milliseconds (user + system) a process has used so far, from /proc (clock ticks of 10 ms). */
const cpuMsOf = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const cluster = await startBenchCluster();
const { db, pool } = cluster.database;
console.log(`load before ${loadAverage().join(' ')}`);
await loadBundledReferenceTables(pool);
const results: Record<string, unknown> = { loadBefore: loadAverage(), items: ITEMS, products: PRODUCTS };

// 1. engine alone
for (let i = 0; i < 2000; i++) calculateNfeItem(item);
const engineCpu = process.cpuUsage();
const engine = await timeIt(async () => {
  for (let i = 0; i < ITEMS; i++) calculateNfeItem(item);
});
const engineCpuUsed = process.cpuUsage(engineCpu);
results.engineItemsPerSecond = rate(ITEMS, engine.ms);
results.engineItemsPerCpuSecond = rate(ITEMS, (engineCpuUsed.user + engineCpuUsed.system) / 1000);

// 2. HTTP vs the facts query raw
const partner = await createPartner(db);
const company = await createCompany(db, { partnerId: partner.id, uf: 'SP', nomeFantasia: 'BENCH TAX' });
const user = await createUser(db, { role: 'Admin' });
const token = await createSessionToken(db, user.id);
const server = await startServer(cluster.url, cluster.dir);
// The same server computing every invoice in the request's thread: the baseline of decision 050's threads.
const threads = process.env.TAX_NFE_THREADS;
process.env.TAX_NFE_THREADS = '0';
const oneThreadServer = await startServer(cluster.url, cluster.dir);
if (threads === undefined) delete process.env.TAX_NFE_THREADS;
else process.env.TAX_NFE_THREADS = threads;
try {
  // 4. Whole invoices (issue 21): one 500-line call against 500 single calls, items/s, the engine's ceiling.
  await measureInvoices(server, token, CLIENTS, results, oneThreadServer);
  // 2. The single-item endpoint (issue 14), skipped with BENCH_TAX_ONLY_NFE=1.
  if (!ONLY_NFE) {
    const body = JSON.stringify(item);
    const call = () =>
      fetch(`${server.base}/v1/public/tax/calculate`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body,
      }).then((r) => r.arrayBuffer());
    const run = async (n: number, fn: () => Promise<unknown>, inFlight = CLIENTS) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: inFlight }, async () => {
          while (next++ < n) await fn();
        }),
      );
    };
    await run(500, call);
    // Server CPU per request: what one process can do with a core of its own, whatever else the machine runs.
    const timed = async (label: string, fn: () => Promise<unknown>) => {
      const serverCpu = cpuMsOf(server.pid);
      const clientCpu = process.cpuUsage();
      const t = await timeIt(() => run(ITEMS, fn));
      const client = process.cpuUsage(clientCpu);
      results[`${label}ItemsPerSecond`] = rate(ITEMS, t.ms);
      results[`${label}ServerCpuMsPerRequest`] = Number(((cpuMsOf(server.pid) - serverCpu) / ITEMS).toFixed(3));
      results[`${label}ClientCpuMsPerRequest`] = Number(((client.user + client.system) / 1000 / ITEMS).toFixed(3));
    };
    await timed('http', call);
    // The same requests from node:http with keep-alive sockets: fetch (undici) costs the client more CPU,
    // and on 2 shared cores the client's CPU is taken from the server's.
    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
    const { hostname, port } = new URL(server.base);
    const nodeCall = () =>
      new Promise<void>((resolve, reject) => {
        const req = http.request(
          {
            agent,
            hostname,
            port,
            method: 'POST',
            path: '/v1/public/tax/calculate',
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
            },
          },
          (res) => {
            if (res.statusCode !== 200) reject(new Error(`HTTP ${res.statusCode}`));
            res.resume();
            res.on('end', () => resolve());
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    await run(500, nodeCall);
    await timed('nodeHttp', nodeCall);
    agent.destroy();
    results.httpClients = CLIENTS;
    // The answers must be 200s, not fast refusals.
    results.httpStatus = (
      await fetch(`${server.base}/v1/public/tax/calculate`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body,
      })
    ).status;
    const facts = () =>
      findCalculationFacts(db, { ufs: ['SP', 'RJ'], date: '2026-06-01', cClassTrib: '000001', cBenef: null });
    const raw = await timeIt(() => run(ITEMS, facts, 4));
    // The one query each request still makes: the auth plugin's session lookup (token hash → user), raw.
    const sessionSql = `SELECT u.*, s.id AS session_id FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now() LIMIT 1`;
    const tokenHash = (await pool.query('SELECT token_hash FROM sessions LIMIT 1')).rows[0].token_hash;
    const sessions = await timeIt(() => run(ITEMS, () => pool.query(sessionSql, [tokenHash]), 4));
    results.rawSessionLookupPerSecond = rate(ITEMS, sessions.ms);
    // Since decision 025 the facts come from memory: this is the cached lookup, not a query.
    results.cachedFactsPerSecond = rate(ITEMS, raw.ms);
  }
} finally {
  await server.stop();
  await oneThreadServer.stop();
}

if (SKIP_HEALTH) {
  results.loadAfter = loadAverage();
  console.log(JSON.stringify(results, null, 2));
  await cluster.stop();
  process.exit(0);
}
// 3. health check at scale: a mix of clean and broken products, set-based.
await pool.query(`DELETE FROM products WHERE company_id = $1`, [company.id]);
const seeded = await timeIt(() =>
  pool.query(
    `INSERT INTO products (company_id, internal_code, description, gtin, ncm, cest, status)
     SELECT $1, 'B-' || i, 'PRODUTO BENCH ' || i,
       CASE WHEN i % 10 = 0 THEN '7891234567890' WHEN i % 3 = 0 THEN NULL ELSE '7891000100103' END,
       CASE WHEN i % 50 = 0 THEN NULL WHEN i % 41 = 0 THEN '99999999' ELSE (ARRAY['22021000','22030000','19053100','04011010'])[1 + i % 4] END,
       CASE WHEN i % 7 = 0 THEN '0300700' WHEN i % 13 = 0 THEN '0100100' ELSE NULL END, 'P'
     FROM generate_series(1, $2::int) AS i`,
    [company.id, PRODUCTS],
  ),
);
await pool.query('ANALYZE products');
results.seedMs = Math.round(seeded.ms);
const check = await insertHealthCheck(db, company.id, user.id);
const job = await timeIt(() => runHealthCheck(db, check.id));
results.healthCheckMs = Math.round(job.ms);
const done = await pool.query('SELECT products, findings FROM health_checks WHERE id = $1', [check.id]);
results.healthCheck = done.rows[0];
const rawCheck = await insertHealthCheck(db, company.id, user.id);
const statement = await timeIt(() => db.execute(insertFindingsSql(rawCheck.id, company.id, rawCheck.referenceDate)));
results.rawFindingsInsertMs = Math.round(statement.ms);
const scan = await timeIt(() => pool.query('SELECT count(*) FROM products WHERE company_id = $1', [company.id]));
results.countScanMs = Math.round(scan.ms);
results.loadAfter = loadAverage();
console.log(JSON.stringify(results, null, 2));
await cluster.stop();
