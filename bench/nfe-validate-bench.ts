/**
 * POST /nfe/validate (issue 36): a 50-item NF-e validated through HTTP (schema included) against its two parts
 * called in the bench process — the rule book alone (XML → tree → every rule) and the XSD check alone (libxml2,
 * schema compiled once) — each measured apart, interleaved so that load drift hits all three alike.
 *   npx tsx bench/nfe-validate-bench.ts          (BENCH_NFE_SAMPLES, default 400; BENCH_DIR keeps the database)
 */
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { nodeToXml, type SampleItem, sampleNfe, validateNfeRules } from '@app/tax-engine';
import { createSessionToken, createUser } from '../server/src/db/factories.js';
import { placeholderSignature, validateSchema, warmSchemas } from '../server/src/modules/nfe-validation/nfe-schema.js';
import { nfeTablesOf } from '../server/src/modules/nfe-validation/nfe-tables.js';
import { parseXmlTree } from '../server/src/modules/nfe-validation/nfe-xml-tree.js';
import { loadBundledReferenceTables } from '../server/src/modules/reference/loaders/load-reference-tables.js';
import { readIndexedFacts } from '../server/src/modules/tax/tax-facts-cache.js';
import { startBenchCluster } from './lib/cluster.js';
import { loadAverage, processCpuSeconds, repoRoot, startServer, stats } from './lib/measure.js';

const SAMPLES = Number(process.env.BENCH_NFE_SAMPLES ?? 400);
const WARMUP = 50;

// 50 items of the shapes an ERP sends: full ICMS, ST, reduced base, IPI, PIS/COFINS, IBS/CBS full, reduced, deferred.
const items: SampleItem[] = Array.from({ length: 50 }, (_, i) => ({
  vProd: `${(37.5 * (i + 1)).toFixed(2)}`,
  vDesc: i % 7 === 0 ? '1.50' : undefined,
  icms:
    i % 5 === 1
      ? { cst: '10', pICMS: '18', st: { pMVAST: '40', pICMSST: '18' } }
      : i % 5 === 2
        ? { cst: '20', pICMS: '18', pRedBC: '33.33' }
        : { cst: '00', pICMS: '18' },
  ipi: i % 3 === 0 ? { pIPI: '5' } : undefined,
  pisCofins: { pPIS: '1.65', pCOFINS: '7.6' },
  ibscbs:
    i % 4 === 1
      ? { cst: '200', cClassTrib: '200034', pRedAliq: '60' }
      : i % 4 === 2
        ? { cst: '515', cClassTrib: '515001', pRedAliq: '60', pDif: '100' }
        : { cst: '000', cClassTrib: '000001' },
}));
const xml = `<?xml version="1.0" encoding="UTF-8"?>${nodeToXml(
  sampleNfe({
    emitente: { cnpj: '11222333000181', uf: 'SP', crt: '3' },
    destinatario: { cnpj: '11444777000161', uf: 'SP', contribuinte: true },
    data: '2026-10-10',
    items,
  }),
)}`;
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

const http_: number[] = [];
const rules: number[] = [];
const schema: number[] = [];
// CPU time besides wall time: on a shared machine the wall time follows the load, the CPU per call does not.
let serverCpu = 0;
let rulesCpu = 0;
let schemaCpu = 0;
const cpuMs = (c: NodeJS.CpuUsage) => (c.user + c.system) / 1000;
for (let i = 0; i < WARMUP + SAMPLES; i++) {
  const measured = i >= WARMUP;
  const cpu0 = processCpuSeconds(server.pid);
  let t = performance.now();
  await post();
  const h = performance.now() - t;
  if (measured) serverCpu += (processCpuSeconds(server.pid) - cpu0) * 1000;
  let c = process.cpuUsage();
  t = performance.now();
  const r = validateNfeRules(parseXmlTree(xml), { tabelas: tables });
  const rr = performance.now() - t;
  if (measured) rulesCpu += cpuMs(process.cpuUsage(c));
  if (r.rejeicoes.length) throw new Error('rule book found rejections');
  c = process.cpuUsage();
  t = performance.now();
  const s = validateSchema(signedXml, 'PL_010_V1.30');
  const ss = performance.now() - t;
  if (measured) schemaCpu += cpuMs(process.cpuUsage(c));
  if (s.length) throw new Error(`schema errors: ${JSON.stringify(s[0])}`);
  if (measured) {
    http_.push(h);
    rules.push(rr);
    schema.push(ss);
  }
}
const loadAfter = loadAverage();
const result = {
  date: new Date().toISOString(),
  bytes: body.length,
  items: items.length,
  samples: SAMPLES,
  load: { before: loadBefore, after: loadAfter },
  httpMs: stats(http_),
  ruleBookMs: stats(rules),
  schemaMs: stats(schema),
  cpuMsPerCall: {
    serverPerRequest: Math.round((serverCpu / SAMPLES) * 100) / 100,
    ruleBook: Math.round((rulesCpu / SAMPLES) * 100) / 100,
    schema: Math.round((schemaCpu / SAMPLES) * 100) / 100,
  },
};
console.log(JSON.stringify(result, null, 2));
const stamp = result.date.slice(0, 16).replace(/[T:]/g, '-');
writeFileSync(path.join(repoRoot, `bench/results/${stamp}-nfe-validate.json`), JSON.stringify(result, null, 2));
agent.destroy();
await server.stop();
await cluster.stop();
