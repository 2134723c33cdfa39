/**
 * POST /nfe/validate (issue 36): a 50-item NF-e validated through HTTP (schema included) against its parts called
 * in the bench process — the raw parse (XML → tree), the rule book alone (parse + every rule), the XSD check alone
 * (libxml2, schema compiled once) and the whole service without HTTP — each measured apart, interleaved so that load
 * drift hits all alike. CPU per call beside wall time: on a shared machine the wall time follows the load.
 *   npx tsx bench/nfe-validate-bench.ts          (BENCH_NFE_SAMPLES, default 400; BENCH_DIR keeps the database)
 */
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { validateNfeRules } from '@app/tax-engine';
import { createSessionToken, createUser } from '../server/src/db/factories.js';
import { placeholderSignature, validateSchema, warmSchemas } from '../server/src/modules/nfe-validation/nfe-schema.js';
import { nfeTablesOf } from '../server/src/modules/nfe-validation/nfe-tables.js';
import { validateNfeXml } from '../server/src/modules/nfe-validation/nfe-validation.service.js';
import { parseXmlTree } from '../server/src/modules/nfe-validation/nfe-xml-scan.js';
import { loadBundledReferenceTables } from '../server/src/modules/reference/loaders/load-reference-tables.js';
import { readIndexedFacts } from '../server/src/modules/tax/tax-facts-cache.js';
import { startBenchCluster } from './lib/cluster.js';
import { loadAverage, processCpuSeconds, repoRoot, startServer, stats } from './lib/measure.js';
import { nfeItems, nfeXml } from './lib/nfe-sample.js';

const SAMPLES = Number(process.env.BENCH_NFE_SAMPLES ?? 400);
const WARMUP = 50;

const xml = nfeXml;
const items = nfeItems;
const signedXml = xml.replace('</NFe>', `${placeholderSignature}</NFe>`);

const cluster = await startBenchCluster();
const { db, pool } = cluster.database;
await loadBundledReferenceTables(pool);
const user = await createUser(db, { role: 'Admin' });
const token = await createSessionToken(db, user.id);
const server = await startServer(cluster.url, cluster.dir);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const { hostname, port } = new URL(server.base);
const body = Buffer.from(xml);
const post = () =>
  new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(
      {
        agent,
        hostname,
        port,
        method: 'POST',
        path: '/v1/public/nfe/validate',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/xml', 'content-length': body.length },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });

const tables = nfeTablesOf(await readIndexedFacts(db));
warmSchemas();
const loadBefore = loadAverage();
const first = await post();
const answer = JSON.parse(first.text) as { valida: boolean; rejeicoes: unknown[] };
if (first.status !== 200 || !answer.valida)
  throw new Error(`the bench NF-e should be valid: ${first.status} ${first.text.slice(0, 500)}`);

// In-process baselines, each called as the route calls it: the raw parse (XML → the rule book's tree), the pure rule
// book (parse + every rule in force, official tables given), the schema check (libxml2 parse + XSD, on the request's
// bytes with the placeholder signature) and the whole service (both, and the answer), without HTTP.
const signedBytes = Buffer.from(signedXml);
const baselines: Record<string, () => void> = {
  parse: () => void parseXmlTree(xml),
  ruleBook: () => {
    if (validateNfeRules(parseXmlTree(xml), { tabelas: tables }).rejeicoes.length)
      throw new Error('rule book found rejections');
  },
  schema: () => {
    const s = validateSchema(signedBytes, 'PL_010_V1.30');
    if (s.length) throw new Error(`schema errors: ${JSON.stringify(s[0])}`);
  },
  service: () => {
    if (!validateNfeXml(body, { tabelas: tables }).valida) throw new Error('service found rejections');
  },
};
const wall: Record<string, number[]> = { http: [], ...Object.fromEntries(Object.keys(baselines).map((k) => [k, []])) };
// CPU time besides wall time: on a shared machine the wall time follows the load, the CPU per call does not.
const cpu: Record<string, number> = Object.fromEntries(Object.keys(wall).map((k) => [k, 0]));
const cpuMs = (c: NodeJS.CpuUsage) => (c.user + c.system) / 1000;
for (let i = 0; i < WARMUP + SAMPLES; i++) {
  const measured = i >= WARMUP;
  const cpu0 = processCpuSeconds(server.pid);
  const t = performance.now();
  await post();
  const h = performance.now() - t;
  if (measured) {
    cpu.http! += (processCpuSeconds(server.pid) - cpu0) * 1000;
    wall.http!.push(h);
  }
  for (const [name, fn] of Object.entries(baselines)) {
    const c = process.cpuUsage();
    const t0 = performance.now();
    fn();
    const ms = performance.now() - t0;
    if (measured) {
      cpu[name]! += cpuMs(process.cpuUsage(c));
      wall[name]!.push(ms);
    }
  }
}
const loadAfter = loadAverage();
const result = {
  date: new Date().toISOString(),
  bytes: body.length,
  items: items.length,
  samples: SAMPLES,
  load: { before: loadBefore, after: loadAfter },
  wallMs: Object.fromEntries(Object.entries(wall).map(([k, v]) => [k, stats(v)])),
  // http: the server process's CPU (/proc, all its threads) per request; the others: this process per call.
  cpuMsPerCall: Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, Math.round((v / SAMPLES) * 100) / 100])),
};
console.log(JSON.stringify(result, null, 2));
const stamp = result.date.slice(0, 16).replace(/[T:]/g, '-');
writeFileSync(path.join(repoRoot, `bench/results/${stamp}-nfe-validate.json`), JSON.stringify(result, null, 2));
agent.destroy();
await server.stop();
await cluster.stop();
