import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { createFiscalRule, createProduct } from '../server/src/db/factories';
import { e2eDb } from './support/db';
import { seedCompany, seedPartner, seedUser, toast, useSessionOf } from './support/fixtures';

/**
 * Partner fiscal rules screen (spec 02 §2, §4, §5, §9). Fiscal rules are global content shared by
 * every test of the run, so each test seeds its rules under an NCM no other test uses and filters by it.
 */

// Long flows (seeding, several modals) on a machine shared by parallel runs.
test.describe.configure({ timeout: 60_000 });

async function openAsStaff(page: Page) {
  const partner = await seedPartner();
  const user = await seedUser('PartnerOwner', { partnerId: partner.id });
  await useSessionOf(page, user);
  await page.goto('/partner/fiscal-rules');
  await expect(page.getByRole('heading', { name: 'Regras Fiscais' })).toBeVisible({ timeout: 20_000 });
  return { partner, user };
}

async function filterByNcm(page: Page, ncm: string, extra?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
  await page.getByRole('button', { name: 'Filtrar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Filtrar regras fiscais' });
  await dialog.getByLabel('NCM').fill(ncm);
  if (extra) await extra(dialog);
  // Enter applies the filter
  await dialog.getByLabel('NCM').press('Enter');
  await expect(dialog).toBeHidden();
}

const rulesTable = (page: Page) => page.getByTestId('rules-table');
const stateRules = (page: Page) => page.getByTestId('state-rules-table');

test('filters and pages the rule groups, and selecting a group loads its state rules', async ({ page }) => {
  const db = e2eDb();
  // 17 groups (NCM 9603.21.00 with 17 CESTs): more than one page of 15
  for (let i = 1; i <= 17; i++) {
    await createFiscalRule(db, {
      ncm: '96032100',
      cest: `96030${String(i).padStart(2, '0')}`,
      uf: 'SP',
      status: i <= 2 ? 'Checked' : 'Unchecked',
      version: { aliqIcms: '18.0000', aliqIcmsSt: '12.5000', redBcIcms: '33.3300' },
    });
  }
  await openAsStaff(page);

  // the filter modal closes on Escape without applying
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByRole('dialog', { name: 'Filtrar regras fiscais' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Filtrar regras fiscais' })).toBeHidden();

  // a complete NCM shows its official description in the filter
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await page.getByRole('dialog', { name: 'Filtrar regras fiscais' }).getByLabel('NCM').fill('96032100');
  await expect(page.getByRole('dialog', { name: 'Filtrar regras fiscais' })).toContainText(/Escovas de dentes/i);
  await page.keyboard.press('Escape');

  await filterByNcm(page, '96032100');
  await expect(page.getByRole('dialog', { name: 'Filtrar regras fiscais' })).toBeHidden();
  await expect(page.getByTestId('rules-count')).toHaveText('17 regras');
  await expect(page.getByTestId('rules-pager-label')).toHaveText('1 de 2');
  await expect(rulesTable(page).locator('tbody tr')).toHaveCount(15);
  const first = rulesTable(page).locator('tbody tr').first();
  await expect(first).toContainText('9603.21.00');
  await expect(first).toContainText('Escovas de dentes');
  await expect(first).toContainText('96.030.01');

  await page.getByRole('button', { name: 'Próxima página' }).click();
  await expect(page.getByTestId('rules-pager-label')).toHaveText('2 de 2');
  await expect(rulesTable(page).locator('tbody tr')).toHaveCount(2);
  await expect(rulesTable(page).locator('tbody tr').first()).toContainText('16');
  await expect(page.getByRole('button', { name: 'Próxima página' })).toBeDisabled();
  await page.getByRole('button', { name: 'Primeira página' }).click();
  await expect(page.getByTestId('rules-pager-label')).toHaveText('1 de 2');

  // selecting a row loads the state rules table, numbers in pt-BR with 2 decimals
  await page.getByRole('radio', { name: 'Selecionar NCM 9603.21.00 CEST 96.030.03' }).check();
  const row = stateRules(page).locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('SP');
  await expect(row).toContainText('1.102/5.102');
  await expect(row).toContainText('18,00');
  await expect(row).toContainText('12,50');
  await expect(row).toContainText('33,33');
  await expect(row).toHaveAttribute('data-status', 'Unchecked');
  // the state rules are brought into view below the 15-row table (issue 13)
  await expect(page.getByTestId('group-details')).toBeInViewport();

  // a click on a cell opens the complete rule
  await row.locator('td').first().click();
  const complete = page.getByTestId('complete-rule');
  await expect(complete).toContainText('Não Verificado');
  await expect(complete).toContainText('9603.21.00');
  await page.keyboard.press('Escape');
  await expect(complete).toBeHidden();

  // status filter (applying goes back to page 1): two conferred groups
  await filterByNcm(page, '96032100', async (dialog) => {
    await dialog.getByText('Conferida', { exact: true }).click();
  });
  await expect(page.getByTestId('rules-count')).toHaveText('2 regras');
  await expect(page.getByTestId('rules-pager-label')).toHaveText('1 de 1');
  await page.getByRole('radio', { name: /Selecionar NCM 9603.21.00 CEST 96.030.01/ }).check();
  await expect(stateRules(page).locator('tbody tr')).toHaveAttribute('data-status', 'Checked');
  // conferred rules are green (Mantine green.8)
  await expect(stateRules(page).locator('tbody tr td').first()).toHaveCSS('color', 'rgb(47, 158, 68)');
});

test('the rule editor offers first the cClassTrib codes LC 214/2025 gives the NCM, and warns when another is kept', async ({
  page,
}) => {
  await openAsStaff(page);
  await page.getByRole('button', { name: 'Nova regra nomeada' }).click();
  const dialog = page.getByRole('dialog', { name: 'Regras Fiscais' });
  // Rice (1006.30.21): LC 214/2025 Anexo I, item 1 (cesta básica, art. 125) → 200003 (Receita's NCM table).
  await dialog.getByLabel('NCM').fill('10063021');
  await dialog.getByLabel('Nome').click();
  const field = dialog.getByRole('combobox', { name: 'cClassTrib' });
  await field.click();
  // The combobox's own list (the UF field is a native select with options of its own).
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options.first()).toHaveText(/^200003 - .*Anexo I, item 1 da LC 214\/2025 \(Art\. 125\)/);
  await expect(page.getByText('Previstos na LC 214/2025 para este NCM')).toBeVisible();
  for (const width of [1366, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `test-results/rule-editor-cclasstrib-${width}.png` });
  }
  await page.setViewportSize({ width: 1366, height: 800 });
  // Keyboard only: type, arrow, Enter. The CST follows the code; the full-rate code is warned about.
  await field.fill('000001');
  await field.press('ArrowDown');
  await field.press('Enter');
  await expect(dialog.getByLabel('CST do IBS/CBS')).toHaveValue('000');
  await expect(dialog.getByTestId('rule-cclasstrib-law')).toContainText('a lei prevê 200003');
});

test('creates a named rule: validations, an NCM out of the table is refused, then it is saved', async ({ page }) => {
  await openAsStaff(page);
  await page.getByRole('button', { name: 'Nova regra nomeada' }).click();
  const dialog = page.getByRole('dialog', { name: 'Regras Fiscais' });
  const save = dialog.getByRole('button', { name: 'Gravar' });

  await save.click();
  await expect(toast(page, 'É necessário informar um nome válido para regra fiscal!')).toBeVisible();
  await dialog.getByLabel('Nome').fill('Vass');
  await save.click();
  await expect(
    toast(page, 'O nome da regra fiscal precisa ter no mínimo 5 caracteres e no máximo 300 caracteres!'),
  ).toBeVisible();
  await dialog.getByLabel('Nome').fill('Vassouras de piaçava SP');
  await save.click();
  await expect(toast(page, 'É necessário informar um NCM para regra fiscal!')).toBeVisible();

  // masks: NCM ####.##.##, CEST 7 digits, CST 3 digits, percentages ##,##
  await dialog.getByLabel('NCM').fill('99999999');
  await expect(dialog.getByLabel('NCM')).toHaveValue('9999.99.99');
  await dialog.getByLabel('CST ICMS').fill('06000');
  await expect(dialog.getByLabel('CST ICMS')).toHaveValue('060');
  await dialog.getByLabel('ICMS%', { exact: true }).fill('18.5x');
  await expect(dialog.getByLabel('ICMS%', { exact: true })).toHaveValue('18,5');
  await dialog.getByLabel('ALIQ PIS%').pressSequentially('165');
  await expect(dialog.getByLabel('ALIQ PIS%')).toHaveValue('1,65');
  await dialog.getByLabel('ALIQ COFINS%').pressSequentially('1800');
  await expect(dialog.getByLabel('ALIQ COFINS%')).toHaveValue('18,00');
  await dialog.getByLabel('UF').selectOption('SP');
  await save.click();
  await expect(page.getByText('Confirmar criação de regra nomeada?')).toBeVisible();
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(dialog.getByTestId('named-rule-problems')).toContainText('9999.99.99');

  // choosing an NCM from the suggestions puts its code in the field and filters the CEST list (issue 13)
  await dialog.getByLabel('NCM').fill('');
  await dialog.getByLabel('NCM').pressSequentially('vassouras');
  await page.getByRole('option', { name: /^9603\.10\.00 - / }).click();
  await expect(dialog.getByLabel('NCM')).toHaveValue('9603.10.00');
  await expect(dialog.getByPlaceholder('Selecione o CEST')).toBeVisible();
  await save.click();
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(toast(page, 'Regra fiscal nomeada criada com sucesso!')).toBeVisible();
  await expect(dialog).toBeHidden();

  // the new rule: conferred, italic and underlined
  await filterByNcm(page, '9603.10.00');
  await expect(page.getByTestId('rules-count')).toHaveText('1 regra');
  await rulesTable(page).locator('tbody tr').first().click();
  const row = stateRules(page).locator('tbody tr');
  await expect(row).toHaveAttribute('data-named', 'true');
  await expect(row).toHaveAttribute('data-status', 'Checked');
  await expect(row.locator('td').first()).toHaveCSS('font-style', 'italic');
  await expect(row.locator('td').first()).toHaveCSS('text-decoration-line', 'underline');
  await expect(row).toContainText('060');
  await expect(row).toContainText('18,50');
  // the exact decimals typed went to the server: PIS 1,65 and COFINS 18,00
  await expect(row).toContainText('1,65');
  await expect(row).toContainText('18,00');
});

test('marking a rule conferred opens its products; products are checked one by one and all at once', async ({
  page,
}) => {
  const db = e2eDb();
  const { partner } = await openAsStaff(page);
  const company = await seedCompany(partner.id, { uf: 'SP' });
  const rule = await createFiscalRule(db, { ncm: '09012100', cest: null, uf: 'SP' });
  await createProduct(db, {
    companyId: company.id,
    fiscalRuleId: rule.id,
    internalCode: 'CAFE-1',
    description: 'CAFE TORRADO 500G',
  });
  await createProduct(db, {
    companyId: company.id,
    fiscalRuleId: rule.id,
    internalCode: 'CAFE-2',
    description: 'CAFE TORRADO 1KG',
  });
  await createProduct(db, {
    companyId: company.id,
    fiscalRuleId: rule.id,
    internalCode: 'CAFE-3',
    description: 'CAFE MOIDO 250G',
  });

  await filterByNcm(page, '09012100');
  await rulesTable(page).locator('tbody tr').first().click();
  await stateRules(page)
    .getByRole('button', { name: /Ações da regra SP/ })
    .click();
  await page.getByRole('menuitem', { name: 'Marcar como conferida' }).click();
  await page.getByRole('button', { name: 'Confirmar' }).click();

  const products = page.getByTestId('rule-products');
  await expect(products).toBeVisible();
  await expect(products).toContainText('Verificado');
  await expect(page.getByRole('tab', { name: 'Encontrados (3)' })).toBeVisible();
  await expect(stateRules(page).locator('tbody tr')).toHaveAttribute('data-status', 'Checked');

  // one product, then all
  await products.getByRole('button', { name: 'Marcar CAFE-1', exact: true }).click();
  await expect(products.locator('tr[data-status="Checked"]')).toHaveCount(1);
  await products.getByRole('button', { name: 'Marcar todos', exact: true }).click();
  await expect(products.locator('tr[data-status="Checked"]')).toHaveCount(3);
  await expect(products.getByRole('button', { name: 'Marcar todos', exact: true })).toBeHidden();

  // search narrows the lists
  await products.getByLabel('Pesquisar produtos').fill('moido');
  await expect(page.getByRole('tab', { name: 'Encontrados (1)' })).toBeVisible();
  await products.getByLabel('Pesquisar produtos').fill('');
  await expect(page.getByRole('tab', { name: 'Encontrados (3)' })).toBeVisible();

  await products.getByRole('button', { name: 'Desmarcar todos', exact: true }).click();
  await expect(products.locator('tr[data-status="Checked"]')).toHaveCount(0);
  await products.getByRole('button', { name: 'Voltar' }).click();

  // unmarking the rule hides the product-level buttons
  await stateRules(page)
    .getByRole('button', { name: /Ações da regra SP/ })
    .click();
  await page.getByRole('menuitem', { name: 'Desmarcar conferida' }).click();
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(stateRules(page).locator('tbody tr')).toHaveAttribute('data-status', 'Unchecked');
  await stateRules(page)
    .getByRole('button', { name: /Ações da regra SP/ })
    .click();
  await page.getByRole('menuitem', { name: 'Produtos' }).click();
  await expect(page.getByRole('tab', { name: 'Encontrados (3)' })).toBeVisible();
  await expect(products.getByRole('button', { name: 'Marcar CAFE-1', exact: true })).toHaveCount(0);
  await expect(products.getByRole('button', { name: 'Marcar todos', exact: true })).toHaveCount(0);
});

test('ST calculator of a product: worked example gives base ST 3.220,00 and ICMS-ST 219,60', async ({ page }) => {
  const db = e2eDb();
  const { partner } = await openAsStaff(page);
  const company = await seedCompany(partner.id, { uf: 'SP' });
  const rule = await createFiscalRule(db, {
    ncm: '21069010',
    cest: null,
    uf: 'SP',
    status: 'Checked',
    version: {
      cstIcms: '60',
      aliqIcms: '18.0000',
      aliqIcmsSt: '18.0000',
      iva: '40.0000',
      ipiAliq: '15.0000',
      cfopSaida: '5405',
    },
  });
  await createProduct(db, {
    companyId: company.id,
    fiscalRuleId: rule.id,
    internalCode: 'PREP-1',
    description: 'PREPARACAO PARA REFRESCO',
  });

  await filterByNcm(page, '21069010');
  await rulesTable(page).locator('tbody tr').first().click();
  await stateRules(page)
    .getByRole('button', { name: /Ações da regra SP/ })
    .click();
  await page.getByRole('menuitem', { name: 'Produtos' }).click();
  await page.getByTestId('rule-products').getByText('PREPARACAO PARA REFRESCO').click();

  const details = page.getByRole('dialog', { name: 'PREPARACAO PARA REFRESCO' });
  await expect(details.getByTestId('fiscal-rule-details')).toBeVisible();
  // date selector: the current rule plus the dated version the product was linked to
  const validity = details.getByLabel('Vigência da regra fiscal');
  await expect(validity).toHaveValue('');
  await expect(validity.locator('option')).toHaveCount(2);
  await expect(validity.locator('option').first()).toHaveText('Regra fiscal atual');
  const dated = await validity.locator('option').nth(1).getAttribute('value');
  await validity.selectOption(dated!);
  await expect(details.getByText('Vigente desde')).toBeVisible();
  await validity.selectOption('');
  await expect(details.getByRole('tab', { name: 'CBS/IBS' })).toHaveCount(0);
  await details.getByRole('tab', { name: 'Estadual' }).click();
  await expect(details).toContainText('40,00%');
  await details.getByRole('tab', { name: 'Calculadora ST' }).click();

  const calc = details.getByTestId('st-calculator');
  await expect(calc.getByLabel('IPI %')).toHaveValue('15,00');
  await expect(calc.getByLabel('ICMS %', { exact: true })).toHaveValue('18,00');
  await expect(calc.getByLabel('ICMS ST %')).toHaveValue('18,00');
  await expect(calc.getByLabel('MVA')).toHaveValue('interna');
  // pt-BR money as a Brazilian types it, key by key; letters are dropped, the comma is decimal (issue 13)
  const productValue = calc.getByLabel('Valor dos produtos');
  await productValue.pressSequentially('100,50abc');
  await expect(productValue).toHaveValue('100,50');
  await expect(calc.getByTestId('st-subtotal')).toHaveText('100,50');
  await productValue.fill('');
  await productValue.pressSequentially('1.234,56');
  await expect(calc.getByTestId('st-subtotal')).toHaveText('1.234,56');
  // a dot decimal pasted from elsewhere is read as such and shown back in pt-BR when the field is left
  await productValue.fill('2000.00');
  await productValue.blur();
  await expect(productValue).toHaveValue('2.000,00');
  // percent masks place the comma instead of dropping digits
  const fcp = calc.getByLabel('FCP %');
  await fcp.pressSequentially('165');
  await expect(fcp).toHaveValue('1,65');
  await fcp.fill('');

  await expect(calc.getByTestId('st-mva')).toHaveText('MVA aplicada: 40,00%');
  await expect(calc.getByTestId('st-subtotal')).toHaveText('2.000,00');
  await expect(calc.getByTestId('st-icms')).toHaveText('360,00');
  await expect(calc.getByTestId('st-ipi')).toHaveText('300,00');
  await expect(calc.getByTestId('st-total')).toHaveText('2.300,00');
  await expect(calc.getByTestId('st-stBase')).toHaveText('3.220,00');
  await expect(calc.getByTestId('st-stValue')).toHaveText('219,60');

  // interstate MVA choice: adjusted from 12 % (own ICMS 12 %) to the internal 18 %
  await calc.getByLabel('MVA').selectOption('nacional');
  await expect(calc.getByLabel('ICMS %', { exact: true })).toHaveValue('12,00');
  await expect(calc.getByTestId('st-mva')).toHaveText('MVA aplicada: 50,24%');

  // the operations query opens from the details: UF is required, then the operation's cards
  await details.getByRole('button', { name: 'Consultar operações' }).click();
  const ops = page.getByRole('dialog', { name: 'Consultar operações' });
  await expect(ops.getByLabel('Operação')).toHaveValue('venda');
  await expect(ops.getByLabel('Característica Tributária')).toHaveValue('3');
  await expect(ops.getByLabel('Finalidade do Produto')).toHaveValue('0');
  await expect(ops.getByLabel('Simples Nacional')).toHaveValue('N');
  await expect(ops.getByLabel('ICMS ST substituto')).toHaveValue('N');
  await ops.getByRole('button', { name: 'Consultar' }).click();
  await expect(toast(page, 'Preencha o campo da UF corretamente!')).toBeVisible();
  await ops.getByLabel('UF').selectOption('SP');
  await ops.getByRole('button', { name: 'Consultar' }).click();
  await expect(page.getByTestId('operation-subtitle')).toHaveText('CFOP 5.405 - UF SP');
  const opDetails = page.getByRole('dialog', { name: /Detalhes da operação/ });
  for (const card of ['Federal', 'Importação', 'PIS/COFINS', 'IPI', 'ICMS']) {
    await expect(opDetails.getByRole('region', { name: card, exact: true })).toBeVisible();
  }
  await expect(opDetails.getByRole('region', { name: /Protocolo/ })).toHaveCount(0);
  const saved = await page.evaluate(() => localStorage.getItem('OperationsSearchSettings'));
  expect(JSON.parse(saved ?? '{}')).toMatchObject({ uf: 'SP', cfop: 'venda', caracTrib: [3] });
});

test("'Fontes das tabelas' shows the state rules with each UF's loaded cBenef table, or says it is not loaded", async ({
  page,
}) => {
  // the counts come from the bundled official file itself
  const csv = readFileSync(new URL('../reference-data/cbenef.csv', import.meta.url), 'utf8')
    .trim()
    .split('\n')
    .slice(1);
  const codesOf = (uf: string) => new Set(csv.filter((l) => l.split(';')[1] === uf).map((l) => l.split(';')[0])).size;
  expect(codesOf('PR')).toBeGreaterThan(0);
  expect(codesOf('GO')).toBe(0);
  await openAsStaff(page);
  await page.getByRole('button', { name: 'Fontes das tabelas' }).click();
  const rules = page.getByTestId('uf-tax-rules');
  await expect(rules).toBeVisible();
  const row = (uf: string) => rules.getByRole('row').filter({ has: page.getByRole('cell', { name: uf, exact: true }) });
  await expect(row('PR').first()).toContainText(`Sim (${codesOf('PR').toLocaleString('pt-BR')} códigos)`);
  await expect(row('RJ').first()).toContainText('Por dentro');
  await expect(row('GO').last()).toContainText('Sim (tabela da UF não carregada: códigos não verificados)');
});

test('the rule editor shows the CBS/IBS rates and reductions, and an edit keeps them', async ({ page }) => {
  // Rates as a rule may carry them (a Senate resolution's reference rates are not set yet: LC 214/2025,
  // arts. 18 and 353); the test checks that the dialog shows, sends and keeps them, not their value.
  const rule = await createFiscalRule(e2eDb(), {
    ncm: '21011110',
    uf: 'SP',
    description: 'Café solúvel SP com IBS/CBS',
    version: {
      cbsCst: '000',
      cbsCClassTrib: '000001',
      cbsAliq: '8.8000',
      cbsReducao: '10.0000',
      ibsAliqUf: '10.2000',
      ibsAliqMun: '7.5000',
      ibsReducao: '20.0000',
    },
  });
  await openAsStaff(page);
  await filterByNcm(page, '2101.11.10');
  await rulesTable(page).locator('tbody tr').first().click();
  await stateRules(page).locator('tbody tr').first().locator('td').first().click();
  await page.getByTestId('complete-rule').getByRole('button', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Regras Fiscais' });
  await expect(dialog.getByLabel('ALIQ CBS%')).toHaveValue('8,80');
  await expect(dialog.getByLabel('RED. CBS%')).toHaveValue('10,00');
  await expect(dialog.getByLabel('ALIQ IBS ESTADUAL%')).toHaveValue('10,20');
  await expect(dialog.getByLabel('ALIQ IBS MUNICIPAL%')).toHaveValue('7,50');
  await expect(dialog.getByLabel('RED. IBS%')).toHaveValue('20,00');
  await dialog.getByRole('group', { name: 'IBS/CBS' }).scrollIntoViewIfNeeded();
  for (const width of [1366, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `test-results/rule-editor-cbs-ibs-rates-${width}.png` });
  }
  await page.setViewportSize({ width: 1366, height: 800 });

  // An edit of another field keeps the rates; one rate changed is saved.
  await dialog.getByLabel('ICMS%', { exact: true }).fill('12');
  await dialog.getByLabel('ALIQ IBS MUNICIPAL%').fill('8');
  await dialog.getByRole('button', { name: 'Gravar' }).click();
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(toast(page, 'Regra fiscal alterada com sucesso!')).toBeVisible();
  const saved = await e2eDb().execute<Record<string, string | null>>(
    sql`SELECT v.aliq_icms, v.cbs_aliq, v.cbs_reducao, v.ibs_aliq_uf, v.ibs_aliq_mun, v.ibs_reducao, v.cbs_cclass_trib
        FROM fiscal_rules r JOIN fiscal_rule_versions v ON v.id = r.current_version_id WHERE r.id = ${rule.id}`,
  );
  expect(saved.rows[0]).toEqual({
    aliq_icms: '12.0000',
    cbs_aliq: '8.8000',
    cbs_reducao: '10.0000',
    ibs_aliq_uf: '10.2000',
    ibs_aliq_mun: '8.0000',
    ibs_reducao: '20.0000',
    cbs_cclass_trib: '000001',
  });
});
