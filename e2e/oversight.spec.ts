import { readFile } from 'node:fs/promises';
import { todayInBrazil } from '@app/contract';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { createProduct, type ProductFactoryInput } from '../server/src/db/factories';
import { recordAudit } from '../server/src/lib/audit';
import { e2eDb } from './support/db';
import { seedCompany, seedMemberWithCompanies, seedPartner, seedUser, toast, useSessionOf } from './support/fixtures';

/** Oversight screens (issue 12): partner dashboard, company indicators, log export. */

async function seedProducts(companyId: string, statuses: Record<string, number>) {
  for (const [status, n] of Object.entries(statuses)) {
    for (let i = 0; i < n; i++) {
      await createProduct(e2eDb(), { companyId, status: status as ProductFactoryInput['status'] });
    }
  }
}

test.describe.configure({ timeout: 90_000 });

test('the dashboard draws its charts and ranking; a row opens the company in a new tab', async ({ page, context }) => {
  const partner = await seedPartner();
  const owner = await seedUser('PartnerOwner', { partnerId: partner.id });
  const few = await seedCompany(partner.id, { nomeFantasia: 'POUCOS PENDENTES', razaoSocial: 'POUCOS LTDA' });
  const many = await seedCompany(partner.id, { nomeFantasia: 'MUITOS PENDENTES', razaoSocial: 'MUITOS LTDA' });
  await seedProducts(few.id, { P: 1, F: 3 });
  await seedProducts(many.id, { P: 4, A: 1, D: 2, F: 1 });
  // Another partner's company never shows up.
  const other = await seedPartner();
  await seedCompany(other.id, { nomeFantasia: 'DE OUTRO PARCEIRO' });

  await useSessionOf(page, owner);
  await page.goto('/partner/home');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('dashboard-skeleton')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByTestId('total-products')).toContainText('Produtos na base12');
  for (const id of ['products-doughnut', 'tickets-doughnut', 'checking-doughnut']) {
    await expect(page.getByTestId(id).locator('svg.recharts-surface')).toBeVisible();
  }
  const products = page.getByTestId('products-doughnut');
  const slices: [string, string][] = [
    ['Pendentes', '5'],
    ['Em Auditoria', '1'],
    ['Devolvidos', '2'],
    ['Classificados', '4'],
  ];
  for (const [label, n] of slices) {
    const item = products.getByTestId('legend-item').filter({ hasText: label });
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(n);
  }
  await expect(page.getByTestId('tickets-doughnut')).toContainText('Em aberto');
  await page.getByTestId('checking-doughnut').getByText('Produtos', { exact: true }).click();
  const chart = page.getByTestId('finished-products-chart');
  await expect(chart.locator('svg.recharts-surface')).toBeVisible();
  await expect(chart).toContainText('Cadastrados');
  await expect(chart).toContainText('Classificados');
  await chart.getByText('Mês').click();
  await expect(chart.locator('.recharts-line')).toHaveCount(2);

  const rows = page.getByTestId('companies-ranking').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('MUITOS PENDENTES');
  await expect(rows.nth(0)).toContainText('1º');
  await expect(rows.nth(1)).toContainText('POUCOS PENDENTES');
  await expect(page.getByTestId('companies-ranking')).not.toContainText('DE OUTRO PARCEIRO');
  await page.screenshot({ path: `test-results/dashboard.png`, fullPage: true });
  // 'Classificados' counts finalized products, each once (decision 067): the chart says so.
  await expect(chart).toContainText('cada produto uma vez, no dia em que foi finalizado');
  for (const width of [1366, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    await chart.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/dashboard-finalized-${width}.png` });
  }

  const [tab] = await Promise.all([context.waitForEvent('page'), rows.nth(0).click()]);
  await tab.waitForLoadState();
  // The tab opens /member/companies?companyId=…, which selects that company and, as any selection does (spec 01 §2),
  // goes on to its products at once: the company page is never a resting state to look at.
  await expect(tab).toHaveURL(/\/member\/home$/, { timeout: 20_000 });
  await expect(tab.getByRole('navigation').first()).toContainText('MUITOS PENDENTES');
  await expect(tab.getByRole('heading', { name: 'Meus Produtos' })).toBeVisible();
});

async function openIndicators(page: Page, role: 'Member' | 'PartnerOwner') {
  const seeded = await seedMemberWithCompanies([{ nomeFantasia: 'INDICADORES LTDA', uf: 'SP', cnae: null }]);
  const company = seeded.companies[0]!;
  await seedProducts(company.id, { P: 2, F: 5, D: 1, A: 2 });
  const user = role === 'Member' ? seeded.member : await seedUser('PartnerOwner', { partnerId: seeded.partner.id });
  await useSessionOf(page, user, company);
  await page.goto('/member/company/indicators');
  await expect(page.getByRole('heading', { name: 'Indicadores' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('products-panel')).toBeVisible({ timeout: 20_000 });
  return company;
}

test('indicators: panels for a Member, and a card opens the filtered products list', async ({ page }) => {
  await openIndicators(page, 'Member');
  const panel = page.getByTestId('company-panel');
  await expect(panel).toContainText('INDICADORES LTDA');
  await expect(panel).toContainText('Regime Especial');
  await expect(panel).toContainText('Não informado'); // CNAE
  await expect(page.getByTestId('products-total')).toHaveText('8');
  await expect(page.getByTestId('card-inAudit')).toHaveCount(0);
  await expect(page.getByText('Histórico de classificação de produtos')).toHaveCount(0);
  await expect(page.getByTestId('card-classified')).toContainText('62,50%');
  await expect(page.getByTestId('card-pending')).toContainText('Produtos que ainda não foram classificados.');
  await page.screenshot({ path: 'test-results/indicators-member.png', fullPage: true });

  await page.getByTestId('card-pending').click();
  await expect(page).toHaveURL(/\/member\/home$/);
  await expect(page.getByTestId('products-count')).toHaveText('2 produtos', { timeout: 20_000 });
  await expect(page.getByTestId('products-table').locator('tbody tr')).toHaveCount(2);
});

test('indicators: staff see the audit card and the histories', async ({ page }) => {
  await openIndicators(page, 'PartnerOwner');
  await expect(page.getByTestId('products-total')).toHaveText('10');
  await expect(page.getByTestId('card-inAudit')).toContainText('20,00%');
  await expect(page.getByText('Histórico de classificação de produtos')).toBeVisible();
  await expect(page.getByText('Nenhuma consulta de produtos com regras fiscais alteradas realizada!')).toBeVisible();
  await page.screenshot({ path: 'test-results/indicators-staff.png', fullPage: true });
  await page.getByTestId('card-inAudit').click();
  await expect(page).toHaveURL(/\/member\/home$/);
  await expect(page.getByTestId('products-count')).toHaveText('2 produtos', { timeout: 20_000 });
});

const brDate = (iso: string) => iso.split('-').reverse().join('/');

test('log export: period messages, then an XLSX of the partner’s events read back', async ({ page }) => {
  const partner = await seedPartner();
  const owner = await seedUser('PartnerOwner', { partnerId: partner.id, name: 'Dona do Parceiro' });
  const company = await seedCompany(partner.id, { nomeFantasia: 'EMPRESA DO LOG' });
  const other = await seedPartner();
  await recordAudit(e2eDb(), {
    code: 2001,
    actor: owner,
    partnerId: partner.id,
    companyId: company.id,
    after: { uf: 'SP' },
  });
  await recordAudit(e2eDb(), { code: 2002, actor: owner, partnerId: partner.id, companyId: company.id });
  await recordAudit(e2eDb(), { code: 2001, actor: null, partnerId: other.id });

  await useSessionOf(page, owner);
  await page.goto('/partner/logs');
  await expect(page.getByRole('heading', { name: 'Logs' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Baixar' }).click();
  await expect(toast(page, 'É preciso escolher um período para gerar a planilha de logs')).toBeVisible();

  const today = todayInBrazil();
  const from = page.getByTestId('log-from');
  const to = page.getByTestId('log-to');
  await from.fill(brDate(today));
  await to.fill('01/01/2020');
  await page.getByRole('heading', { name: 'Logs' }).click();
  await page.getByRole('button', { name: 'Baixar' }).click();
  await expect(toast(page, 'A data final não pode ser menor que a data inicial.')).toBeVisible();

  await page.getByLabel('Empresas').check();
  await page.getByTestId('log-code').click();
  await expect(page.getByRole('option', { name: '2001 - Empresa cadastrada' })).toBeVisible();
  await expect(page.getByRole('option', { name: /^1001/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await to.fill(brDate(today));
  await page.getByRole('heading', { name: 'Logs' }).click();
  await page.screenshot({ path: 'test-results/logs.png', fullPage: true });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Baixar' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Log.xlsx');
  await expect(toast(page, 'Logs exportados com sucesso!')).toBeVisible();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  expect(rows[0]).toEqual([
    'Data/Hora',
    'Código',
    'Descrição',
    'Usuário',
    'Parceiro',
    'Empresa',
    'Entidade',
    'Antes',
    'Depois',
  ]);
  expect(
    rows
      .slice(1)
      .map((r) => r[1])
      .sort(),
  ).toEqual(['2001', '2002']);
  const created = rows.find((r) => r[1] === '2001')!;
  expect(created[2]).toBe('Empresa cadastrada');
  expect(created[3]).toBe('Dona do Parceiro');
  expect(created[5]).toBe('EMPRESA DO LOG');
  expect(created[8]).toBe('uf: SP');
  expect(created[0]).toMatch(new RegExp(`^${brDate(today)} \\d{2}:\\d{2}:\\d{2}$`));
});
