/**
 * Issue 21 figures for whole invoices (POST /tax/calculate-nfe), run by tax-bench.ts on its server:
 *  - one BENCH_NFE_ITEMS-line invoice (default 500) against the same lines as single /tax/calculate calls, both
 *    BENCH_TAX_CLIENTS in flight (the best an ERP can do line by line) and one after the other; median of
 *    BENCH_NFE_REPEAT rounds;
 *  - items/s through HTTP: BENCH_NFE_INVOICES invoices, BENCH_NFE_IN_FLIGHT at a time, node:http keep-alive;
 *  - the same invoice on a second server computing it in the request's thread alone (TAX_NFE_THREADS=0,
 *    nfeOneCallOneThreadMs): what the threads of decision 050 bring;
 *  - the pure engine (calculateNfe) on the same invoice in this process: the ceiling, per second of wall clock and
 *    per second of CPU (the latter holds on a loaded machine).
 * Items/s are printed for each: nfeEngineItemsPerSecond (engine, invoice), engineItemsPerSecond (engine, single
 * item loop, tax-bench.ts), nfeSingleCallsItemsPerSecond (HTTP single calls), nfeOneCallItemsPerSecond and
 * nfeHttpItemsPerSecond (HTTP 500-item calls, one at a time / BENCH_NFE_IN_FLIGHT at a time), nfeSpeedup the ratio.
 */
import http from 'node:http';
import type { TTaxCalculateNfeRequest } from '@app/contract';
import { calculateNfe } from '@app/tax-engine';
import { processCpuSeconds, timeIt } from './measure.js';

const LINES = Number(process.env.BENCH_NFE_ITEMS ?? 500);
const REPEAT = Number(process.env.BENCH_NFE_REPEAT ?? 15);
/** Invoices sent to each server before the rounds, a burst of single calls every fifth (JIT warm-up). */
const WARM_UP = Number(process.env.BENCH_NFE_WARM_UP ?? 30);
const INVOICES = Number(process.env.BENCH_NFE_INVOICES ?? 60);
const IN_FLIGHT = Number(process.env.BENCH_NFE_IN_FLIGHT ?? 2);

/** Everyday lines of a SP → RJ sale between contributors, cycled (ST, reduction, deferral, plain). */
const lines: TTaxCalculateNfeRequest['itens'] = [
  {
    vProd: '1000.00',
    vFrete: '50.00',
    icms: { cst: '10', pICMS: 12, pMVAST: 50, ajustarMva: true, pICMSST: 20, pFCPST: 2 },
    ipi: { cst: '50', pIPI: 5 },
    pis: { cst: '01', pPIS: 1.65 },
    cofins: { cst: '01', pCOFINS: 7.6 },
    ibscbs: { cst: '000', cClassTrib: '000001' },
  },
  {
    vProd: '349.90',
    vDesc: '10.00',
    icms: { cst: '00', pICMS: 12 },
    pis: { cst: '01', pPIS: 1.65 },
    cofins: { cst: '01', pCOFINS: 7.6 },
    ibscbs: { cst: '000', cClassTrib: '000001' },
  },
  { vProd: '89.50', icms: { cst: '20', pICMS: 12, pRedBC: '33.33' }, ibscbs: { cst: '000', cClassTrib: '000001' } },
  { vProd: '1200.00', vSeg: '12.00', icms: { cst: '90', pICMS: 12 }, ipi: { cst: '50', pIPI: 10 } },
];
export const benchInvoice = (n = LINES): TTaxCalculateNfeRequest => ({
  operacao: { ufOrigem: 'SP', ufDestino: 'RJ', consumidorFinal: false, contribuinte: true, data: '2026-06-01' },
  itens: Array.from({ length: n }, (_, i) => lines[i % lines.length]!),
});

const rate = (n: number, ms: number) => Math.round((n / ms) * 1000);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function measureInvoices(
  server: { base: string; pid: number },
  token: string,
  clients: number,
  results: Record<string, unknown>,
  /** The same server with TAX_NFE_THREADS=0: the invoice computed whole in the request's thread (decision 050). */
  oneThread?: { base: string },
): Promise<void> {
  const invoice = benchInvoice();
  // The ceiling: the engine alone on the same invoice (no facts: the server's are in memory too).
  for (let i = 0; i < 5; i++) calculateNfe(invoice);
  const engineCpu = process.cpuUsage();
  const engine = await timeIt(async () => {
    for (let i = 0; i < 20; i++) calculateNfe(invoice);
  });
  const engineCpuUsed = process.cpuUsage(engineCpu);
  results.nfeEngineItemsPerSecond = rate(20 * LINES, engine.ms);
  // Per CPU second: what a core of its own would do, whatever else the machine runs.
  results.nfeEngineItemsPerCpuSecond = rate(20 * LINES, (engineCpuUsed.user + engineCpuUsed.system) / 1000);

  const agent = new http.Agent({ keepAlive: true, maxSockets: Math.max(clients, IN_FLIGHT) });
  const post = (path: string, body: string, base = server.base) =>
    new Promise<number>((resolve, reject) => {
      const { hostname, port } = new URL(base);
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
          let bytes = 0;
          res.on('data', (d: Buffer) => {
            bytes += d.length;
          });
          res.on('end', () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(`HTTP ${res.statusCode}`))));
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
  const invoiceBody = JSON.stringify(invoice);
  const singleBodies = invoice.itens.map((item) => JSON.stringify({ operacao: invoice.operacao, item }));
  const oneInvoice = () => post('/v1/public/tax/calculate-nfe', invoiceBody);
  const oneInvoiceOneThread = () => post('/v1/public/tax/calculate-nfe', invoiceBody, oneThread!.base);
  const singles = (inFlight = clients) =>
    inParallel(LINES, inFlight, (i) => post('/v1/public/tax/calculate', singleBodies[i]!));
  // Warm-up (the facts snapshot, sockets, and V8's optimising compiler: measured, a fresh server's first invoices
  // take 3–4× the time of its twentieth, and a thread of decision 050 only warms up on the parts it is given),
  // then the pairs. Both sides get the same warm-up: the invoices and as many lines sent as single calls.
  results.nfeResponseBytes = await oneInvoice();
  for (let i = 0; i < WARM_UP; i++) {
    await oneInvoice();
    if (oneThread) await oneInvoiceOneThread();
    if (i % 5 === 0) await singles();
  }
  const one: number[] = [];
  const oneAlone: number[] = [];
  const many: number[] = [];
  const oneByOne: number[] = [];
  for (let r = 0; r < REPEAT; r++) {
    one.push((await timeIt(oneInvoice)).ms);
    if (oneThread) oneAlone.push((await timeIt(oneInvoiceOneThread)).ms);
    many.push((await timeIt(() => singles())).ms);
    // An ERP sending its lines one after the other (one request in flight).
    oneByOne.push((await timeIt(() => singles(1))).ms);
  }
  results.nfeItems = LINES;
  results.nfeOneCallMs = Math.round(median(one));
  if (oneThread) results.nfeOneCallOneThreadMs = Math.round(median(oneAlone));
  results.nfeSingleCallsMs = Math.round(median(many));
  results.nfeSpeedup = Number((median(many) / median(one)).toFixed(1));
  // The same pair as items per second: one whole invoice against its lines sent one per call.
  results.nfeOneCallItemsPerSecond = rate(LINES, median(one));
  results.nfeSingleCallsItemsPerSecond = rate(LINES, median(many));
  results.nfeSingleCallsInSequenceMs = Math.round(median(oneByOne));
  results.nfeSpeedupOverSequence = Number((median(oneByOne) / median(one)).toFixed(1));

  const serverCpu = processCpuSeconds(server.pid);
  const clientCpu = process.cpuUsage();
  const sustained = await timeIt(() => inParallel(INVOICES, IN_FLIGHT, oneInvoice));
  const client = process.cpuUsage(clientCpu);
  const items = INVOICES * LINES;
  results.nfeHttpItemsPerSecond = rate(items, sustained.ms);
  results.nfeHttpInvoicesInFlight = IN_FLIGHT;
  results.nfeServerCpuMsPerItem = Number((((processCpuSeconds(server.pid) - serverCpu) * 1000) / items).toFixed(4));
  results.nfeClientCpuMsPerItem = Number(((client.user + client.system) / 1000 / items).toFixed(4));
  agent.destroy();
}
