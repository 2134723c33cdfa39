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
 * The burden (issue 38, decision 061): goods with ICMS-ST retained before carry it, phased out with the ICMS;
 * a Simples supermarket's DAS and its two paths from 2027; the products the engine refused, each with a link
 * to the product in the simulated company's catalogue, for a Member and for partner staff.
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
  await expect(page.getByTestId('simulation-run')).toContainText('7 de 7 produtos');

  const yearsTable = page.getByTestId('years-table');
  const yearRows = yearsTable.locator('tbody tr');
  await expect(yearRows).toHaveCount(years.length);
  await expect(yearRows.first()).toContainText(String(years[0]));
  // ICMS-ST retained before the sale (two beers and a soft drink, CST 60 at 18 % on R$ 1.000,00 each: NT 2016.002
  // vICMSEfet = 180,00): 540,00 a year up to 2028, 9/10 = 486,00 in 2029, 6/10 = 324,00 in 2032, none in 2033
  // (EC 132/2023, ADCT arts. 128 and 129).
  const headers = await yearsTable.locator('thead th').allTextContents();
  const stColumn = headers.indexOf('ICMS cobrado antes (ST) (R$)');
  expect(stColumn).toBeGreaterThan(0);
  const stCell = (ano: number) =>
    yearsTable
      .locator('tbody tr', { hasText: String(ano) })
      .locator('td')
      .nth(stColumn);
  await expect(stCell(2026)).toHaveText('540,00');
  await expect(stCell(2029)).toHaveText('486,00');
  await expect(stCell(2032)).toHaveText('324,00');
  await expect(stCell(2033)).toHaveText('0,00');
  const notes = page.getByTestId('burden-notes');
  await expect(notes).toContainText('ICMS cobrado antes da venda');
  await expect(notes).toContainText('LC 214/2025, art. 346');
  await expect(page.getByTestId('load-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
  // The legend lists the stack from its top: the last tax stacked comes first.
  const legend = page.getByRole('list', { name: 'Legenda, do topo da pilha para a base' });
  await expect(legend.getByRole('listitem').first()).toHaveText('ICMS cobrado antes (ST)');
  const rises = page.getByTestId('rise-table').locator('tbody tr');
  await expect(rises).toHaveCount(7);
  // The shampoo's rule has a cClassTrib whose annex does not list its NCM: refused, with the reason and a link.
  const refused = page.getByTestId('refused-table');
  await expect(refused).toContainText('Recusados pelo motor (1)');
  await expect(refused).toContainText('XAMPU ANTICASPA 400ML');
  await expect(refused).toContainText('200035');
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
  const sheet = wb.getWorksheet('Anos')!;
  expect(sheet.rowCount).toBe(2 + years.length);
  // The XLSX's headers are the screen's.
  expect((sheet.getRow(2).values as unknown[]).filter(Boolean).map(String)).toEqual(
    expect.arrayContaining(['Ano', 'ICMS cobrado antes (ST) (R$)', 'Total (R$)', 'Carga (%)']),
  );
  expect(wb.getWorksheet('Produtos')!.rowCount).toBe(8);

  // The refused product's link opens it in the catalogue.
  await page.getByRole('link', { name: 'Abrir SIM-005 — XAMPU ANTICASPA 400ML no catálogo' }).click();
  await expect(page).toHaveURL(/\/member\/home$/);
  await expect(page.getByText('XAMPU ANTICASPA 400ML').first()).toBeVisible({ timeout: 30_000 });
});

test('a Simples Nacional supermarket sees its DAS, the ST goods and the two CBS/IBS paths side by side', async ({
  page,
}) => {
  test.setTimeout(150_000);
  // CNAE 4711-3/02 (retail supermarket): commerce, no IPI on resale (RIPI, Decreto 7.212/2010, art. 24).
  const seeded = await seedMemberWithCompanies([
    { nomeFantasia: 'SUPERMERCADO SIMPLES', uf: 'SP', crt: 'SimplesNacional', cnae: '4711302' },
  ]);
  const company = seeded.companies[0]!;
  await seedSimulationCatalogue(e2eDb(), company.id, 'e2e-simples');
  await useSessionOf(page, seeded.member, company);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/member/products/simulation');
  await expect(page.getByRole('heading', { name: 'Simulação da reforma' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('checkbox', { name: /Contribuinte do IPI/ })).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Simular' })).toBeDisabled();
  await page.getByRole('textbox', { name: /Receita bruta dos últimos 12 meses/ }).fill('1.500.000,00');
  await page.getByRole('button', { name: 'Simular' }).click();
  await expect(page.getByTestId('simulation-status')).toHaveText('Concluída', { timeout: 60_000 });

  const notes = page.getByTestId('burden-notes');
  await expect(notes).toContainText('faixa 4 do Anexo I');
  await expect(notes).toContainText('LC 214/2025, art. 41');
  const yearsTable = page.getByTestId('years-table');
  const headers = await yearsTable.locator('thead th').allTextContents();
  expect(headers).not.toContain('IPI (R$)');
  expect(headers).not.toContain('PIS (R$)');
  // LC 123/2006 Anexo I, 4th bracket: (1.500.000 × 10,70 % − 22.500) ÷ 1.500.000 = 9,20 %; ICMS share 33,50 % on
  // the two breads and the phone = 3 × 30,82 = 92,46 (the ST goods leave it, art. 18 §4º-A, I); the ST goods
  // carry 3 × 180,00 = 540,00.
  const row2026 = yearsTable.locator('tbody tr', { hasText: '2026' }).locator('td');
  await expect(row2026.nth(headers.indexOf('DAS: ICMS (R$)'))).toHaveText('92,46');
  await expect(row2026.nth(headers.indexOf('ICMS cobrado antes (ST) (R$)'))).toHaveText('540,00');
  expect(headers).toContain('Carga com IBS/CBS no regime regular (%)');
  await expect(page.getByTestId('paths-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/transition-simulation-simples-1366.png', fullPage: true });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: 'test-results/transition-simulation-simples-1024.png', fullPage: true });
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
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: 'test-results/transition-simulation-partner-1024.png', fullPage: true });

  // Partner staff open a refused product as a Member does: the simulated company's catalogue (not the
  // company listed first, nor a years dialog), searched by the product's code.
  await expect(page.getByTestId('refused-table')).toContainText('XAMPU ANTICASPA 400ML');
  await page.getByRole('link', { name: 'Abrir SIM-005 — XAMPU ANTICASPA 400ML no catálogo' }).click();
  await expect(page).toHaveURL(/\/member\/home$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('XAMPU ANTICASPA 400ML').first()).toBeVisible({ timeout: 30_000 });
  // The simulated company is the selected one (the rail's user card names it).
  await expect(page.getByRole('img', { name: /ATACADO SIMULADO/ })).toBeVisible();
});
