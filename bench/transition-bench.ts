/**
 * Issue 25 §4 target: the catalogue transition simulation of 100,000 products × the transition years in ≤ 60 s
 * as a job, memory flat. `npx tsx bench/transition-bench.ts` (BENCH_DIR to keep the cluster,
 * BENCH_SIM_PRODUCTS to size it). Prints numbers, asserts nothing.
 *  1. Baseline: the pure engine (calculateTransition over the years, one item) in items/s.
 *  2. A company of BENCH_SIM_PRODUCTS products (set-based seed over the bench's 300 NCMs × 27 UFs base rules:
 *     80 % linked to their SP rule, 10 % finalized through a global product, 10 % pending), and a company of
 *     a tenth of it; the job's service call (runSimulation, what the pg-boss handler runs) on each, with the
 *     process's peak heap and RSS sampled every 50 ms: flat memory means the two peaks match.
 *  3. The same for a sale to a consumer in another state (RJ: sibling rules, DIFAL).
 */
import { calculateTransition, type TransitionInput } from '@app/tax-engine';
import { sql } from 'drizzle-orm';
import { createCompany, createPartner, createUser } from '../server/src/db/factories.js';
import { loadBundledReferenceTables } from '../server/src/modules/reference/loaders/load-reference-tables.js';
import { findComputedYears } from '../server/src/modules/transition/computed-years.js';
import { insertSimulation } from '../server/src/modules/transition/simulation.repository.js';
import { runSimulation } from '../server/src/modules/transition/simulation.service.js';
import { seedBenchFiscalRules } from './lib/bench-fiscal-rules.js';
import { startBenchCluster } from './lib/cluster.js';
import { loadAverage, timeIt } from './lib/measure.js';

const PRODUCTS = Number(process.env.BENCH_SIM_PRODUCTS ?? 100_000);
const ENGINE_ITEMS = Number(process.env.BENCH_SIM_ENGINE_ITEMS ?? 5_000);
const anos = findComputedYears();
const mb = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;

const cluster = await startBenchCluster();
const { db, pool } = cluster.database;
console.log(`load before ${loadAverage().join(' ')}; years ${anos.join(', ')}`);
await loadBundledReferenceTables(pool);
await seedBenchFiscalRules(db);
const results: Record<string, unknown> = { loadBefore: loadAverage(), products: PRODUCTS, years: anos };

// 1. engine alone: one item through the years
const item: TransitionInput = {
  operacao: { ufOrigem: 'SP', ufDestino: 'RJ', consumidorFinal: false, contribuinte: true },
  item: {
    vProd: '1000.00',
    icms: { cst: '10', pICMS: 12, pMVAST: 50, pICMSST: 20, pFCPST: 2 },
    ipi: { cst: '50', pIPI: 5 },
    pis: { cst: '01', pPIS: 1.65 },
    cofins: { cst: '01', pCOFINS: 7.6 },
    ibscbs: { cst: '000', cClassTrib: '000001' },
  },
};
for (let i = 0; i < 500; i++) calculateTransition(item, () => ({}), { anos });
const engine = await timeIt(async () => {
  for (let i = 0; i < ENGINE_ITEMS; i++) calculateTransition(item, () => ({}), { anos });
});
results.engineItemYearsPerSecond = Math.round(((ENGINE_ITEMS * anos.length) / engine.ms) * 1000);
results.engineProductsPerSecond = Math.round((ENGINE_ITEMS / engine.ms) * 1000);
// What the job would take if it computed every product (no cache per rule): products ÷ that rate.
results.engineAloneFor100kMs = Math.round((100_000 / ENGINE_ITEMS) * engine.ms);

// 2. the catalogue
const partner = await createPartner(db);
const user = await createUser(db, { role: 'Admin' });
async function seedCompany(n: number, name: string) {
  const company = await createCompany(db, { partnerId: partner.id, uf: 'SP', nomeFantasia: name, crt: 'RegimeNormal' });
  await pool.query(
    `WITH rules AS (SELECT id, ncm, cest, row_number() OVER (ORDER BY ncm) - 1 AS k FROM fiscal_rules
                     WHERE uf = 'SP' AND NOT is_named),
          size AS (SELECT count(*) AS n FROM rules)
     INSERT INTO products (company_id, internal_code, description, ncm, cest, status, fiscal_rule_id, fiscal_rule_since,
                           fiscal_rule_status)
     SELECT $1, 'S-' || i, 'PRODUTO SIMULADO ' || i, r.ncm, r.cest,
            CASE WHEN i % 10 = 0 THEN 'P' ELSE 'F' END,
            CASE WHEN i % 10 > 1 THEN r.id END, CASE WHEN i % 10 > 1 THEN now() END,
            CASE WHEN i % 10 > 1 THEN 'Unchecked' END
       FROM generate_series(1, $2::int) AS i, size
       JOIN rules r ON true
      WHERE r.k = i % size.n`,
    [company.id, n],
  );
  return company;
}
const seeded = await timeIt(
  async () => [await seedCompany(PRODUCTS, 'BENCH SIM'), await seedCompany(PRODUCTS / 10, 'BENCH SIM 10%')] as const,
);
const [big, small] = seeded.value;
await pool.query('ANALYZE products');
await pool.query('ANALYZE fiscal_rules');
results.seedMs = Math.round(seeded.ms);

async function measureRun(companyId: string, ufDestino: string, comprador: 'contribuinte' | 'consumidor_final') {
  const sim = await insertSimulation(db, {
    companyId,
    userId: user.id,
    ufDestino,
    comprador,
    selecao: 'todos',
    anoInicial: anos[0]!,
    anoFinal: anos[anos.length - 1]!,
    diaMes: '07-01',
    vProd: '1000.00',
  });
  global.gc?.();
  const before = process.memoryUsage();
  let peakHeap = before.heapUsed;
  let peakRss = before.rss;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakRss = Math.max(peakRss, m.rss);
  }, 50);
  const run = await timeIt(() => runSimulation(db, sim.id));
  clearInterval(sampler);
  const done = await pool.query(
    `SELECT status, rules_total, products_total, products_done, products_refused FROM transition_simulations WHERE id = $1`,
    [sim.id],
  );
  return {
    ms: Math.round(run.ms),
    ...done.rows[0],
    heapBeforeMb: mb(before.heapUsed),
    peakHeapGrowthMb: mb(peakHeap - before.heapUsed),
    rssBeforeMb: mb(before.rss),
    peakRssGrowthMb: mb(peakRss - before.rss),
  };
}

results.smallSale = await measureRun(small.id, 'SP', 'contribuinte');
results.bigSale = await measureRun(big.id, 'SP', 'contribuinte');
results.bigConsumerRJ = await measureRun(big.id, 'RJ', 'consumidor_final');
// The products phase alone: a bare INSERT … SELECT of the same rows, for scale.
const raw = await timeIt(() =>
  db.execute(
    sql`CREATE TEMP TABLE bare AS SELECT id, internal_code, description FROM products WHERE company_id = ${big.id}`,
  ),
);
results.bareCopyOfProductsMs = Math.round(raw.ms);
results.loadAfter = loadAverage();
console.log(JSON.stringify(results, null, 2));
await cluster.stop();
