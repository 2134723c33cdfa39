import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { createFiscalRule, createProduct } from '../server/src/db/factories';
import { buildNfeXml, buildZip, type FixtureItem } from '../server/src/modules/documents/documents.fixtures';
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
      recipientCnpj: '44555666000172',
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
