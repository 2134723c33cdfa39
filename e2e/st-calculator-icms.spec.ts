import { expect, type Page, test } from '@playwright/test';
import { createFiscalRule, createProduct } from '../server/src/db/factories';
import { e2eDb } from './support/db';
import { seedCompany, seedPartner, seedUser, useSessionOf } from './support/fixtures';
import { openStCalculatorOf } from './support/rule-product-dialog';

/**
 * ST calculator (spec 02 §9) with the sender's regime and the ST base method (issue 21): a Simples Nacional
 * rule (CSOSN 500) keeps the original MVA on interstate choices; a pauta replaces total × (1 + MVA).
 * Screenshots at 1366 and 1024 px go to test-results/ for review.
 */
// Seeding, several modals and four screenshots on a two-core machine shared by parallel runs.
test.describe.configure({ timeout: 150_000 });

async function openCalculator(page: Page) {
  const partner = await seedPartner();
  const user = await seedUser('PartnerOwner', { partnerId: partner.id });
  await useSessionOf(page, user);
  const db = e2eDb();
  const company = await seedCompany(partner.id, { uf: 'SP' });
  const rule = await createFiscalRule(db, {
    ncm: '22019000',
    cest: null,
    uf: 'SP',
    status: 'Checked',
    version: { cstIcms: null, cstCsosn: '500', aliqIcms: '18.0000', aliqIcmsSt: '18.0000', iva: '40.0000' },
  });
  await createProduct(db, {
    companyId: company.id,
    fiscalRuleId: rule.id,
    internalCode: 'AGUA-1',
    description: 'AGUA MINERAL COM GAS',
  });
  await page.goto('/partner/fiscal-rules');
  await expect(page.getByRole('heading', { name: 'Regras Fiscais' })).toBeVisible({ timeout: 20_000 });
  return openStCalculatorOf(page, '22019000', 'AGUA MINERAL COM GAS');
}

test('Simples Nacional sender keeps the original MVA; the ST base by pauta is pauta × quantity', async ({ page }) => {
  const calc = await openCalculator(page);
  // a CSOSN rule starts as a Simples Nacional sender
  await expect(calc.getByLabel('Remetente')).toHaveValue('simples');
  await calc.getByLabel('Valor dos produtos').fill('2000,00');
  await calc.getByLabel('MVA').selectOption('nacional');
  // Conv. ICMS 35/2011 → 142/2018: no adjustment for a Simples sender; ICMS 12 % (interstate) is deducted
  await expect(calc.getByTestId('st-mva')).toHaveText('MVA aplicada: 40,00% (original: remetente do Simples Nacional)');
  await expect(calc.getByTestId('st-stBase')).toHaveText('2.800,00');
  await expect(calc.getByTestId('st-stValue')).toHaveText('264,00');
  // the same sale from a regime-normal sender: 40 % adjusted from 12 % to 18 % = 50,24 %
  await calc.getByLabel('Remetente').selectOption('normal');
  await expect(calc.getByTestId('st-mva')).toHaveText('MVA aplicada: 50,24%');
  await expect(calc.getByTestId('st-stBase')).toHaveText('3.004,80');
  for (const width of [1366, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/st-calculator-mva-${width}.png` });
  }

  // pauta (modBCST 5): flexdocs article 285 figures, 40 × 2,50 = 100,00 at 7 % with no own ICMS
  await calc.getByLabel('Base da ST').selectOption('pauta');
  await expect(calc.getByLabel('MVA')).toHaveCount(0);
  await calc.getByLabel('Valor dos produtos').fill('80,00');
  await calc.getByLabel('ICMS %', { exact: true }).fill('');
  await calc.getByLabel('ICMS ST %').fill('7,00');
  await calc.getByLabel('Pauta por unidade').fill('2,50');
  await calc.getByLabel('Quantidade').fill('40');
  await expect(calc.getByTestId('st-mva')).toHaveText('Base da ST por pauta: pauta por unidade × quantidade');
  await expect(calc.getByTestId('st-stBase')).toHaveText('100,00');
  await expect(calc.getByTestId('st-stValue')).toHaveText('7,00');
  // keyboard alone: Tab reaches the pauta fields after the method select
  await calc.getByLabel('Base da ST').focus();
  await page.keyboard.press('Tab');
  await expect(calc.getByLabel('Pauta por unidade')).toBeFocused();
  for (const width of [1366, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/st-calculator-pauta-${width}.png` });
  }

  // The year of the operation (EC 132/2023, ADCT arts. 126–129): 2030 keeps 8/10 of the ICMS rates, the adjusted
  // MVA equalises the year's rates (9,6 % → 14,4 %: 47,85 %) and the IPI is zero outside the ZFM.
  await calc.getByLabel('Base da ST').selectOption('mva');
  await calc.getByLabel('MVA').selectOption('nacional');
  await calc.getByLabel('Valor dos produtos').fill('1000,00');
  await calc.getByLabel('IPI %').fill('10,00');
  await calc.getByLabel('ICMS %', { exact: true }).fill('12,00');
  await calc.getByLabel('ICMS ST %').fill('18,00');
  await calc.getByLabel('Ano da operação').selectOption('2030');
  await expect(calc.getByTestId('st-mva')).toHaveText('MVA aplicada: 47,85%');
  await expect(calc.getByTestId('st-ipi')).toHaveText('0,00');
  await expect(calc.getByTestId('st-stBase')).toHaveText('1.478,50');
  await expect(calc.getByTestId('st-stValue')).toHaveText('116,90');
  await expect(calc.getByTestId('st-year')).toContainText('80,00% das alíquotas informadas');
  // keyboard: the ZFM box follows the year select and brings the IPI back into the base
  await calc.getByLabel('Ano da operação').focus();
  await page.keyboard.press('Tab');
  await expect(calc.getByLabel('Produto da Zona Franca de Manaus (mantém o IPI)')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(calc.getByTestId('st-ipi')).toHaveText('100,00');
  for (const width of [1366, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/st-calculator-year-${width}.png` });
  }
  await calc.getByLabel('Ano da operação').selectOption('2033');
  await expect(calc.getByTestId('st-stValue')).toHaveText('0,00');
  await expect(calc.getByTestId('st-year')).toContainText('não há ICMS nem ICMS-ST');
});
