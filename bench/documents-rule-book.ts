/**
 * The rule book's share of reading an NF-e in the documents import, in process (no server, no database, no thread):
 * `npx tsx bench/documents-rule-book.ts`. The NF-e of bench/documents-bench.ts (BENCH_ITEMS items, default 10) are read
 * by the import's own reader with the rule book off and on (`auditRules`, DOCUMENTS_AUDIT_RULES), interleaved
 * BENCH_ROUNDS times, and `validateNfeRules` alone on their trees; CPU per NF-e (median and minimum of the rounds: the
 * machine is shared, the minimum is the least disturbed). A quick check beside documents-bench.ts, whose server CPU
 * at load moves more than the rule book's share. Prints numbers; asserts nothing.
 */
import os from 'node:os';
import { validateNfeRules } from '@app/tax-engine';
import { buildNfeXml } from '../server/src/modules/documents/documents.fixtures.js';
import { DEFAULT_READ_LIMITS } from '../server/src/modules/documents/read/nfe-layout-limits.js';
import { readNfeXml } from '../server/src/modules/documents/read/nfe-xml-reader.js';
import { parseXmlTree } from '../server/src/modules/nfe-validation/nfe-xml-scan.js';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const DOCS = 500;
// The items of documents-bench.ts: 5,000 codes, a price per code, quantities 1–12, every 7th item at 12 %.
const NCMS = ['22030000', '22021000', '19053100', '04012010', '09012100'];
const price = (code: number) => 2 + ((code * 7919) % 4000) / 100;
const quantity = (n: number) => 1 + ((Math.imul(n + 1, 2654435761) >>> 0) % 12);
const item = (n: number) => {
  const code = n % 5_000;
  const rate = n % 7 === 0 ? '12.00' : '18.00';
  const vProd = ((Math.round(price(code) * 100) * quantity(n)) / 100).toFixed(2);
  return {
    code: `P${code}`,
    description: `PRODUTO ${code}`,
    ncm: NCMS[code % NCMS.length]!,
    cfop: '5102',
    vProd,
    icms: { cst: '00', pICMS: rate, vICMS: ((Number(vProd) * Number(rate)) / 100).toFixed(2) },
  };
};
const xmls = Array.from({ length: DOCS }, (_, d) =>
  buildNfeXml({
    issuerCnpj: '11222333000181',
    issuerUf: 'SP',
    recipientCnpj: '44555666000181',
    recipientUf: 'SP',
    number: d + 1,
    items: Array.from({ length: ITEMS }, (_, k) => item(d * ITEMS + k)),
  }),
);
const files = xmls.map((x) => Buffer.from(x));
const trees = xmls.map((x) => parseXmlTree(x));

async function* once(b: Buffer) {
  yield b;
}
let rejections = 0;
const read = async (auditRules: boolean) => {
  for (const f of files)
    for await (const e of readNfeXml(once(f), 'nfe.xml', { ...DEFAULT_READ_LIMITS, auditRules }))
      if ('document' in e) rejections += e.document.rejections?.length ?? 0;
};
const phases: Record<string, () => unknown> = {
  'reader, rule book off': () => read(false),
  'reader, rule book on': () => read(true),
  'validateNfeRules alone': () => {
    for (const t of trees) rejections += validateNfeRules(t, { tabelas: null }).rejeicoes.length;
  },
};
const cpu: Record<string, number[]> = {};
console.log('load average before', os.loadavg());
for (let r = 0; r < ROUNDS + 1; r++)
  for (const [name, run] of Object.entries(phases)) {
    const c = process.cpuUsage();
    await run();
    const d = process.cpuUsage(c);
    if (r === 0) continue; // round 0 warms up
    cpu[name] ??= [];
    cpu[name].push((d.user + d.system) / 1000 / DOCS);
  }
const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
const row = (a: number[]) => ({ medianMs: +med(a).toFixed(3), minMs: +Math.min(...a).toFixed(3) });
const out = Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, row(v)]));
console.log(`CPU per NF-e of ${ITEMS} items, ${ROUNDS} rounds of ${DOCS}`, out, { rejections });
const off = cpu['reader, rule book off']!;
const on = cpu['reader, rule book on']!;
console.log(
  `rule book in the reader: +${(med(on) - med(off)).toFixed(3)} ms per NF-e by the medians, +${(Math.min(...on) - Math.min(...off)).toFixed(3)} ms by the minima`,
);
console.log('load average after', os.loadavg());
