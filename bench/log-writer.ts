/**
 * The log export's XLSX writer alone (no database, no HTTP): N synthetic events shaped like bench/oversight.ts's,
 * in pages of 1,000 (as the export reads them), through writeLogXlsx; prints wall and process CPU time (deflate's threads included) and
 * the file size. `N=200000 npx tsx bench/log-writer.ts`; add `node --cpu-prof` to see where the CPU goes.
 */
import { logTextRowValues, writeLogXlsx } from '../server/src/modules/oversight/log-writer.js';

const N = Number(process.env.N ?? 200000);
async function* pages() {
  const t0 = Date.now() - 28 * 86400000;
  for (let p = 0; p < N / 1000; p++) {
    const page = [];
    for (let i = 0; i < 1000; i++) {
      const g = p * 1000 + i;
      const at = new Date(t0 + g * 2400);
      page.push({
        key: at.toISOString(),
        id: String(g),
        // the export reads São Paulo's time as text; UTC−3 is close enough for a writer benchmark
        local: new Date(at.getTime() - 3 * 3600000).toISOString().replace('T', ' ').slice(0, 23),
        code: 3001 + (g % 8),
        description: 'Produto cadastrado',
        actorName: 'Dona Bench',
        partnerName: 'Parceiro Bench',
        company: 'LOJA BENCH 12',
        entityId: `P${g}`,
        before: null,
        after: { internalCode: `C${g}`, description: `PRODUTO ${g}`, gtin: '7894900011517' },
      });
    }
    yield page.map(logTextRowValues);
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
