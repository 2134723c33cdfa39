import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { findComputedYears } from '../server/src/modules/transition/computed-years';
import { seedSimulationCatalogue } from '../server/src/modules/transition/simulation.fixtures';
import { e2eDb } from './support/db';
import { seedCompany, seedMemberWithCompanies, seedUser, useSessionOf } from './support/fixtures';

/**
 * "Simulação da reforma" (issue 25 §4): a Member simulates the company's catalogue from the menu with the
 * keyboard, sees progress, the years, the chart and the products whose load rises most, opens a product's
 * years with the memória and exports the XLSX; partner staff choose the company on the same screen.
 */
const years = findComputedYears();

test('a member simulates the catalogue through the years and opens a product with the memória', async ({ page }) => {
  test.setTimeout(150_000);
  const seeded = await seedMemberWithCompanies([{ nomeFantasia: 'MERCADO REFORMA', uf: 'SP', crt: 'RegimeNormal' }]);
  const company = seeded.companies[0]!;
  await seedSimulationCatalogue(e2eDb(), company.id, 'e2e-member');
  await useSessionOf(page, seeded.member, company);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/member/home');
  const menu = page.getByRole('navigation', { name: 'Menu do usuário' });
  await menu.getByRole('link', { name: 'Simulação da reforma' }).click();
  await expect(page.getByRole('heading', { name: 'Simulação da reforma' })).toBeVisible({ timeout: 30_000 });

  // Keyboard only: the buyer's segment, then the start button.
  await page.getByRole('radio', { name: 'Contribuinte do ICMS (revenda)' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Consumidor final (não contribuinte)' })).toBeChecked();
  await page.keyboard.press('ArrowLeft');
  await page.getByRole('button', { name: 'Simular' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('simulation-status')).toHaveText('Concluída', { timeout: 60_000 });
  await expect(page.getByTestId('simulation-run')).toContainText('6 de 6 produtos');

  const yearRows = page.getByTestId('years-table').locator('tbody tr');
  await expect(yearRows).toHaveCount(years.length);
  await expect(yearRows.first()).toContainText(String(years[0]));
  await expect(page.getByTestId('load-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
  const rises = page.getByTestId('rise-table').locator('tbody tr');
  await expect(rises).toHaveCount(6);
  await page.screenshot({ path: 'test-results/transition-simulation-1366.png', fullPage: true });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: 'test-results/transition-simulation-1024.png', fullPage: true });

  // A product's years with the memória, opened and read by keyboard.
  await page.getByRole('button', { name: 'Ver anos de SMARTPHONE 128GB 5G' }).focus();
  await page.keyboard.press('Enter');
  const modal = page.getByRole('dialog');
  await expect(modal).toContainText('SIM-006 — SMARTPHONE 128GB 5G');
  await expect(modal.getByTestId('years-table').locator('tbody tr')).toHaveCount(years.length);
  const firstYear = modal.getByRole('button', { name: `Memória de cálculo de ${years[0]}` });
  await firstYear.focus();
  await page.keyboard.press('Enter');
  await expect(modal.getByText('LC 214/2025, art. 346').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/transition-simulation-memoria-1024.png' });
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar XLSX' }).click();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile((await (await download).path())!)) as unknown as ArrayBuffer);
  expect(wb.getWorksheet('Anos')!.rowCount).toBe(2 + years.length);
  expect(wb.getWorksheet('Produtos')!.rowCount).toBe(7);
});

test('partner staff choose the company and simulate a sale to a consumer in another state', async ({ page }) => {
  test.setTimeout(150_000);
  const seeded = await seedMemberWithCompanies([{ nomeFantasia: 'ATACADO SIMULADO', uf: 'SP', crt: 'RegimeNormal' }]);
  await seedCompany(seeded.partner.id, { nomeFantasia: 'AAA SEM CATALOGO', uf: 'SP' });
  await seedSimulationCatalogue(e2eDb(), seeded.companies[0]!.id, 'e2e-partner');
  const staff = await seedUser('PartnerContributor', { partnerId: seeded.partner.id });
  await useSessionOf(page, staff);
  await page.goto('/partner/simulation');
  await expect(page.getByRole('heading', { name: 'Simulação da reforma' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('combobox', { name: 'Empresa' }).click();
  await page.getByRole('option', { name: 'ATACADO SIMULADO (SP)' }).click();
  await page.getByRole('combobox', { name: 'UF de destino' }).fill('RJ');
  await page.getByRole('option', { name: 'RJ', exact: true }).click();
  await page.getByText('Consumidor final (não contribuinte)').click();
  await page.getByRole('button', { name: 'Simular' }).click();
  await expect(page.getByTestId('simulation-status')).toHaveText('Concluída', { timeout: 60_000 });
  await expect(page.getByTestId('simulation-run')).toContainText('Destino RJ · Consumidor final');
  // A sale to a consumer in another state: the DIFAL column is there.
  await expect(page.getByTestId('years-table').first().locator('thead')).toContainText('DIFAL');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: 'test-results/transition-simulation-partner-1366.png', fullPage: true });
});
