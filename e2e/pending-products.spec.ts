import { expect, type Page, test } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { createFiscalRule, createGlobalProduct, createProduct, generateGtin14 } from '../server/src/db/factories';
import { expectAxeClean } from './support/axe';
import { e2eDb } from './support/db';
import { seedCompany, seedPartner, seedUser, toast, useSessionOf } from './support/fixtures';

/**
 * Pending global products (spec 02 §2, §5) and the curation of the global base (issue 10). Each test
 * seeds its own partner, companies and a description token of its own, and searches by it.
 */
test.describe.configure({ timeout: 90_000 });

const token = () => `ZQ${Math.random().toString(36).slice(2, 8).toUpperCase()}`;

async function seedQueue(tag: string) {
  const db = e2eDb();
  const partner = await seedPartner();
  const owner = await seedUser('PartnerOwner', { partnerId: partner.id });
  const sp = await seedCompany(partner.id, { uf: 'SP', nomeFantasia: `LOJA SP ${tag}` });
  const rj = await seedCompany(partner.id, { uf: 'RJ', nomeFantasia: `LOJA RJ ${tag}` });
  const a = await createProduct(db, { companyId: sp.id, internalCode: `${tag}-A`, description: `${tag} AGUA MINERAL` });
  const b = await createProduct(db, { companyId: sp.id, internalCode: `${tag}-B`, description: `${tag} SUCO DE UVA` });
  const c = await createProduct(db, { companyId: rj.id, internalCode: `${tag}-C`, description: `${tag} CAFE TORRADO` });
  return { partner, owner, sp, rj, products: { a, b, c } };
}

async function search(page: Page, text: string) {
  await page.getByLabel('Texto da pesquisa').fill(text);
  await page.getByRole('button', { name: 'Pesquisar' }).click();
}
const table = (page: Page) => page.getByRole('table', { name: 'Produtos pendentes' });

test('searches, keeps the selection across tabs, refuses a named rule of another UF and deletes with CONCORDO', async ({
  page,
}) => {
  const tag = token();
  const s = await seedQueue(tag);
  await createFiscalRule(e2eDb(), { ncm: '22021000', uf: 'SP', description: `REGRA ${tag} SP` });
  await useSessionOf(page, s.owner);
  await page.goto('/partner/products/global/pending');
  await expect(page.getByRole('heading', { name: 'Produtos Pendentes' })).toBeVisible({ timeout: 20_000 });

  // Issue 38: the queue opens listed, newest first, and the bulk actions wait for a mark.
  await expect(table(page).getByRole('row').nth(1)).toContainText(`${tag} CAFE TORRADO`, { timeout: 20_000 });
  await expect(page.getByTestId('pending-count')).toHaveText('3 produtos pendentes, do mais recente ao mais antigo');
  await expect(page.getByRole('button', { name: 'Excluir produtos' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Vincular a um produto global' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Importar base global' })).toBeEnabled();
  for (const width of [1366, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `test-results/pending-products-listed-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 800 });
  await expectAxeClean(page);
  await search(page, tag);
  await expect(table(page).getByRole('row')).toHaveCount(4); // header + 3
  await expect(table(page)).toContainText(`LOJA RJ ${tag} (RJ)`);

  await table(page).getByLabel(`Marcar ${tag}-A`).check();
  await table(page).getByLabel(`Marcar ${tag}-C`).check();
  await page.getByRole('tab', { name: 'Resumo' }).click();
  const summary = page.getByRole('table', { name: 'Resumo da seleção' });
  await expect(summary).toContainText(`LOJA SP ${tag}`);
  await summary.getByText(`LOJA RJ ${tag}`).click();
  await expect(page.getByRole('tab', { name: 'Selecionados (2)' })).toHaveAttribute('aria-selected', 'true');
  // kept in local storage
  const stored = await page.evaluate(() => localStorage.getItem('selectedProductsPending'));
  expect(JSON.parse(stored ?? '[]')).toHaveLength(2);

  // Named rule of SP while an RJ product is selected: refused (10 s message), nothing linked.
  await page.getByRole('button', { name: 'Vincular a uma regra nomeada' }).click();
  const rules = page.getByRole('dialog', { name: 'Vincular a uma regra nomeada' });
  await rules.getByLabel('Pesquisar regra nomeada').fill(`REGRA ${tag}`);
  await rules.getByLabel(`Selecionar REGRA ${tag} SP`).check();
  await rules.getByRole('button', { name: 'Vincular' }).click();
  await expect(
    toast(
      page,
      'Um ou mais produtos selecionados pertencem a empresas com a UF diferente da Regra Fiscal selecionada, verifique!',
    ),
  ).toBeVisible();
  await rules.getByRole('button', { name: 'Voltar' }).click();

  // Unmark the RJ product, then delete the SP one with a wrong and then a right confirmation.
  await page.getByLabel(`Desmarcar ${tag}-C`).click();
  await expect(page.getByRole('tab', { name: 'Selecionados (1)' })).toBeVisible();
  await page.getByRole('button', { name: 'Excluir produtos' }).click();
  const confirm = page.getByRole('dialog', { name: 'Excluir produtos' });
  await confirm.getByLabel('Texto de confirmação').fill('concordar');
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(toast(page, 'Texto de exclusão digitado está incorreto')).toBeVisible();
  await confirm.getByLabel('Texto de confirmação').fill('eu concordo');
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(toast(page, 'Produtos excluídos com sucesso!')).toBeVisible();
  await page.getByRole('tab', { name: 'Produtos' }).click();
  await search(page, tag);
  await expect(table(page).getByRole('row')).toHaveCount(3);
  await expect(table(page)).not.toContainText(`${tag}-A`);
});

test('a staff-created global product classifies the pending product of a member and its GTIN twins', async ({
  page,
}) => {
  const tag = token();
  const s = await seedQueue(tag);
  const gtin = generateGtin14();
  const db = e2eDb();
  const twin = await createProduct(db, {
    companyId: s.rj.id,
    internalCode: `${tag}-T`,
    description: `${tag} TWIN`,
    gtin,
  });
  const source = await createProduct(db, {
    companyId: s.sp.id,
    internalCode: `${tag}-G`,
    description: `${tag} AGUA COM GAS`,
    gtin,
  });
  await useSessionOf(page, s.owner);
  await page.goto('/partner/products/global/pending');
  await search(page, `${tag} AGUA COM`);
  await table(page).getByLabel(`Marcar ${tag}-G`).check();
  await page.getByRole('button', { name: 'Cadastrar produto global' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cadastrar produto global' });
  await expect(dialog.getByLabel('Descrição')).toHaveValue(`${tag} AGUA COM GAS`);
  await expect(dialog.getByLabel('GTIN')).toHaveValue(gtin.slice(1));
  await dialog.getByLabel('NCM').fill('2202.10.00');
  await dialog.getByRole('button', { name: 'Gravar' }).click();
  await expect(toast(page, /Produto global cadastrado com sucesso!/)).toBeVisible();
  await expect(dialog.getByTestId('fanout-status')).toContainText(
    'Classificação concluída: 2 produtos pendentes classificados',
    {
      timeout: 20_000,
    },
  );
  const rows = await db.execute<{ status: string }>(
    sql`SELECT status FROM products WHERE id IN (${source.id}, ${twin.id})`,
  );
  expect(rows.rows.map((r) => r.status)).toEqual(['F', 'F']);
});

test('links products of two companies at once to a global product (bind modal, bindinginbatch)', async ({ page }) => {
  const tag = token();
  const s = await seedQueue(tag);
  const db = e2eDb();
  const global = await createGlobalProduct(db, {
    code: `G-${tag}`,
    description: `${tag} AGUA MINERAL GLOBAL`,
    ncm: '22021000',
  });
  await useSessionOf(page, s.owner);
  await page.goto('/partner/products/global/pending');
  await expect(page.getByRole('heading', { name: 'Produtos Pendentes' })).toBeVisible({ timeout: 20_000 });
  await search(page, tag);
  await table(page).getByLabel(`Marcar ${tag}-A`).check();
  await table(page).getByLabel(`Marcar ${tag}-C`).check();
  await page.getByRole('button', { name: 'Vincular a um produto global' }).click();
  const dialog = page.getByRole('dialog', { name: 'Base compartilhada de produtos' });
  await dialog.getByLabel(`Selecionar ${tag} AGUA MINERAL GLOBAL`).check({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Vincular produtos' }).click();
  await dialog.getByRole('button', { name: 'Confirmar vínculos' }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(page.getByRole('tab', { name: 'Selecionados (0)' })).toBeVisible();
  const rows = await db.execute<{ status: string; ref: string }>(
    sql`SELECT status, fiscal_service_reference_code AS ref FROM products
        WHERE id IN (${s.products.a.id}, ${s.products.c.id})`,
  );
  expect(rows.rows).toEqual([
    { status: 'F', ref: global.code },
    { status: 'F', ref: global.code },
  ]);
});

test('binding shows the reasons and a preview, waits for the confirmation, and is undone within the session (audited)', async ({
  page,
}) => {
  const tag = token();
  const s = await seedQueue(tag);
  const db = e2eDb();
  const rule = await createFiscalRule(db, {
    ncm: '09011110',
    uf: 'RJ',
    description: `REGRA ${tag} CAFE RJ`,
    version: { aliqIcms: '20.0000', cbsCst: '200', cbsCClassTrib: '200003' },
  });
  const coffee = await createGlobalProduct(db, {
    code: `G-${tag}-CAFE`,
    description: `${tag} CAFE TORRADO E MOIDO 500G`,
    ncm: '09011110',
    rules: { RJ: rule.id },
  });
  await createGlobalProduct(db, { code: `G-${tag}-PASTA`, description: `${tag} CREME DENTAL CAFE`, ncm: '33061000' });
  await db.execute(sql`UPDATE products SET ncm = '09012200' WHERE id = ${s.products.c.id}`);
  await useSessionOf(page, s.owner);
  await page.goto('/partner/products/global/pending');
  await expect(page.getByRole('heading', { name: 'Produtos Pendentes' })).toBeVisible({ timeout: 20_000 });
  await search(page, tag);
  await table(page).getByLabel(`Marcar ${tag}-C`).check();
  await page.getByRole('button', { name: 'Vincular a um produto global' }).click();
  const dialog = page.getByRole('dialog', { name: 'Base compartilhada de produtos' });
  await dialog.getByLabel('Pesquisar por descrição').fill(`${tag} CAFE`);
  await dialog.getByLabel('Pesquisar por descrição').press('Enter');
  const rows = dialog.getByTestId('bind-candidate');
  await expect(rows.first()).toContainText('CAFE TORRADO', { timeout: 20_000 });
  await expect(rows.first().getByTestId('bind-reasons')).toContainText('Mesmo capítulo NCM (09)');
  await expect(dialog.getByTestId('bind-candidates')).toContainText('Outro capítulo NCM (33 × 09)');
  await page.screenshot({ path: 'test-results/binding-candidates-1366.png' });
  await expectAxeClean(page, '[role="dialog"]');
  // Keyboard only: the candidate row takes Enter, then Tab to "Vincular".
  await rows.first().focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('radio', { name: `Selecionar ${coffee.description}` })).toBeChecked();
  await dialog.getByRole('button', { name: 'Vincular', exact: true }).focus();
  await page.keyboard.press('Enter');

  const preview = dialog.getByTestId('binding-preview');
  await expect(preview).toBeVisible();
  await expect(dialog.getByTestId('binding-preview-changes')).toContainText('Regra fiscal');
  await expect(dialog.getByTestId('binding-preview-changes')).toContainText(`REGRA ${tag} CAFE RJ`);
  await expect(dialog.getByTestId('binding-preview-taxes')).toContainText('200 · 200003');
  for (const width of [1366, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `test-results/binding-preview-${width}.png` });
  }
  await page.setViewportSize({ width: 1366, height: 800 });
  await expectAxeClean(page, '[role="dialog"]');
  // Nothing is bound before the confirmation.
  const before = await db.execute<{ status: string }>(sql`SELECT status FROM products WHERE id = ${s.products.c.id}`);
  expect(before.rows[0]?.status).toBe('P');
  await dialog.getByRole('button', { name: 'Confirmar vínculo' }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  const bound = await db.execute<{ status: string; rule: string | null }>(
    sql`SELECT status, fiscal_rule_id AS rule FROM products WHERE id = ${s.products.c.id}`,
  );
  expect(bound.rows[0]).toEqual({ status: 'F', rule: rule.id });

  const banner = page.getByTestId('last-binding');
  await expect(banner).toContainText(coffee.code);
  await banner.getByRole('button', { name: 'Desfazer vínculo' }).click();
  await expect(toast(page, 'Vínculo desfeito.')).toBeVisible();
  await expect(banner).toBeHidden();
  const undone = await db.execute<{ status: string; ncm: string | null; rule: string | null }>(
    sql`SELECT status, ncm, fiscal_rule_id AS rule FROM products WHERE id = ${s.products.c.id}`,
  );
  expect(undone.rows[0]).toEqual({ status: 'P', ncm: '09012200', rule: null });
  const trail = await db.execute<{ code: number }>(
    sql`SELECT code FROM audit_events WHERE entity_id = ${s.products.c.id} ORDER BY code`,
  );
  expect(trail.rows.map((r) => r.code)).toEqual([3007, 3022]);
});

test('imports the global base and reports a bad line', async ({ page }) => {
  const admin = await seedUser('Admin');
  await useSessionOf(page, admin);
  await page.goto('/partner/products/global/pending');
  await page.getByRole('button', { name: 'Importar base global' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar base global de produtos' });
  const tag = token();
  const csv = [
    'Codigo;Descricao;GTIN;NCM;CEST',
    `${tag}-1;${tag} AGUA;;22021000;`,
    `${tag}-2;${tag} RUIM;;99999999;`,
  ].join('\r\n');
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'base.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await dialog.getByRole('button', { name: 'Importar' }).click();
  const counts = dialog.getByRole('table', { name: 'Resultado da importação' });
  await expect(counts.getByRole('row').nth(1)).toHaveText(/2\s*1\s*0\s*1/);
  await expect(dialog.getByRole('table', { name: 'Linhas inválidas' })).toContainText(
    'NCM inexistente ou fora de vigência.',
  );
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Baixar linhas inválidas' }).click();
  expect((await download).suggestedFilename()).toMatch(/^base_global_.*_erros\.csv$/);
});
