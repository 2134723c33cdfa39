import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createCompany, createPartner } from '../../db/factories.js';
import { transitionSimulations } from '../../db/schema/index.js';
import { seedDemoSimulation } from '../../scripts/seed-demo-simulation.js';
import { toSimulation } from './simulation.service.js';

/** The demo's supermarket (Simples Nacional, retail CNAE) shows a simulation with its DAS and its ST goods. */
let ctx: TestContext;
let companyId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const partner = await createPartner(ctx.db);
  const company = await createCompany(ctx.db, {
    partnerId: partner.id,
    nomeFantasia: 'MERCADINHO BOA VISTA',
    uf: 'SP',
    cnae: '4711302',
  });
  companyId = company.id;
});

describe('demo seed of the reform simulation', () => {
  it('runs the supermarket with an RBT12, no IPI, and ST goods carrying their ICMS', async () => {
    await seedDemoSimulation(ctx.db);
    const rows = await ctx.db
      .select()
      .from(transitionSimulations)
      .where(eq(transitionSimulations.companyId, companyId));
    expect(rows).toHaveLength(1);
    const sim = toSimulation(rows[0]!);
    expect(sim).toMatchObject({ status: 'Done', rbt12: '1500000.00', faixaSimples: 4, contribuinteIpi: false });
    const y2026 = sim.totais!.find((t) => t.ano === 2026)!;
    // Three ST goods of the demo catalogue at 18 % of R$ 1.000,00 (NT 2016.002 vICMSEfet); the DAS ICMS share of
    // the 4th bracket (9,20 % × 33,50 %) on the three others; no IPI, no PIS/COFINS apart (LC 123/2006, art. 13).
    expect(y2026).toMatchObject({ vICMSAnterior: 540, vDASICMS: 92.46, vIPI: 0, vPIS: 0, vCOFINS: 0 });
    // Seeding again adds nothing.
    await seedDemoSimulation(ctx.db);
    expect(
      await ctx.db.select().from(transitionSimulations).where(eq(transitionSimulations.companyId, companyId)),
    ).toHaveLength(1);
  });
});
