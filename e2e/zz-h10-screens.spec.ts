import { expect, test } from '@playwright/test';
import { createProduct } from '../server/src/db/factories';
import { e2eDb } from './support/db';
import { seedCompany, seedPartner, seedUser, useSessionOf } from './support/fixtures';

test.describe.configure({ timeout: 120_000 });

test('screens', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  const db = e2eDb();
  const partner = await seedPartner();
  const owner = await seedUser('PartnerOwner', { partnerId: partner.id });
  const sp = await seedCompany(partner.id, { uf: 'SP', nomeFantasia: 'MERCADO SÃO JOÃO' });
  const rj = await seedCompany(partner.id, { uf: 'RJ', nomeFantasia: 'EMPÓRIO CARIOCA' });
  const items = [
    [sp, 'CAF-500', 'CAFÉ TORRADO E MOÍDO TRADICIONAL 500G', '07896005800010'],
    [sp, 'ARR-5', 'ARROZ AGULHINHA TIPO 1 5KG', '07896006711117'],
    [rj, '000123', 'CAFÉ TORRADO EXTRA FORTE 250G', null],
    [rj, '000124', 'ÓLEO DE SOJA REFINADO 900ML', '07891107101621'],
  ] as const;
  for (const [c, code, d, g] of items) await createProduct(db, { companyId: c.id, internalCode: code, description: d, gtin: g });
  await useSessionOf(page, owner);
  await page.goto('/partner/products/global/pending');
  await expect(page.getByRole('heading', { name: 'Produtos Pendentes' })).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: '/tmp/h10-shot-empty.png' });
  await page.getByLabel('Texto da pesquisa').fill('caf');
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(page.getByRole('table', { name: 'Produtos pendentes' }).getByRole('row')).toHaveCount(3);
  await page.getByLabel('Marcar CAF-500').check();
  await page.getByLabel('Marcar 000123').check();
  await page.screenshot({ path: '/tmp/h10-shot-products.png' });
  await page.getByRole('tab', { name: 'Resumo' }).click();
  await page.screenshot({ path: '/tmp/h10-shot-summary.png' });
  await page.getByRole('tab', { name: /Selecionados/ }).click();
  await page.screenshot({ path: '/tmp/h10-shot-selected.png' });
  await page.getByLabel('Desmarcar 000123').click();
  await page.getByRole('button', { name: 'Cadastrar produto global' }).click();
  await page.screenshot({ path: '/tmp/h10-shot-create.png' });
  await page.getByRole('dialog').getByRole('button', { name: 'Voltar' }).click();
  await page.getByRole('button', { name: 'Importar base global' }).click();
  await page.screenshot({ path: '/tmp/h10-shot-import.png' });
});
