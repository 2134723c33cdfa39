import { isIpiTaxpayerByCnae } from '@app/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { findComputedYears } from '../modules/transition/computed-years.js';
import { seedSimulationCatalogue } from '../modules/transition/simulation.fixtures.js';
import { insertSimulation } from '../modules/transition/simulation.repository.js';
import { runSimulation } from '../modules/transition/simulation.service.js';

/** The company whose simulation the demo shows with goods of every treatment (food, hygiene, IPI, ST). */
const DEMO_COMPANY = 'MERCADINHO BOA VISTA';
/** RBT12 of the demo's Simples companies: a small supermarket in the 4th bracket of LC 123/2006, Anexo I. */
const DEMO_RBT12 = '1500000.00';

/**
 * Demo: a finished "Simulação da reforma" for every company with classified products and none yet (a sale
 * inside its state to a reseller, the years the engine computes). Run in process — the same service call
 * the job makes — so the seed does not depend on a worker being up.
 */
export async function seedDemoSimulation(db: Db): Promise<void> {
  const demo = (
    await db.execute<{ id: string } & Record<string, unknown>>(sql`
      SELECT c.id FROM companies c WHERE c.nome_fantasia = ${DEMO_COMPANY}
        AND NOT EXISTS (SELECT 1 FROM products p WHERE p.company_id = c.id AND p.internal_code LIKE 'SIM-%')`)
  ).rows[0];
  if (demo) await seedSimulationCatalogue(db, demo.id, 'demo');
  const res = await db.execute<
    { id: string; uf: string; crt: string; cnae: string | null } & Record<string, unknown>
  >(sql`
    SELECT c.id, c.uf, c.crt, c.cnae FROM companies c
    WHERE EXISTS (SELECT 1 FROM products p WHERE p.company_id = c.id AND p.fiscal_rule_id IS NOT NULL)
      AND NOT EXISTS (SELECT 1 FROM transition_simulations s WHERE s.company_id = c.id)`);
  const anos = findComputedYears();
  for (const { id, uf, crt, cnae } of res.rows) {
    const sim = await insertSimulation(db, {
      companyId: id,
      ufDestino: uf,
      comprador: 'contribuinte',
      selecao: 'todos',
      anoInicial: anos[0]!,
      anoFinal: anos[anos.length - 1]!,
      diaMes: '07-01',
      vProd: '1000.00',
      rbt12: crt === 'RegimeNormal' ? null : DEMO_RBT12,
      contribuinteIpi: isIpiTaxpayerByCnae(cnae),
    });
    await runSimulation(db, sim.id);
  }
}
