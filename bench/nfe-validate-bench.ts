/**
 * POST /nfe/validate (issue 36): a 50-item NF-e validated through HTTP (schema included) by two servers of the same
 * build — the default (the schema's fast path proves the document valid on the rule book's tree, decision 077) and
 * every document checked by libxml2 in its thread (NFE_SCHEMA_FAST=0, decision 073, the "before") — against its parts
 * called in the bench process: the raw parse (XML → tree), the rule book alone (parse + every rule), the XSD check by
 * libxml2 alone (schema compiled once), the fast path alone (on a parsed tree) and the whole service without HTTP in
 * both modes. Each measured apart, in blocks of calls interleaved round after round so that load drift
 * hits all alike; CPU per call beside wall time (on a shared machine the wall time follows the load). Then the event
 * loop's longest stall while each server validates a 990-item NF-e (the layout's most), measured by small requests.
 *   npx tsx bench/nfe-validate-bench.ts   (BENCH_NFE_SAMPLES, default 400; BENCH_NFE_BLOCK, default 200;
 *                                          BENCH_NFE_PAUSE_MS, default 20; BENCH_DIR keeps the database)
 */
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { nodeToXml, sampleNfe, validateNfeRules } from '@app/tax-engine';
import { createSessionToken, createUser } from '../server/src/db/factories.js';
import { placeholderSignature, validateSchema, warmSchemas } from '../server/src/modules/nfe-validation/nfe-schema.js';
import { nfeSchemaCheck } from '../server/src/modules/nfe-validation/nfe-schema-check.js';
import { nfeTablesOf } from '../server/src/modules/nfe-validation/nfe-tables.js';
import { validateNfeXml } from '../server/src/modules/nfe-validation/nfe-validation.service.js';
import { parseXmlTree, type TreeFacts } from '../server/src/modules/nfe-validation/nfe-xml-scan.js';
import { treeDoubt } from '../server/src/modules/nfe-validation/xsd-fast/fast-check.js';
import { loadBundledReferenceTables } from '../server/src/modules/reference/loaders/load-reference-tables.js';
import { readIndexedFacts } from '../server/src/modules/tax/tax-facts-cache.js';
import { startBenchCluster } from './lib/cluster.js';
import { loadAverage, processCpuSeconds, repoRoot, type ServerProcess, startServer, stats } from './lib/measure.js';
import { nfeItems, nfeXml } from './lib/nfe-sample.js';

const SAMPLES = Number(process.env.BENCH_NFE_SAMPLES ?? 400);
// libxml2's wasm reaches its optimised tier after ≈ 150 checks (measured): the warm-up covers it in every thread.
const WARMUP = 200;
const STALL_RUNS = 10;
/**
 * Calls per target in a row (BENCH_NFE_BLOCK), and the pause before each block. By default each target is measured
 * apart, 200 calls at a time (issue 36: "each measured apart"); 1 interleaves every call.
 */
const BLOCK = Number(process.env.BENCH_NFE_BLOCK ?? 200);
const PAUSE_MS = Number(process.env.BENCH_NFE_PAUSE_MS ?? 20);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

const xml = nfeXml;
const items = nfeItems;
const signedXml = xml.replace('</NFe>', `${placeholderSignature}</NFe>`);
const largeXml = `<?xml version="1.0" encoding="UTF-8"?>${nodeToXml(
  sampleNfe({
    emitente: { cnpj: '11222333000181', uf: 'SP', crt: '3' },
    destinatario: { cnpj: '11444777000161', uf: 'SP', contribuinte: true },
    data: '2026-10-10',
    items: Array.from({ length: 990 }, (_, i) => nfeItems[i % nfeItems.length]!),
  }),
)}`;

const cluster = await startBenchCluster();
const { db, pool } = cluster.database;
await loadBundledReferenceTables(pool);
const user = await createUser(db, { role: 'Admin' });
const token = await createSessionToken(db, user.id);

interface Target {
  server: ServerProcess;
  agent: http.Agent;
}
const request = (t: Target, method: string, urlPath: string, body?: Buffer) =>
  new Promise<{ status: number; text: string }>((resolve, reject) => {
    const { hostname, port } = new URL(t.server.base);
    const headers: http.OutgoingHttpHeaders = { authorization: `Bearer ${token}` };
    if (body) Object.assign(headers, { 'content-type': 'application/xml', 'content-length': body.length });
    const req = http.request({ agent: t.agent, hostname, port, method, path: urlPath, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(body);
  });
const body = Buffer.from(xml);
const post = (t: Target, b = body) => request(t, 'POST', '/v1/public/nfe/validate', b);

/** A server of the current build; `libxml2Only` starts it with NFE_SCHEMA_FAST=0. Its first NF-e must be valid. */
async function start(libxml2Only: boolean): Promise<Target> {
  if (libxml2Only) process.env.NFE_SCHEMA_FAST = '0';
  else delete process.env.NFE_SCHEMA_FAST;
  const target = {
    server: await startServer(cluster.url, cluster.dir),
    agent: new http.Agent({ keepAlive: true, maxSockets: 1 }),
  };
  delete process.env.NFE_SCHEMA_FAST;
  const first = await post(target);
  if (first.status !== 200 || !(JSON.parse(first.text) as { valida: boolean }).valida)
    throw new Error(`the bench NF-e should be valid: ${first.status} ${first.text.slice(0, 500)}`);
  return target;
}
// Each server answers its first NF-e (its thread started, its modules loaded) before the next one is started.
const fastPath = await start(false);
const libxml2Only = await start(true);

const tables = nfeTablesOf(await readIndexedFacts(db));
warmSchemas();
const loadBefore = loadAverage();

// In-process baselines, each called as the route calls it: the raw parse (XML → the rule book's tree), the pure rule
// book (parse + every rule in force, official tables given), the schema check by libxml2 (parse + XSD, on the
// request's bytes with the placeholder signature), the fast path alone (on a tree already parsed, as the service
// calls it) and the whole service (both, and the answer) without HTTP, with and without the fast path (CPU: the
// whole process, libxml2's thread included).
const signedBytes = Buffer.from(signedXml);
const facts: TreeFacts = { plain: true, nfe: 0 };
const tree = parseXmlTree(xml, facts);
if (treeDoubt(xml, tree, facts, 'PL_010_V1.30', false) !== null) throw new Error('the fast path should prove it');
const service = async (fast: boolean) => {
  nfeSchemaCheck.options.fast = fast;
  if (!(await validateNfeXml(body, { tabelas: tables })).valida) throw new Error('service found rejections');
};
const baselines: Record<string, () => unknown> = {
  parse: () => void parseXmlTree(xml),
  ruleBook: () => {
    if (validateNfeRules(parseXmlTree(xml), { tabelas: tables }).rejeicoes.length)
      throw new Error('rule book found rejections');
  },
  schema: () => {
    const s = validateSchema(signedBytes, 'PL_010_V1.30');
    if (s.length) throw new Error(`schema errors: ${JSON.stringify(s[0])}`);
  },
  fastCheck: () => {
    if (treeDoubt(xml, tree, facts, 'PL_010_V1.30', false) !== null) throw new Error('not proven');
  },
  service: () => service(true),
  serviceLibxml2: () => service(false),
};
const servers: Record<string, Target> = { http: fastPath, httpLibxml2: libxml2Only };
const names = [...Object.keys(servers), ...Object.keys(baselines)];
const wall: Record<string, number[]> = Object.fromEntries(names.map((k) => [k, []]));
// CPU time besides wall time: on a shared machine the wall time follows the load, the CPU per call does not.
const cpu: Record<string, number> = Object.fromEntries(names.map((k) => [k, 0]));
const cpuMs = (c: NodeJS.CpuUsage) => (c.user + c.system) / 1000;
// In blocks of BLOCK calls per target, round after round: each target's calls follow one another as an ERP's would,
// without the other targets' work (another server's thread, the in-process phases' allocation and collection) running
// between them on the same 2 cores; the rounds still interleave the targets, so load drift hits all alike.
for (let round = 0; round < (WARMUP + SAMPLES) / BLOCK; round++) {
  const measured = round >= WARMUP / BLOCK;
  for (const [name, target] of Object.entries(servers)) {
    // A pause before each block, as between an ERP's calls, for the previous block's collection to finish.
    await pause(PAUSE_MS);
    for (let k = 0; k < BLOCK; k++) {
      const cpu0 = processCpuSeconds(target.server.pid);
      const t = performance.now();
      await post(target);
      const ms = performance.now() - t;
      if (measured) {
        cpu[name]! += (processCpuSeconds(target.server.pid) - cpu0) * 1000;
        wall[name]!.push(ms);
      }
    }
  }
  for (const [name, fn] of Object.entries(baselines)) {
    await pause(PAUSE_MS);
    for (let k = 0; k < BLOCK; k++) {
      const c = process.cpuUsage();
      const t0 = performance.now();
      await fn();
      const ms = performance.now() - t0;
      if (measured) {
        cpu[name]! += cpuMs(process.cpuUsage(c));
        wall[name]!.push(ms);
      }
    }
  }
}
const loadAfter = loadAverage();

/**
 * The event loop's longest stall while a server validates the 990-item NF-e: small requests (an unknown path, 404)
 * are sent one after another meanwhile, and the slowest one counts. With the check in its thread only the rule book
 * (and the body's reading) holds the loop.
 */
async function longestStall(target: Target): Promise<{ validateMs: number; stallMs: number }> {
  const probe: Target = { server: target.server, agent: new http.Agent({ keepAlive: true, maxSockets: 1 }) };
  await request(probe, 'GET', '/v1/public/none');
  const large = Buffer.from(largeXml);
  let done = false;
  const t = performance.now();
  const validated = post(target, large).then((r) => {
    done = true;
    if (r.status !== 200) throw new Error(`990 items: ${r.status} ${r.text.slice(0, 300)}`);
    return performance.now() - t;
  });
  let stallMs = 0;
  while (!done) {
    const t0 = performance.now();
    await request(probe, 'GET', '/v1/public/none');
    stallMs = Math.max(stallMs, performance.now() - t0);
  }
  const validateMs = await validated;
  probe.agent.destroy();
  return { validateMs, stallMs };
}
const stall: Record<string, { validateMs: number; stallMs: number }[]> = { http: [], httpLibxml2: [] };
for (let i = 0; i < STALL_RUNS + 2; i++)
  for (const [name, target] of Object.entries(servers)) {
    const r = await longestStall(target);
    if (i >= 2) stall[name]!.push(r);
  }
const median = (v: number[]) => Math.round(v.sort((a, b) => a - b)[v.length >> 1]! * 10) / 10;

const result = {
  date: new Date().toISOString(),
  bytes: body.length,
  items: items.length,
  samples: SAMPLES,
  block: BLOCK,
  pauseMs: PAUSE_MS,
  load: { before: loadBefore, after: loadAfter },
  wallMs: Object.fromEntries(Object.entries(wall).map(([k, v]) => [k, stats(v)])),
  // http*: the server process's CPU (/proc, all its threads) per request; the others: this process (all threads).
  cpuMsPerCall: Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, Math.round((v / SAMPLES) * 100) / 100])),
  // 990 items (≈ 1.2 MB): the answer's time and the event loop's longest stall meanwhile, medians of STALL_RUNS.
  large: {
    bytes: Buffer.byteLength(largeXml),
    ...Object.fromEntries(
      Object.entries(stall).map(([k, v]) => [
        k,
        { validateMs: median(v.map((r) => r.validateMs)), longestStallMs: median(v.map((r) => r.stallMs)) },
      ]),
    ),
  },
};
console.log(JSON.stringify(result, null, 2));
const stamp = result.date.slice(0, 16).replace(/[T:]/g, '-');
writeFileSync(path.join(repoRoot, `bench/results/${stamp}-nfe-validate.json`), JSON.stringify(result, null, 2));
for (const target of Object.values(servers)) {
  target.agent.destroy();
  await target.server.stop();
}
await nfeSchemaCheck.close();
await cluster.stop();
