import { expect, type Page, test } from '@playwright/test';
import { seedUser, useSessionOf } from './support/fixtures';

/**
 * 'Alíquotas da Reforma' (issue 25 §2, decision 038): the Admin sees the CBS/IBS rates 2026–2033 and edits an
 * estimate with its source, by keyboard; other staff are not offered the screen.
 */
test.describe.configure({ timeout: 180_000 });

const table = (page: Page) => page.getByTestId('reform-rates');

test('the Admin edits an estimated rate with its source and restores the official value', async ({ page }) => {
  await useSessionOf(page, await seedUser('Admin', { name: 'Helena Admin' }));
  await page.goto('/partner/home');
  await page
    .getByRole('navigation', { name: 'Menu do parceiro' })
    .getByRole('link', { name: 'Alíquotas da Reforma' })
    .click();
  await expect(page.getByRole('heading', { name: 'Alíquotas da Reforma' })).toBeVisible({ timeout: 20_000 });
  await expect(table(page).locator('tbody tr')).toHaveCount(24);
  // 2026 is fixed by law (LC 214/2025 arts. 343 and 346): no edit button
  await expect(table(page).locator('tbody tr').first()).toContainText('Fixada em lei');
  await expect(page.getByRole('button', { name: 'Editar CBS de 2026', exact: true })).toHaveCount(0);

  for (const width of [1366, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/reform-rates-${width}.png`, fullPage: true });
  }

  // keyboard only: focus the edit button of CBS 2032, open, fill, submit with Enter
  await page.getByRole('button', { name: 'Editar CBS de 2032' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Editar alíquota estimada: CBS de 2032' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Alíquota (%)').fill('8,75');
  await dialog.getByLabel('Fonte').fill('');
  await dialog.getByLabel('Alíquota (%)').press('Enter');
  await expect(dialog).toContainText('Fonte: informe de onde vem a alíquota.');
  await dialog.getByLabel('Fonte').fill('Resolução do Senado (exemplo de teste)');
  await page.screenshot({ path: 'test-results/reform-rates-dialog-1024.png' });
  await dialog.getByLabel('Fonte').press('Enter');
  await expect(dialog).toBeHidden();
  const row = table(page).locator('tbody tr', { hasText: 'Resolução do Senado (exemplo de teste)' });
  await expect(row).toContainText('8,75 %');
  await expect(row).toContainText('Editada por Helena Admin');

  await page.getByRole('button', { name: 'Editar CBS de 2032' }).click();
  await page.getByRole('button', { name: 'Restaurar valor oficial' }).click();
  await expect(table(page).locator('tbody tr', { hasText: 'exemplo de teste' })).toHaveCount(0);
});

test('the Admin sets the IBS rate of a município from a date, by keyboard, and removes it', async ({ page }) => {
  await useSessionOf(page, await seedUser('Admin', { name: 'Helena Admin' }));
  await page.goto('/partner/reform-rates');
  await expect(page.getByRole('heading', { name: 'IBS municipal por município' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Incluir alíquota municipal' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Incluir alíquota municipal do IBS' });
  await dialog.getByLabel('UF').selectOption('RS');
  // Porto Alegre belongs to RS: a São Paulo code typed as such is refused naming the field
  const municipality = dialog.getByRole('combobox', { name: 'Município' });
  await municipality.fill('3550308');
  await page.getByRole('option', { name: 'Código IBGE 3550308' }).click();
  await dialog.getByLabel('Início de vigência').fill('2032-01-01');
  // Escape in a date field leaves the dialog and what was typed (issue 38).
  await dialog.getByLabel('Início de vigência').press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Alíquota (%)').fill('1,10');
  await dialog.getByLabel('Fonte').fill('Lei municipal de Porto Alegre (exemplo de teste)');
  await dialog.getByLabel('Fonte').press('Enter');
  await expect(dialog).toContainText('não é um município da UF RS');
  // Picked by name from the IBGE table, among RS's municípios only.
  await municipality.fill('porto aleg');
  await expect(page.getByRole('option', { name: /São Paulo/ })).toHaveCount(0);
  await page.getByRole('option', { name: 'Porto Alegre (4314902)' }).click();
  await page.screenshot({ path: 'test-results/reform-rates-municipal-dialog-1024.png' });
  await dialog.getByLabel('Fonte').press('Enter');
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('municipal-rates').locator('tbody tr', { hasText: 'Porto Alegre (4314902)' });
  await expect(row).toContainText('1,1 %');
  await expect(row).toContainText('01/01/2032 em diante');
  for (const width of [1366, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/reform-rates-municipal-${width}.png`, fullPage: true });
  }
  await page.getByRole('button', { name: 'Excluir Porto Alegre (4314902)' }).click();
  await expect(row).toHaveCount(0);
});

test('a partner owner is not offered the screen', async ({ page }) => {
  await useSessionOf(page, await seedUser('PartnerOwner'));
  await page.goto('/partner/home');
  const menu = page.getByRole('navigation', { name: 'Menu do parceiro' });
  await expect(menu.getByRole('link', { name: 'Logs' })).toBeVisible({ timeout: 40_000 });
  await expect(menu.getByRole('link', { name: 'Alíquotas da Reforma' })).toHaveCount(0);
  // and the server refuses the edit all the same (403)
  const res = await page.request.put('/v1/public/tax/reform-rates/CBS/2030-01-01', {
    data: { rate: 9, source: 'x' },
  });
  expect(res.status()).toBe(403);
});
