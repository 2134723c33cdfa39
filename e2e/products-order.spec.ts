import { expect, type Page, test } from '@playwright/test';
import { createProduct } from '../server/src/db/factories';
import { e2eDb } from './support/db';
import { seedMemberWithCompanies, useSessionOf } from './support/fixtures';

/** Products list (issue 13): ordered by code, description or update date with the order shown; Error filter. */

test.describe.configure({ timeout: 60_000 });

const codes = (page: Page) =>
  page
    .getByTestId('products-table')
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-code')));

test('orders the products by the clicked column and lists only the products in error', async ({ page }) => {
  const seeded = await seedMemberWithCompanies([{ nomeFantasia: 'MERCADO ORDEM', uf: 'SP' }]);
  const company = seeded.companies[0]!;
  const at = (day: number) => new Date(`2025-03-${String(day).padStart(2, '0')}T12:00:00-03:00`);
  const db = e2eDb();
  await createProduct(db, { companyId: company.id, internalCode: 'B-2', description: 'CAFE', updatedAt: at(3) });
  await createProduct(db, { companyId: company.id, internalCode: 'A-1', description: 'FEIJAO', updatedAt: at(1) });
  await createProduct(db, { companyId: company.id, internalCode: 'C-3', description: 'ARROZ', updatedAt: at(2) });
  await createProduct(db, {
    companyId: company.id,
    internalCode: 'E-1',
    description: 'SABAO EM PO',
    status: 'E',
    updatedAt: at(4),
  });
  await useSessionOf(page, seeded.member, company);
  await page.goto('/member/home');

  // newest update first by default, and the header says so (the first load of the lazy area and its
  // queries can take over 7 s on a loaded two-core CI machine)
  await expect.poll(() => codes(page), { timeout: 30_000 }).toEqual(['E-1', 'B-2', 'C-3', 'A-1']);
  const table = page.getByTestId('products-table');
  await expect(table.getByRole('columnheader', { name: 'Atualização' })).toHaveAttribute('aria-sort', 'descending');
  await expect(table.locator('tbody tr').first()).toContainText('04/03/2025');

  await table.getByRole('button', { name: 'Código interno' }).click();
  await expect.poll(() => codes(page)).toEqual(['A-1', 'B-2', 'C-3', 'E-1']);
  await expect(table.getByRole('columnheader', { name: 'Código interno' })).toHaveAttribute('aria-sort', 'ascending');
  await table.getByRole('button', { name: 'Código interno' }).click();
  await expect.poll(() => codes(page)).toEqual(['E-1', 'C-3', 'B-2', 'A-1']);
  await table.getByRole('button', { name: 'Descrição' }).click();
  await expect.poll(() => codes(page)).toEqual(['C-3', 'B-2', 'A-1', 'E-1']);

  // only the products in error
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  const panel = page.getByRole('dialog', { name: 'Pesquisar produtos' });
  for (const label of ['Pendentes', 'Classificados', 'Devolvidos']) await panel.getByLabel(label).uncheck();
  await expect(panel.getByLabel('Com erro')).toBeChecked();
  await panel.getByRole('button', { name: 'Pesquisar' }).click();
  await expect.poll(() => codes(page)).toEqual(['E-1']);
  await expect(page.getByTestId('products-count')).toHaveText('1 produto');
});
