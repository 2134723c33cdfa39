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
 *  4. A company of BENCH_SIM_PRODUCTS products linked to BENCH_SIM_COPIES (default 20) named copies of each SP rule
 *     (270 × 20 = 5,400 distinct rules with 270 distinct contents): the rule step computes each distinct item once
 *     (decision 042). `engineForRulesMs` is what computing every rule would cost at the engine rate of step 1.
 * One-liner: `BENCH_SIM_PRODUCTS=100000 npx tsx --expose-gc bench/transition-bench.ts` (load average printed
 * before and after; CPU ms of the process per run in `cpuMs`).
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
const COPIES = Number(process.env.BENCH_SIM_COPIES ?? 20);
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
  const cpu = process.cpuUsage();
  const run = await timeIt(() => runSimulation(db, sim.id));
  const cpuUsed = process.cpuUsage(cpu);
  clearInterval(sampler);
  const done = await pool.query(
    `SELECT status, rules_total, products_total, products_done, products_refused FROM transition_simulations WHERE id = $1`,
    [sim.id],
  );
  return {
    ms: Math.round(run.ms),
    cpuMs: Math.round((cpuUsed.user + cpuUsed.system) / 1000),
    ...done.rows[0],
    engineForRulesMs: Math.round(
      ((done.rows[0].rules_total * anos.length) / (results.engineItemYearsPerSecond as number)) * 1000,
    ),
    heapBeforeMb: mb(before.heapUsed),
    peakHeapGrowthMb: mb(peakHeap - before.heapUsed),
    rssBeforeMb: mb(before.rss),
    peakRssGrowthMb: mb(peakRss - before.rss),
  };
}

results.smallSale = await measureRun(small.id, 'SP', 'contribuinte');
results.bigSale = await measureRun(big.id, 'SP', 'contribuinte');
results.bigConsumerRJ = await measureRun(big.id, 'RJ', 'consumidor_final');

// 4. many rules, few contents: named copies of each SP rule, the products spread over the copies.
if (COPIES > 0) {
  const copies = await createCompany(db, {
    partnerId: partner.id,
    uf: 'SP',
    nomeFantasia: 'BENCH SIM COPIES',
    crt: 'RegimeNormal',
  });
  const seededCopies = await timeIt(async () => {
    await pool.query(
      `WITH base AS (SELECT r.id, r.ncm, r.cest, r.current_version_id FROM fiscal_rules r WHERE r.uf = 'SP' AND NOT r.is_named),
            src AS (SELECT gen_random_uuid() AS rule_id, gen_random_uuid() AS version_id, b.*, c
                      FROM base b, generate_series(1, $1::int) AS c),
            versions AS (
              INSERT INTO fiscal_rule_versions (id, fiscal_rule_id, valid_from, ncm, cest, uf, nri, aliq_pis, pis_cst_entrada,
                pis_cst_saida, aliq_cofins, cofins_cst_entrada, cofins_cst_saida, ipi_aliq, ipi_cod_enq, ipi_cst_entrada,
                ipi_cst_saida, cbs_cst, cbs_cclass_trib, cbs_aliq, ibs_aliq_uf, ibs_aliq_mun, cfop_entrada, cfop_saida,
                cst_icms, cst_csosn, aliq_icms, aliq_icms_st, iva, mva_ajustado_4, mva_ajustado_12, fcp, tp_calc_difal)
              SELECT s.version_id, s.rule_id, v.valid_from, v.ncm, v.cest, v.uf, v.nri, v.aliq_pis, v.pis_cst_entrada,
                v.pis_cst_saida, v.aliq_cofins, v.cofins_cst_entrada, v.cofins_cst_saida, v.ipi_aliq, v.ipi_cod_enq,
                v.ipi_cst_entrada, v.ipi_cst_saida, v.cbs_cst, v.cbs_cclass_trib, v.cbs_aliq, v.ibs_aliq_uf, v.ibs_aliq_mun,
                v.cfop_entrada, v.cfop_saida, v.cst_icms, v.cst_csosn, v.aliq_icms, v.aliq_icms_st, v.iva, v.mva_ajustado_4,
                v.mva_ajustado_12, v.fcp, v.tp_calc_difal
                FROM src s JOIN fiscal_rule_versions v ON v.id = s.current_version_id
              RETURNING id)
       INSERT INTO fiscal_rules (id, is_named, description, ncm, cest, uf, status, current_version_id)
       SELECT rule_id, true, 'Cópia de bancada ' || c || ' ' || ncm, ncm, cest, 'SP', 'Checked', version_id FROM src`,
      [COPIES],
    );
    await pool.query(
      `WITH rules AS (SELECT id, ncm, cest, row_number() OVER (ORDER BY id) - 1 AS k FROM fiscal_rules
                       WHERE is_named AND description LIKE 'Cópia de bancada %'),
            size AS (SELECT count(*) AS n FROM rules)
       INSERT INTO products (company_id, internal_code, description, ncm, cest, status, fiscal_rule_id, fiscal_rule_since,
                             fiscal_rule_status)
       SELECT $1, 'C-' || i, 'PRODUTO COPIA ' || i, r.ncm, r.cest, 'F', r.id, now(), 'Unchecked'
         FROM generate_series(1, $2::int) AS i, size JOIN rules r ON true
        WHERE r.k = i % size.n`,
      [copies.id, PRODUCTS],
    );
    await pool.query('ANALYZE products');
  });
  results.copiesSeedMs = Math.round(seededCopies.ms);
  results.copiesSale = await measureRun(copies.id, 'SP', 'contribuinte');
}
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
