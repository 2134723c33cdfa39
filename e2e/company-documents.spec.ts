import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { createFiscalRule, createProduct } from '../server/src/db/factories';
import { buildNfeXml, buildZip, type FixtureItem } from '../server/src/modules/documents/documents.fixtures';
import { expectAxeClean } from './support/axe';
import { e2eDb } from './support/db';
import { seedMemberWithCompanies, useSessionOf } from './support/fixtures';

/**
 * "Documentos fiscais" (issue 22): reached from the products home, the company's NF-e are sent as a ZIP, imported
 * and audited in the background; the summary counts each kind of finding in R$, the table filters by kind and
 * links each product, the findings export as XLSX.
 */
test('imports a ZIP of NF-e, shows the findings by kind and exports them', async ({ page }) => {
  test.setTimeout(150_000);
  const seeded = await seedMemberWithCompanies([{ nomeFantasia: 'MERCADO DOCUMENTOS', uf: 'SP' }]);
  const company = seeded.companies[0]!;
  const rule = await createFiscalRule(e2eDb(), {
    ncm: '22030000',
    cest: '0302100',
    uf: 'SP',
    description: `CERVEJAS DOCUMENTOS ${Date.now()}`,
  });
  await createProduct(e2eDb(), {
    companyId: company.id,
    internalCode: 'CERV-10',
    description: 'CERVEJA LATA',
    fiscalRuleId: rule.id,
  });
  const beer: FixtureItem = {
    code: 'CERV-10',
    description: 'CERVEJA LATA 350ML',
    ncm: '22030000',
    cest: '0302100',
    cfop: '5102',
    vProd: '100.00',
    icms: { cst: '00', pICMS: '12.00', vICMS: '12.00' },
  };
  const fresh: FixtureItem = {
    ...beer,
    code: 'NOVO-20',
    description: 'AGUA MINERAL 500ML',
    ncm: '22011000',
    cest: undefined,
    gtin: '7891234567896',
    icms: { cst: '00', pICMS: '18.00', vICMS: '18.00' },
  };
  const nfe = (n: number, items: FixtureItem[]) =>
    buildNfeXml({
      issuerCnpj: company.document,
      issuerUf: 'SP',
      recipientCnpj: '44555666000181',
      recipientUf: 'SP',
      number: n,
      items,
    });
  const zip = buildZip([
    { name: 'outubro/1.xml', data: nfe(1, [beer]) },
    { name: 'outubro/2.xml', data: nfe(2, [beer, fresh]) },
    { name: 'outubro/2-copia.xml', data: nfe(2, [beer, fresh]) },
  ]);

  await useSessionOf(page, seeded.member, company);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/member/home');
  await expect(page.getByRole('heading', { name: 'Meus Produtos' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Outras ações' }).click();
  await page.getByRole('menuitem', { name: 'Documentos fiscais' }).click();
  await expect(page.getByRole('heading', { name: 'Documentos fiscais' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('documents-empty')).toContainText('Nenhum documento importado ainda');
  await page.screenshot({ path: 'test-results/company-documents-empty-1366.png', fullPage: true });

  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'notas-outubro.zip', mimeType: 'application/zip', buffer: zip });
  // Keyboard alone: the send button is reached and pressed without the mouse.
  await page.getByTestId('documents-send').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('documents-import-status')).toHaveText('Concluída', { timeout: 60_000 });
  await expect(page.getByTestId('documents-count-documents')).toHaveText('2');
  await expect(page.getByTestId('documents-count-duplicates')).toHaveText('1');
  await expect(page.getByTestId('documents-count-created')).toHaveText('1');

  // Two sales at 12 % where the rule says 18 %: R$ −6,00 each; the new product's GTIN is broken (611).
  const rate = page.getByTestId('documents-kind-aliquota-divergente');
  await expect(rate).toContainText('Alíquota diferente da regra fiscal: 2');
  await expect(rate).toContainText('-R$ 12,00');
  await expect(page.getByTestId('documents-kind-gtin-invalido')).toContainText('GTIN inválido: 1');
  await page.screenshot({ path: 'test-results/company-documents-1366.png', fullPage: true });
  await page.setViewportSize({ width: 1024, height: 900 });
  await page.screenshot({ path: 'test-results/company-documents-1024.png', fullPage: true });

  const rows = page.getByTestId('documents-findings').locator('tbody tr');
  await rate.click();
  // The worklist opens grouped by cause; the item view lists each finding.
  await page.getByTestId('documents-view').getByText('Por item').click();
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('-R$ 6,00');

  const download = page.waitForEvent('download');
  await page.getByTestId('documents-export').click();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile((await (await download).path())!)) as unknown as ArrayBuffer);
  expect(wb.worksheets[0]!.getRow(1).values).toContain('Diferença (R$)');

  await rows.first().getByRole('link', { name: 'CERV-10' }).click();
  await expect(page.getByRole('heading', { name: 'Meus Produtos' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('products-table').locator('tbody tr')).toHaveCount(1);
  await expect(page.getByTestId('products-table').locator('tbody tr').first()).toContainText('CERV-10');
});

/**
 * The worklist (issue 37): findings grouped by cause, a group opened to its items, its status set by keyboard alone
 * (Ignorado asks for a reason), filters, 100 rows a page, a new audit after the product's rule is fixed that says
 * what it resolved and keeps the statuses, the export under the filters; axe on the screen and in the dialog.
 */
test('works the findings as a worklist: groups, statuses kept across a new audit, filters and export', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const seeded = await seedMemberWithCompanies([{ nomeFantasia: 'MERCADO LISTA', uf: 'SP' }]);
  const company = seeded.companies[0]!;
  const stamp = Date.now();
  const rule = await createFiscalRule(e2eDb(), {
    ncm: '22030000',
    cest: '0302100',
    uf: 'SP',
    description: `CERVEJAS LISTA ${stamp}`,
  });
  const product = await createProduct(e2eDb(), {
    companyId: company.id,
    internalCode: 'CERV-20',
    description: 'CERVEJA LATA',
    fiscalRuleId: rule.id,
  });
  // 12 % where the rule says 18 % (RICMS/SP art. 52, I): one cause, three items in three documents.
  const beer: FixtureItem = {
    code: 'CERV-20',
    description: 'CERVEJA PILSEN LATA 350ML',
    ncm: '22030000',
    cest: '0302100',
    cfop: '5102',
    vProd: '100.00',
    icms: { cst: '00', pICMS: '12.00', vICMS: '12.00' },
  };
  // A GTIN with a wrong check digit: SEFAZ rejects it (rule 611).
  const water: FixtureItem = {
    ...beer,
    code: 'AGUA-30',
    description: 'AGUA MINERAL 500ML',
    gtin: '7891234567896',
    cfop: '6102',
    icms: { cst: '00', pICMS: '12.00', vICMS: '12.00' },
  };
  const nfe = (n: number, date: string, items: FixtureItem[], recipientUf = 'SP') =>
    buildNfeXml({
      issuerCnpj: company.document,
      issuerUf: 'SP',
      // A CNPJ with valid check digits (another one is refused by SEFAZ, rule 208, and would lead the list).
      recipientCnpj: '11222333000181',
      recipientUf,
      number: n,
      date,
      items,
    });
  const zip = buildZip([
    { name: '11.xml', data: nfe(11, '2026-03-02', [beer]) },
    { name: '12.xml', data: nfe(12, '2026-03-15', [beer]) },
    { name: '13.xml', data: nfe(13, '2026-03-28', [beer]) },
    { name: '14.xml', data: nfe(14, '2026-03-30', [water], 'RJ') },
  ]);

  await useSessionOf(page, seeded.member, company);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/member/products/documents');
  await expect(page.getByRole('heading', { name: 'Documentos fiscais' })).toBeVisible({ timeout: 30_000 });
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'lista.zip', mimeType: 'application/zip', buffer: zip });
  await page.getByTestId('documents-send').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('documents-import-status')).toHaveText('Concluída', { timeout: 60_000 });

  const groups = page.getByTestId('documents-group-row');
  const rateGroup = groups.filter({ hasText: 'Alíquota diferente da regra fiscal' });
  await expect(rateGroup).toHaveCount(1);
  await expect(rateGroup.getByTestId('documents-group-items')).toHaveText('3');
  await expect(rateGroup).toContainText('em 3 doc.');
  await expect(rateGroup).toContainText('-R$ 18,00');
  await expect(rateGroup).toContainText('a recolher');
  await expect(rateGroup).toContainText('02/03/2026 a 28/03/2026');
  await expect(rateGroup).toContainText('CERVEJA PILSEN LATA 350ML');
  // Rejections first: the broken GTIN's group comes before the rate's.
  const order = await groups.allInnerTexts();
  const gtinAt = order.findIndex((t) => t.includes('GTIN inválido'));
  expect(gtinAt).toBeGreaterThanOrEqual(0);
  expect(gtinAt).toBeLessThan(order.findIndex((t) => t.includes('Alíquota diferente da regra fiscal')));

  // Keyboard alone: open the group, read its items with the chave in blocks of 4.
  await rateGroup.getByTestId('documents-group-toggle').focus();
  await page.keyboard.press('Enter');
  await expect(rateGroup.getByTestId('documents-group-toggle')).toHaveAttribute('aria-expanded', 'true');
  const key = await rateGroup.getAttribute('data-group');
  const items = page.getByTestId(`documents-group-items-${key}`).locator('tbody tr');
  await expect(items).toHaveCount(3);
  await expect(items.first().getByTestId('documents-chave')).toHaveText(/^\d{4}( \d{4}){10}$/);
  await expect(items.first().getByRole('button', { name: /Copiar chave de acesso \d{44}/ })).toBeVisible();
  await page.screenshot({ path: 'test-results/company-documents-worklist-1366.png', fullPage: true });
  await expectAxeClean(page);

  // Ignorado needs a reason, by keyboard alone.
  const gtinGroup = groups.filter({ hasText: 'GTIN inválido' });
  await gtinGroup.getByTestId('documents-group-edit').focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Situação do grupo de achados' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: 'Ignorado' }).focus();
  await page.keyboard.press('Space');
  await dialog.getByTestId('group-status-save').focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toContainText('Motivo: informe por que o grupo será ignorado.');
  await expectAxeClean(page, '[role="dialog"]');
  await dialog.getByTestId('group-status-reason').focus();
  await page.keyboard.type('GTIN do fabricante, já avisado');
  await dialog.getByTestId('group-status-save').focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(gtinGroup.getByTestId('documents-group-status')).toHaveText('Ignorado');
  await expect(gtinGroup).toContainText('GTIN do fabricante, já avisado');

  // Filters: the CFOP of the interstate sale leaves only its groups; 100 rows a page.
  await page.getByTestId('documents-filter-cfop').fill('6102');
  await page.keyboard.press('Enter');
  await expect(rateGroup).toHaveCount(0);
  await expect(gtinGroup).toHaveCount(1);
  const download = page.waitForEvent('download');
  await page.getByTestId('documents-export').click();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile((await (await download).path())!)) as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const cfops = Array.from(
    { length: sheet.rowCount - 1 },
    (_, i) => sheet.getRow(i + 2).getCell(header.indexOf('CFOP') + 1).value,
  );
  expect(cfops.length).toBeGreaterThan(0);
  expect(new Set(cfops)).toEqual(new Set(['6102']));
  expect(sheet.getRow(2).getCell(header.indexOf('Data') + 1).value).toBeInstanceOf(Date);
  await page.getByTestId('documents-filter-clear').click();
  await expect(rateGroup).toHaveCount(1);
  await page.getByTestId('documents-page-size').click();
  await page.getByRole('option', { name: '100 por página' }).click();
  await expect(page.getByTestId('documents-page-size')).toHaveValue('100 por página');

  // The rule is fixed (12 %): a new audit resolves the rate group and keeps the GTIN group's status.
  const fixed = await createFiscalRule(e2eDb(), {
    ncm: '22030000',
    cest: '0302100',
    uf: 'SP',
    description: `CERVEJAS LISTA 12 ${stamp}`,
    version: { aliqIcms: '12.0000' },
  });
  await e2eDb().execute(sql`UPDATE products SET fiscal_rule_id = ${fixed.id} WHERE id = ${product.id}`);
  await page.getByTestId('documents-reaudit').click();
  const result = page.getByTestId('documents-reaudit-result');
  await expect(result).toContainText(/Auditoria refeita: (1 grupo resolvido|([2-9]|[1-9]\d+) grupos resolvidos)/, {
    timeout: 30_000,
  });
  await expect(result).toContainText('Resolvido: Alíquota diferente da regra fiscal · pICMS · CERV-20');
  await expect(rateGroup).toHaveCount(0);
  await expect(gtinGroup.getByTestId('documents-group-status')).toHaveText('Ignorado');
  await page.setViewportSize({ width: 1024, height: 900 });
  await page.screenshot({ path: 'test-results/company-documents-worklist-1024.png', fullPage: true });

  // An upload of another company's NF-e imports nothing: red "Nada importado", on the badge and in the picker.
  const foreign = buildNfeXml({
    issuerCnpj: '44555666000181',
    issuerUf: 'RJ',
    recipientCnpj: '12345678000195',
    recipientUf: 'RJ',
    number: 90,
    items: [beer],
  });
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'de-terceiros.xml', mimeType: 'text/xml', buffer: Buffer.from(foreign) });
  await page.getByTestId('documents-send').click();
  await expect(page.getByTestId('documents-import-status')).toHaveText('Nada importado', { timeout: 60_000 });
  await page.getByTestId('documents-import-select').click();
  await expect(page.getByRole('option', { name: /de-terceiros\.xml .* Nada importado/ })).toBeVisible();
  await expect(page.getByRole('option', { name: /lista\.zip .* Concluída$/ })).toBeVisible();
  await page.keyboard.press('Escape');
});
