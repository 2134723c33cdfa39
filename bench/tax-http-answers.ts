/**
 * The tax endpoints' answers, byte for byte, and the server's CPU per item: run it before and after a speed
 * change of the routes and compare the answer files with `cmp` (engine-answers.ts covers the engine alone, not
 * the validation or the printing). Posts pseudo-random invoices and single items (a fixed seed; valid and
 * refused ones, so the 400 messages are compared too) to the real server, writes status and body of each.
 *   npx tsx bench/tax-http-answers.ts /tmp/after.txt
 * BENCH_ANSWERS_CPU_INVOICES (default 40): 500-line invoices posted afterwards, 2 in flight, to print the
 * server's CPU ms per item (and BENCH_ANSWERS_CPU_SINGLES single calls, default 2000, 16 in flight).
 * BENCH_DIR keeps the database between runs.
 */
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { createSessionToken, createUser } from '../server/src/db/factories.js';
import { loadBundledReferenceTables } from '../server/src/modules/reference/loaders/load-reference-tables.js';
import { startBenchCluster } from './lib/cluster.js';
import { loadAverage, processCpuSeconds, startServer } from './lib/measure.js';
import { benchInvoice } from './lib/tax-nfe-bench.js';

const CPU_INVOICES = Number(process.env.BENCH_ANSWERS_CPU_INVOICES ?? 40);
const CPU_SINGLES = Number(process.env.BENCH_ANSWERS_CPU_SINGLES ?? 2000);

let seed = 4242;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const maybe = <T>(p: number, value: () => T) => (random() < p ? value() : undefined);
const amount = () => {
  const text = (random() * pick([10, 1000, 100_000])).toFixed(pick([0, 2, 2, 3]));
  return pick<string | number>([text, Number(text)]);
};
const rate = () => pick([0, 4, 7, 12, 17, 18, 20.5, 25, 33.33]);
const ufs = ['SP', 'RJ', 'MG', 'PR', 'SC', 'RS', 'BA', 'AM', 'XX'] as const;

const operacao = () => ({
  ufOrigem: pick(ufs),
  ufDestino: pick(ufs),
  consumidorFinal: random() < 0.3,
  contribuinte: random() < 0.8,
  crt: maybe(0.2, () => pick([1, 3, 5])),
  ...(random() < 0.7 ? { data: pick(['2026-06-01', '2025-05-10', '2027-01-15', '2026-02-30']) } : { ano: 2026 }),
});
const item = () => ({
  vProd: amount(),
  vFrete: maybe(0.3, amount),
  vSeg: maybe(0.1, amount),
  vDesc: maybe(0.2, () => pick(['1.00', '10.00', 99999999])),
  vOutro: maybe(0.1, amount),
  ncm: maybe(0.1, () => pick(['22030000', '99999999'])),
  icms: {
    cst: pick(['00', '00', '10', '20', '40', '51', '60', '70', '90', '101', '1']),
    pICMS: rate(),
    pRedBC: maybe(0.3, rate),
    pMVAST: maybe(0.5, rate),
    ajustarMva: maybe(0.3, () => random() < 0.5),
    pICMSST: maybe(0.6, rate),
    pFCP: maybe(0.2, rate),
    pFCPST: maybe(0.2, rate),
    pDif: maybe(0.2, rate),
    motDesICMS: maybe(0.1, () => pick(['9', '77'])),
  },
  ipi: maybe(0.4, () => ({ cst: pick(['50', '00', '99', '52']), pIPI: rate() })),
  pis: maybe(0.4, () => ({ cst: pick(['01', '02', '49']), pPIS: pick([0.65, 1.65, 2]) })),
  cofins: maybe(0.4, () => ({ cst: pick(['01', '02', '49']), pCOFINS: pick([3, 7.6, 9.6]) })),
  ibscbs: maybe(0.6, () => ({ cst: pick(['000', '200', '410']), cClassTrib: pick(['000001', '200003', '999999']) })),
});
// The bench's lines as well (every valid): items of all those kinds answer 200 at least once.
const lines = benchInvoice(4);

const requests: { path: string; body: string }[] = [];
const nfe = (body: unknown) => requests.push({ path: '/v1/public/tax/calculate-nfe', body: JSON.stringify(body) });
const single = (body: unknown) => requests.push({ path: '/v1/public/tax/calculate', body: JSON.stringify(body) });
nfe(benchInvoice());
nfe({ ...benchInvoice(7), operacao: { ...lines.operacao, data: '2021-02-01' } });
for (let i = 0; i < 150; i++) {
  const op = random() < 0.6 ? lines.operacao : operacao();
  const n = pick([1, 2, 5, 20]);
  const itens = Array.from({ length: n }, () => (random() < 0.5 ? pick(lines.itens) : item()));
  nfe({ operacao: op, itens });
  for (const it of itens.slice(0, 2)) single({ operacao: op, item: it });
}
// Large invoices, whose lines the server shares with its threads (decision 050): a rare random line (often refused)
// among everyday ones, so refusals land in either part.
for (let i = 0; i < 12; i++) {
  const op = random() < 0.6 ? lines.operacao : operacao();
  const n = 64 + Math.floor(random() * 400);
  nfe({ operacao: op, itens: Array.from({ length: n }, () => (random() < 0.01 ? item() : pick(lines.itens))) });
}
for (const body of [
  {},
  { operacao: lines.operacao },
  { operacao: lines.operacao, itens: [] },
  { operacao: lines.operacao, itens: 'x' },
  { operacao: lines.operacao, itens: [null, 1, {}] },
  { operacao: { ...lines.operacao, ufOrigem: 'XX' }, itens: [{}] },
  { operacao: { ...lines.operacao, ano: 2025 }, itens: lines.itens },
  { operacao: lines.operacao, itens: Array.from({ length: 991 }, () => lines.itens[1]) },
  { operacao: lines.operacao, itens: [...lines.itens, { ...lines.itens[0], extra: 1 }] },
])
  nfe(body);

const cluster = await startBenchCluster();
const { db, pool } = cluster.database;
await loadBundledReferenceTables(pool);
const user = await createUser(db, { role: 'Admin' });
const token = await createSessionToken(db, user.id);
const server = await startServer(cluster.url, cluster.dir);
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
const { hostname, port } = new URL(server.base);
const post = (path: string, body: string) =>
  new Promise<{ status: number; type: string; text: string }>((resolve, reject) => {
    const req = http.request(
      {
        agent,
        hostname,
        port,
        method: 'POST',
        path,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            type: String(res.headers['content-type']),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
const inParallel = async (n: number, inFlight: number, fn: (i: number) => Promise<unknown>) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < n) await fn(next++);
    }),
  );
};

try {
  const out: string[] = [];
  const statuses = new Map<number, number>();
  for (const r of requests) {
    const res = await post(r.path, r.body);
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    out.push(`${r.path} ${res.status} ${res.type}\n${r.body}\n${res.text}\n`);
  }
  writeFileSync(process.argv[2] ?? '/tmp/tax-http-answers.txt', out.join(''));
  console.log(`${requests.length} answers, by status: ${JSON.stringify(Object.fromEntries(statuses))}`);

  const invoice = JSON.stringify(benchInvoice());
  const singles = benchInvoice().itens.map((it) => JSON.stringify({ operacao: lines.operacao, item: it }));
  for (let i = 0; i < 6; i++) await post('/v1/public/tax/calculate-nfe', invoice);
  await inParallel(1000, 16, (i) => post('/v1/public/tax/calculate', singles[i % singles.length]!));
  console.log(`load ${loadAverage().join(' ')}`);
  let cpu = processCpuSeconds(server.pid);
  let t = performance.now();
  await inParallel(CPU_INVOICES, 2, () => post('/v1/public/tax/calculate-nfe', invoice));
  const items = CPU_INVOICES * 500;
  const nfeCpu = ((processCpuSeconds(server.pid) - cpu) * 1000) / items;
  const nfeRate = Math.round(items / ((performance.now() - t) / 1000));
  cpu = processCpuSeconds(server.pid);
  t = performance.now();
  await inParallel(CPU_SINGLES, 16, (i) => post('/v1/public/tax/calculate', singles[i % singles.length]!));
  const singleCpu = ((processCpuSeconds(server.pid) - cpu) * 1000) / CPU_SINGLES;
  const singleRate = Math.round(CPU_SINGLES / ((performance.now() - t) / 1000));
  console.log(
    `server CPU per item: invoice ${nfeCpu.toFixed(4)} ms (${nfeRate} items/s), ` +
      `single call ${singleCpu.toFixed(4)} ms (${singleRate} items/s); load ${loadAverage().join(' ')}`,
  );
} finally {
  agent.destroy();
  await server.stop();
  await cluster.stop();
}
