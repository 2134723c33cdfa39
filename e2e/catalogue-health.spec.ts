import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { seedDirtyCatalogue } from '../server/src/modules/tax/health/health.fixtures';
import { expectAxeClean } from './support/axe';
import { e2eDb } from './support/db';
import { seedMemberWithCompanies, useSessionOf } from './support/fixtures';

/**
 * "Saúde fiscal do catálogo" (issue 14 §3): reached from the products home, the check runs as a
 * background job, the cards count each finding and filter the list, the findings export as XLSX.
 */
test('checks the catalogue, filters by finding and exports the findings', async ({ page }) => {
  // Several suites share this machine: give the first page load and the job room.
  test.setTimeout(120_000);
  const seeded = await seedMemberWithCompanies([{ nomeFantasia: 'MERCADO SAUDE', uf: 'SP' }]);
  const company = seeded.companies[0]!;
  await seedDirtyCatalogue(e2eDb(), company.id);
  await useSessionOf(page, seeded.member, company);
  await page.goto('/member/home');
  await expect(page.getByRole('heading', { name: 'Meus Produtos' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Outras ações' }).click();
  await page.getByRole('menuitem', { name: 'Saúde fiscal do catálogo' }).click();

  await expect(page.getByRole('heading', { name: 'Saúde fiscal do catálogo' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Nenhuma verificação feita ainda. Clique em "Verificar catálogo".')).toBeVisible();
  await page.getByRole('button', { name: 'Verificar catálogo' }).click();
  await expect(page.getByTestId('health-status')).toHaveText('Concluída', { timeout: 45_000 });
  await expect(page.getByTestId('health-last-run')).toContainText('12 produtos · 12 com achados');

  const gtinCard = page.getByTestId('health-card-GTIN_INVALID');
  await expect(gtinCard).toContainText('GTIN com dígito verificador ou tamanho inválido');
  await expect(gtinCard).toContainText('Rejeição 611');
  await expect(gtinCard).toContainText('1');
  const rows = page.getByTestId('health-findings').locator('tbody tr');
  await expect(rows).toHaveCount(12);

  // Decision 062: rice (1006.30.21) under the full-rate code although LC 214/2025 Anexo I (art. 125) covers it.
  await page.getByTestId('health-card-CCLASSTRIB_ANNEX_IGNORED').click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Anexo I, item 1 da LC 214/2025 (Art. 125, cClassTrib 200003)');
  await expect(rows.first().getByTestId('health-proposed-cclasstrib')).toHaveText(
    'cClassTrib proposto: 200003 ou 200038',
  );
  for (const width of [1366, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `test-results/catalogue-health-annex-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 800 });
  await expectAxeClean(page);

  await page.getByTestId('health-card-CBENEF_INVALID').click();
  await expect(page.getByText('Achados: cBenef inexistente na UF ou incompatível com o CST')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('cBenef SP010360 (UF SP, CST 20)');
  await expect(rows.first()).toContainText('946');
  await page.screenshot({ path: `test-results/catalogue-health.png`, fullPage: true });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar XLSX' }).click();
  const file = await (await download).path();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile(file!)) as unknown as ArrayBuffer);
  const ws = wb.getWorksheet('Saúde fiscal')!;
  expect(ws.rowCount).toBe(13);
  expect(ws.getRow(1).values).toContain('Como corrigir');

  // The indicators screen shows the same counts and leads back to the health screen.
  await page.goto('/member/company/indicators');
  const panel = page.getByTestId('indicators-health');
  await expect(panel).toContainText('12 com achados', { timeout: 30_000 });
  await expect(page.getByTestId('indicators-health-GTIN_INVALID')).toContainText('1');
  await panel.getByRole('link', { name: 'Abrir saúde fiscal do catálogo' }).click();
  await expect(page.getByRole('heading', { name: 'Saúde fiscal do catálogo' })).toBeVisible({ timeout: 30_000 });

  // A finding's count opens the products list with only the products that have it.
  await page.getByTestId('health-products-GTIN_INVALID').click();
  await expect(page.getByRole('heading', { name: 'Meus Produtos' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Filtro: Achado: GTIN com dígito verificador ou tamanho inválido')).toBeVisible();
  const products = page.getByTestId('products-table').locator('tbody tr');
  await expect(products).toHaveCount(1);
  await expect(products.first()).toContainText('2203.00.00');
  // The chip clears the filter: the whole catalogue (12 products) is listed again.
  await page.getByRole('button', { name: 'Remover filtro' }).click();
  await expect(products).toHaveCount(12);
});
