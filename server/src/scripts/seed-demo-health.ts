import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { createFiscalRule, createProduct, generateGtin14 } from '../db/factories.js';
import { breakGtin } from '../modules/tax/health/health.fixtures.js';
import { insertHealthCheck } from '../modules/tax/health/health.repository.js';
import { runHealthCheck } from '../modules/tax/health/health.service.js';

/** The company whose catalogue shows, in the demo, the mistakes an analyst meets in real ERP exports. */
const DEMO_COMPANY = 'MERCADINHO BOA VISTA';
const cleanCbs = { cbsCst: '000', cbsCClassTrib: '000001' };

/**
 * Demo: a finished catalogue health check for every company that has products and none yet, so the
 * 'Saúde fiscal do catálogo' screen opens with real counts. Run in process (the same service call the
 * job makes), so the seed does not depend on a worker being up.
 */
export async function seedDemoHealth(db: Db): Promise<void> {
  await seedCatalogueMistakes(db);
  const res = await db.execute<{ id: string } & Record<string, unknown>>(sql`
    SELECT c.id FROM companies c
    WHERE EXISTS (SELECT 1 FROM products p WHERE p.company_id = c.id)
      AND NOT EXISTS (SELECT 1 FROM health_checks h WHERE h.company_id = c.id)`);
  for (const { id } of res.rows) {
    const check = await insertHealthCheck(db, id, null);
    await runHealthCheck(db, check.id);
  }
}

/** One product per kind of mistake besides a missing NCM (the catalogue seed has those), once. */
async function seedCatalogueMistakes(db: Db) {
  const company = (
    await db.execute<{ id: string }>(sql`
      SELECT c.id FROM companies c WHERE c.nome_fantasia = ${DEMO_COMPANY}
        AND NOT EXISTS (SELECT 1 FROM products p WHERE p.company_id = c.id AND p.internal_code LIKE 'SF-%')`)
  ).rows[0];
  if (!company) return;
  const companyId = company.id;
  const expired = (
    await db.execute<{ code: string }>(sql`
      SELECT code FROM ref_ncm WHERE level = 8 AND end_date < current_date ORDER BY end_date DESC, code LIMIT 1`)
  ).rows[0]?.code;
  const ruled = async (internalCode: string, description: string, rule: Parameters<typeof createFiscalRule>[1]) => {
    const r = await createFiscalRule(db, { uf: 'SP', ...rule, version: { ...cleanCbs, ...rule?.version } });
    await createProduct(db, { companyId, internalCode, description, fiscalRuleId: r.id, gtin: generateGtin14() });
  };
  // a GTIN typed with a wrong last digit (rejection 611)
  await createProduct(db, {
    companyId,
    internalCode: 'SF-101',
    description: 'REFRIGERANTE GUARANA PET 2L',
    ncm: '22021000',
    gtin: breakGtin(generateGtin14()),
  });
  // the CEST of water on a chocolate bar
  await createProduct(db, {
    companyId,
    internalCode: 'SF-102',
    description: 'CHOCOLATE AO LEITE 90G',
    ncm: '18063210',
    cest: '0300700',
  });
  // an NCM the table has ended (the bundled table ends 3913.90.50, chitosan: sold as a slimming supplement)
  if (expired)
    await createProduct(db, {
      companyId,
      internalCode: 'SF-103',
      description: expired === '39139050' ? 'QUITOSANA 500MG 60 CAPSULAS' : 'PRODUTO COM NCM ENCERRADO',
      ncm: expired,
    });
  await ruled('SF-104', 'CERVEJA PILSEN LATA 350ML', {
    ncm: '22030000',
    description: 'Cerveja - ST já recolhida (CFOP de venda comum)',
    version: { cstIcms: '60', cfopSaida: '5102' },
  });
  await ruled('SF-105', 'LIVRO INFANTIL ILUSTRADO', {
    ncm: '49019900',
    description: 'Livros - isenção sem código de benefício',
    version: { cstIcms: '40' },
  });
  await ruled('SF-106', 'AGUA MINERAL SEM GAS 1,5L', {
    ncm: '22011000',
    description: 'Água mineral - cClassTrib de outro CST',
    version: { cbsCClassTrib: '200003' },
  });
}
