import { expect, test } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { createFiscalRule, createProduct } from '../server/src/db/factories';
import { e2eDb } from './support/db';
import { seedCompany, seedPartner, seedUser, useSessionOf } from './support/fixtures';
import { openStCalculatorOf } from './support/rule-product-dialog';

/**
 * Interstate ST as dated data on the screens (issue 37, decision 065): the ST calculator and the operation details
 * say which agreement governs the pair — Convênio ICMS 142/2018, cláusula segunda: between states ST needs one. The
 * row is written here (SP → TO, autopeças, CEST segment 01; a pair the bundled seed does not cover), so the test does
 * not depend on the seed. The MVA original is the row's figure.
 */
test.describe.configure({ timeout: 150_000 });

const INSTRUMENT = 'Protocolo de teste e2e 1/2019';

test('the ST calculator and the operation details name the agreement, or say there is no data', async ({ page }) => {
  const db = e2eDb();
  await db.execute(sql`DELETE FROM st_agreements WHERE uf_origem = 'SP' AND uf_destino = 'TO'`);
  await db.execute(sql`
    INSERT INTO st_agreements (uf_origem, uf_destino, cest_segmento, tem_acordo, instrumento, mva_original,
      vigencia_inicio, fonte_url, fonte_nota)
    VALUES ('SP', 'TO', '01', true, ${INSTRUMENT}, 71.78, '2019-01-01',
      'https://www.confaz.fazenda.gov.br/legislacao/protocolos/2008/pt041_08', 'linha de teste')`);
  const partner = await seedPartner();
  const user = await seedUser('PartnerOwner', { partnerId: partner.id });
  await useSessionOf(page, user);
  const company = await seedCompany(partner.id, { uf: 'SP' });
  // An auto part under ST in SP whose rule has no IVA: the agreement lends its MVA original.
  const rule = await createFiscalRule(db, {
    ncm: '87089990',
    cest: '0107500',
    uf: 'SP',
    status: 'Checked',
    version: { cstIcms: '60', aliqIcms: '18.0000', aliqIcmsSt: '18.0000', iva: null },
  });
  await createProduct(db, {
    companyId: company.id,
    fiscalRuleId: rule.id,
    internalCode: 'AUTOPECA-1',
    description: 'JUNTA HOMOCINETICA',
  });

  await page.goto('/partner/fiscal-rules');
  await expect(page.getByRole('heading', { name: 'Regras Fiscais' })).toBeVisible({ timeout: 20_000 });
  const calc = await openStCalculatorOf(page, '87089990', 'JUNTA HOMOCINETICA');

  // Inside one UF no agreement is consulted: no line.
  await expect(calc.getByLabel('UF de destino')).toHaveValue('SP');
  await expect(calc.getByTestId('st-agreement-line')).toHaveCount(0);
  await calc.getByLabel('Valor dos produtos').fill('2000,00');
  await calc.getByLabel('MVA').selectOption('nacional');
  await calc.getByLabel('UF de origem').selectOption('SP');
  await calc.getByLabel('UF de destino').selectOption('TO');
  const line = calc.getByTestId('st-agreement-line');
  await expect(line).toHaveText(`Acordo de ST: ${INSTRUMENT}, MVA original 71,78%, vigente desde 01/01/2019 (fonte)`);
  await expect(line.getByRole('link', { name: 'fonte' })).toHaveAttribute(
    'href',
    'https://www.confaz.fazenda.gov.br/legislacao/protocolos/2008/pt041_08',
  );
  // [(1 + 0,7178) × (1 − 0,12) / (1 − 0,18)] − 1 = 84,35 %; base 2.000 × 1,8435 = 3.687,00.
  await expect(calc.getByTestId('st-mva')).toHaveText('MVA aplicada: 84,35% (MVA original do acordo)');
  await expect(calc.getByTestId('st-stBase')).toHaveText('3.687,00');
  // A pair nobody recorded: said so, and no MVA is lent.
  await calc.getByLabel('UF de destino').selectOption('AC');
  await expect(line).toHaveText('Acordo de ST: sem dados do acordo entre SP e AC para este CEST');
  await expect(calc.getByTestId('st-mva')).toHaveText('MVA aplicada: 7,32%');
  await page.screenshot({ path: 'test-results/st-agreement-calculator.png' });

  // The operations query: a sale SP → TO as substitute is under ST by the agreement, and says which.
  await page
    .getByRole('dialog', { name: 'JUNTA HOMOCINETICA' })
    .getByRole('button', { name: 'Consultar operações' })
    .click();
  const ops = page.getByRole('dialog', { name: 'Consultar operações' });
  await ops.getByLabel('UF').selectOption('TO');
  await ops.getByLabel('ICMS ST substituto').selectOption('S');
  await ops.getByRole('button', { name: 'Consultar' }).click();
  const opDetails = page.getByRole('dialog', { name: /Detalhes da operação/ });
  await expect(page.getByTestId('operation-subtitle')).toHaveText('CFOP 6.403 - UF TO');
  await expect(opDetails.getByTestId('st-agreement-line')).toHaveText(
    `Acordo de ST: ${INSTRUMENT}, MVA original 71,78%, vigente desde 01/01/2019 (fonte)`,
  );
  await page.screenshot({ path: 'test-results/st-agreement-operation.png' });
  await db.execute(sql`DELETE FROM st_agreements WHERE uf_origem = 'SP' AND uf_destino = 'TO'`);
});
