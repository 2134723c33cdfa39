/**
 * The log export's XLSX writer alone (no database, no HTTP): N synthetic events shaped like bench/oversight.ts's,
 * in pages of 5,000, through writeLogXlsx; prints wall and process CPU time (deflate's threads included) and
 * the file size. `N=200000 npx tsx bench/log-writer.ts`; add `node --cpu-prof` to see where the CPU goes.
 */
import { logRowValues, writeLogXlsx } from '../server/src/modules/oversight/log-writer.js';

const N = Number(process.env.N ?? 200000);
async function* pages() {
  const t0 = Date.now() - 28 * 86400000;
  for (let p = 0; p < N / 5000; p++) {
    const page = [];
    for (let i = 0; i < 5000; i++) {
      const g = p * 5000 + i;
      page.push({
        id: String(g),
        createdAt: new Date(t0 + g * 2400),
        code: 3001 + (g % 8),
        description: 'Produto cadastrado',
        actorName: 'Dona Bench',
        partnerName: 'Parceiro Bench',
        companyName: 'LOJA BENCH 12',
        companyId: 'x',
        entityId: `P${g}`,
        before: null,
        after: { internalCode: `C${g}`, description: `PRODUTO ${g}`, gtin: '7894900011517' },
      });
    }
    yield page.map(logRowValues);
  }
}
const t = performance.now();
const c0 = process.cpuUsage();
let bytes = 0;
for await (const chunk of writeLogXlsx(pages())) bytes += chunk.length;
const c = process.cpuUsage(c0);
console.log(
  `${N} rows: ${((performance.now() - t) / 1000).toFixed(2)} s wall, cpu ${(c.user / 1e6).toFixed(2)} user + ${(c.system / 1e6).toFixed(2)} sys, ${(bytes / 1e6).toFixed(1)} MB`,
);
