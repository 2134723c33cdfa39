import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  createFiscalRule,
  createProduct,
  linkMemberToCompany,
  type ProductFactoryInput,
} from '../server/src/db/factories';
import { productAudits } from '../server/src/db/schema';
import { e2eDb } from './support/db';
import {
  readLocalStorage,
  seedCompany,
  seedMemberWithCompanies,
  seedPartner,
  seedUser,
  toast,
  useSessionOf,
} from './support/fixtures';

/**
 * Member products screens (spec 02 §2 "Products home", "Checked products modal", "Import screen",
 * "Export screen"; §5 messages and limits). Each test seeds its own partner, member and company.
 */

const rows = (page: Page) => page.getByTestId('products-table').locator('tbody tr');
const count = (page: Page) => page.getByTestId('products-count');

/** Closes every toast (they sit over the top bar for up to 6 s). */
async function dismissToasts(page: Page) {
  for (const button of await page.locator('.mantine-Notification-root button').all()) {
    await button.click({ timeout: 1000 }).catch(() => {});
  }
  // a pointer resting on a toast pauses its timer
  await page.mouse.move(5, 400);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
}

async function openHome(products: Omit<ProductFactoryInput, 'companyId'>[] = [], companyName = 'MERCADO TESTE') {
  const seeded = await seedMemberWithCompanies([{ nomeFantasia: companyName, uf: 'SP' }]);
  const company = seeded.companies[0]!;
  for (const p of products) await createProduct(e2eDb(), { ...p, companyId: company.id });
  return { ...seeded, company };
}

async function goHome(page: Page, seeded: Awaited<ReturnType<typeof openHome>>) {
  await useSessionOf(page, seeded.member, seeded.company);
  await page.goto('/member/home');
  await expect(page.getByRole('heading', { name: 'Meus Produtos' })).toBeVisible();
}

test('searches with the panel, keeps the history and checks the date range', async ({ page }) => {
  const seeded = await openHome([
    { internalCode: 'A-1', description: 'ARROZ TIPO 1 5KG', status: 'P' },
    { internalCode: 'A-2', description: 'ARROZ INTEGRAL 1KG', status: 'F' },
    { internalCode: 'F-1', description: 'FEIJAO CARIOCA 1KG', status: 'D', gtin: '07891234567895' },
    { internalCode: 'X-9', description: 'PRODUTO EM AUDITORIA', status: 'A' },
  ]);
  await goHome(page, seeded);
  // Members never see InAudit products
  await expect(count(page)).toHaveText('3 produtos');
  await expect(rows(page)).toHaveCount(3);
  await expect(rows(page).filter({ hasText: 'ARROZ TIPO 1' })).toHaveAttribute('data-status', 'Pending');
  // Pending rows are amber (Mantine yellow.1)
  await expect(rows(page).filter({ hasText: 'ARROZ TIPO 1' })).toHaveCSS('background-color', 'rgb(255, 243, 191)');
  await expect(page.getByTestId('products-pager-label')).toHaveText('página 1 de 1');

  await page.getByRole('button', { name: 'Pesquisar' }).click();
  const panel = page.getByRole('dialog', { name: 'Pesquisar produtos' });
  await expect(panel.getByLabel('Em auditoria')).toHaveCount(0);
  await expect(panel.getByText('Nenhuma pesquisa realizada.')).toBeVisible();
  await panel.getByLabel('Texto da pesquisa').fill('arroz');
  await panel.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(panel).toBeHidden();
  await expect(count(page)).toHaveText('2 produtos');

  // GTIN search: whitespace stripped, GTIN-13 matches the stored 14-digit form
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await panel.getByLabel('Pesquisar por').selectOption('gtin');
  await panel.getByLabel('Texto da pesquisa').fill(' 789 1234 567895 ');
  await panel.getByRole('button', { name: 'Pesquisar' }).click();
  // the panel closes (its own 'Pesquisar' leaves the page only when its closing transition ends)
  await expect(panel).toBeHidden();
  await expect(count(page)).toHaveText('1 produto');
  await expect(rows(page).first()).toContainText('FEIJAO CARIOCA');
  await expect(rows(page).first()).toContainText('7891234567895');

  // one date only → warning; end before start → error; nothing is searched
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  // pt-BR date pickers (issue 13): typed dd/mm/aaaa, Portuguese month names in the calendar
  await panel.getByLabel('Data inicial').fill('10/03/2025');
  await expect(page.getByRole('button', { name: 'março 2025', exact: true })).toBeVisible();
  await panel.getByLabel('Data inicial').press('Tab');
  await expect(panel.getByLabel('Data inicial')).toHaveValue('10/03/2025');
  await panel.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(
    toast(
      page,
      'Para realizar uma pesquisa pelo período de última atualização dos produtos, é necessário preencher o campo com as duas datas',
    ),
  ).toBeVisible();
  await panel.getByLabel('Data final').fill('01/03/2025');
  await panel.getByLabel('Data final').press('Tab');
  await panel.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(toast(page, 'A data final não pode ser menor que a data inicial.')).toBeVisible();
  await expect(panel).toBeVisible();
  await panel.getByLabel('Data final').fill('31/12/2099');
  await panel.getByLabel('Data final').press('Tab');
  await panel.getByLabel('Pesquisar por').selectOption('description');
  await panel.getByLabel('Texto da pesquisa').fill('');
  await panel.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(count(page)).toHaveText('3 produtos');
  await dismissToasts(page);

  // history: newest first, distinct, stored in localStorage
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  const history = panel.getByTestId('search-history-item');
  await expect(history).toHaveCount(3);
  await expect(history.nth(1)).toContainText('"7891234567895" em GTIN');
  await expect(history.nth(2)).toContainText('"arroz" em Descrição');
  await history.nth(2).click();
  await expect(panel).toBeHidden();
  await expect(count(page)).toHaveText('2 produtos');
  const stored = JSON.parse((await readLocalStorage(page, 'searchHistory')) ?? '[]') as { text: string }[];
  expect(stored.map((h) => h.text)).toEqual(['arroz', '', '7891234567895']);

  // situation filter: only Returned
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await panel.getByLabel('Texto da pesquisa').fill('');
  await panel.getByLabel('Classificados').uncheck();
  await panel.getByLabel('Pendentes').uncheck();
  await panel.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(count(page)).toHaveText('1 produto');
  await expect(rows(page).first()).toHaveAttribute('data-status', 'Returned');
});

test('registers a product, then updates it by its internal code', async ({ page }) => {
  const seeded = await openHome();
  await goHome(page, seeded);
  await expect(page.getByTestId('products-empty')).toBeVisible();

  await page.getByRole('button', { name: 'Adicionar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cadastrar produto' });
  await dialog.getByRole('button', { name: 'Gravar' }).click();
  await expect(toast(page, 'O campo Descrição é obrigatório!')).toBeVisible();
  await expect(toast(page, 'O campo Código Interno é obrigatório!')).toBeVisible();
  await dialog.getByLabel('Descrição').fill('D'.repeat(256));
  await dialog.getByLabel('Código interno').fill('C'.repeat(156));
  await dialog.getByLabel('GTIN').fill('789123456789512');
  await dialog.getByRole('button', { name: 'Gravar' }).click();
  await expect(toast(page, 'A descrição do produto pode ter no máximo 255 caracteres!')).toBeVisible();
  await expect(toast(page, 'O código pode ter no máximo 155 caracteres!')).toBeVisible();
  await expect(toast(page, 'O campo de GTIN deve possuir no máximo 14 caracteres!')).toBeVisible();

  await dialog.getByLabel('Descrição').fill('CAFE TORRADO 500G');
  await dialog.getByLabel('Código interno').fill('CAF-500');
  await dialog.getByLabel('GTIN').fill('7891234567895');
  await dialog.getByRole('button', { name: 'Gravar' }).click();
  await expect(toast(page, 'Produto CADASTRADO com sucesso!')).toBeVisible();
  await expect(dialog).toBeHidden();
  // the list refreshes 1 s later
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('CAFE TORRADO 500G');
  await expect(count(page)).toHaveText('1 produto');
  await dismissToasts(page);

  await page.getByRole('button', { name: 'Adicionar' }).click();
  await dialog.getByLabel('Descrição').fill('CAFE TORRADO E MOIDO 500G');
  await dialog.getByLabel('Código interno').fill('CAF-500');
  await dialog.getByRole('button', { name: 'Gravar' }).click();
  await expect(toast(page, 'Produto ATUALIZADO com sucesso!')).toBeVisible();
  await expect(rows(page).first()).toContainText('CAFE TORRADO E MOIDO 500G');
  await expect(rows(page)).toHaveCount(1);
  await dismissToasts(page);

  // delete with its confirmation
  await page.getByRole('button', { name: 'Ações do produto CAF-500' }).click();
  await page.getByRole('menuitem', { name: 'Excluir produto' }).click();
  await expect(page.getByText('ATENÇÃO! Deseja realmente excluir esse produto permanentemente?')).toBeVisible();
  await page.getByRole('button', { name: 'Excluir', exact: true }).click();
  await expect(toast(page, 'Produto excluído com sucesso!')).toBeVisible();
  await expect(page.getByTestId('products-empty')).toBeVisible();
});

test('imports a CSV: required file, confirmation, result, invalid lines and history', async ({ page }) => {
  const seeded = await openHome([{ internalCode: 'IMP-1', description: 'ANTIGO', status: 'P' }]);
  await useSessionOf(page, seeded.member, seeded.company);
  await page.goto('/member/products/import');
  await expect(page.getByRole('heading', { name: 'Importar Produtos' })).toBeVisible();
  await expect(page.getByText('Nenhuma importação realizada.')).toBeVisible();

  await page.getByRole('button', { name: 'Importar', exact: true }).click();
  await expect(toast(page, 'Selecione um arquivo para importar!')).toBeVisible();

  // the sample file has the layout header
  const [sample] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Baixar arquivo de exemplo' }).click(),
  ]);
  const sampleText = (await readFile((await sample.path())!, 'utf8')).replace(/^\uFEFF/, '');
  expect(sampleText.split('\r\n')[0]).toBe('CodigoInterno;DescricaoProduto;GTIN/EAN');
  await page.getByRole('button', { name: 'Ver layout do arquivo' }).click();
  await expect(page.getByRole('dialog', { name: 'Layout do arquivo de importação' })).toContainText('DescricaoProduto');
  await page.keyboard.press('Escape');

  const csv = [
    'CodigoInterno;DescricaoProduto;GTIN/EAN',
    'IMP-1;ATUALIZADO PELA IMPORTACAO;',
    'IMP-2;"BISCOITO AGUA E SAL; 200G";7891234567895',
    'IMP-3;SABAO EM PO 1KG;',
    'IMP-3;SABAO EM PO 1KG REPETIDO;',
    ';SEM CODIGO;',
  ].join('\r\n');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'produtos.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  await page.getByRole('button', { name: 'Importar', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Importar produtos' });
  await expect(confirm).toContainText('Deseja realmente importar o arquivo produtos.csv?');
  await confirm.getByRole('button', { name: 'Importar' }).click();

  const result = page.getByTestId('import-result');
  await expect(result).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('import-received')).toContainText('5');
  await expect(page.getByTestId('import-created')).toContainText('2');
  await expect(page.getByTestId('import-updated')).toContainText('1');
  await expect(page.getByTestId('import-duplicated')).toContainText('1');
  await expect(page.getByTestId('import-invalid')).toContainText('1');
  await expect(page.getByTestId('import-invalid-lines')).toContainText('O campo Código Interno é obrigatório!');

  const [errors] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Baixar linhas inválidas' }).click(),
  ]);
  const invalidCsv = await readFile((await errors.path())!, 'utf8');
  expect(invalidCsv).toContain('6;;O campo Código Interno é obrigatório!');
  expect(invalidCsv).toContain('5;IMP-3;');

  const history = page.getByTestId('import-history').locator('tbody tr');
  await expect(history).toHaveCount(1);
  await expect(history.first()).toContainText(seeded.member.name);

  await page.goto('/member/home');
  await expect(count(page)).toHaveText('3 produtos');
  await expect(rows(page).filter({ hasText: 'IMP-1' })).toContainText('ATUALIZADO PELA IMPORTACAO');
});

test('exports the catalogue as CSV and XLSX and the files hold the products', async ({ page }) => {
  const seeded = await openHome(
    [
      { internalCode: 'EXP-1', description: 'LEITE INTEGRAL 1L', status: 'P', gtin: '07891234567895' },
      { internalCode: 'EXP-2', description: '=HYPERLINK("x")', status: 'D' },
    ],
    'LOJA EXPORTA',
  );
  await useSessionOf(page, seeded.member, seeded.company);
  await page.goto('/member/products/export');
  await expect(page.getByRole('heading', { name: 'Exportar Produtos' })).toBeVisible();
  await expect(page.getByLabel('Em auditoria')).toHaveCount(0);

  await page.getByText('CSV', { exact: true }).click();
  const [csvDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Baixar planilha' }).click(),
  ]);
  expect(csvDownload.suggestedFilename()).toBe('produtos_LOJA EXPORTA.csv');
  const csv = await readFile((await csvDownload.path())!, 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(lines).toHaveLength(3);
  expect(csv).toContain('EXP-1');
  expect(csv).toContain('LEITE INTEGRAL 1L');
  // the formula is neutralised
  expect(csv).not.toMatch(/(^|;)"?=HYPERLINK/m);

  // only Pending, as XLSX
  await page.getByText('XLSX', { exact: true }).click();
  await page.getByLabel('Devolvidos').uncheck();
  await page.getByLabel('Classificados').uncheck();
  const [xlsxDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Baixar planilha' }).click(),
  ]);
  expect(xlsxDownload.suggestedFilename()).toBe('produtos_LOJA EXPORTA.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await xlsxDownload.path())!);
  const sheet = book.worksheets[0]!;
  const values: string[] = [];
  sheet.eachRow((row) => values.push(JSON.stringify(row.values)));
  expect(values).toHaveLength(2);
  expect(values[1]).toContain('EXP-1');
  expect(values.join()).not.toContain('EXP-2');
});

test('a page left past the last one after deletions goes back to the last page', async ({ page }) => {
  const seeded = await openHome(
    Array.from({ length: 26 }, (_, i) => ({
      internalCode: `PG-${String(i + 1).padStart(2, '0')}`,
      description: `PRODUTO PAGINADO ${i + 1}`,
      status: 'P' as const,
    })),
  );
  await goHome(page, seeded);
  await expect(page.getByTestId('products-pager-label')).toHaveText('página 1 de 2');
  await page.getByRole('button', { name: 'Próxima página' }).click();
  await expect(page.getByTestId('products-pager-label')).toHaveText('página 2 de 2');
  await expect(rows(page)).toHaveCount(1);
  // another user deletes the product of page 2; this user refreshes
  await e2eDb().execute(
    sql`DELETE FROM products WHERE company_id = ${seeded.company.id} AND id = (SELECT id FROM products WHERE company_id = ${seeded.company.id} ORDER BY internal_code DESC LIMIT 1)`,
  );
  await page.getByRole('button', { name: 'Atualizar' }).click();
  await expect(page.getByTestId('products-pager-label')).toHaveText('página 1 de 1');
  await expect(rows(page)).toHaveCount(25);
});

test('marks products up to the 300 limit, page select-all stops there, and the checked list unmarks', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const seeded = await openHome();
  const db = e2eDb();
  for (let i = 1; i <= 310; i++) {
    await createProduct(db, {
      companyId: seeded.company.id,
      internalCode: `M-${String(i).padStart(3, '0')}`,
      description: `PRODUTO MARCAVEL ${i}`,
      status: 'P',
    });
  }
  await createProduct(db, {
    companyId: seeded.company.id,
    internalCode: 'M-CLS',
    description: 'A CLASSIFICADO',
    status: 'F',
  });
  await goHome(page, seeded);
  await expect(count(page)).toHaveText('311 produtos');
  await expect(page.getByTestId('products-pager-label')).toHaveText('página 1 de 13');

  // marking mode is off at load for Members; the other-actions menu turns it on
  await expect(page.getByRole('checkbox', { name: 'Marcar produtos da página' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Outras ações' }).click();
  await page.getByRole('menuitem', { name: 'Marcar produtos' }).click();
  const pageBox = page.getByRole('checkbox', { name: 'Marcar produtos da página' });
  await expect(pageBox).toBeVisible();
  // a Classified product has no checkbox
  await expect(page.getByRole('checkbox', { name: 'Marcar produto M-CLS' })).toHaveCount(0);

  for (let p = 1; p <= 13; p++) {
    await expect(page.getByTestId('products-pager-label')).toHaveText(`página ${p} de 13`);
    await pageBox.click();
    if (p < 13) await page.getByRole('button', { name: 'Próxima página' }).click();
  }
  await expect(toast(page, /Não foram marcados todos os produtos dessa página!/)).toBeVisible();
  const stored = () =>
    readLocalStorage(page, 'checkedProducts').then((raw) => (JSON.parse(raw ?? '{}')[seeded.company.id] ?? []).length);
  expect(await stored()).toBe(300);

  const oneMore = rows(page).locator('input[type="checkbox"]:not(:checked)').first();
  await oneMore.click();
  await expect(toast(page, 'Não é permitido marcar mais de 300 produtos')).toBeVisible();
  expect(await stored()).toBe(300);

  await page.getByRole('button', { name: 'Outras ações' }).click();
  await page.getByRole('menuitem', { name: 'Produtos marcados (300)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Produtos marcados (300)' });
  await expect(dialog.getByTestId('checked-products-table').locator('tbody tr')).toHaveCount(300);
  await dialog
    .getByRole('button', { name: /^Desmarcar produto/ })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: 'Produtos marcados (299)' })).toBeVisible();
  expect(await stored()).toBe(299);
  await page.getByRole('button', { name: 'Desvincular todos produtos' }).click();
  await expect(
    page.getByText(/Deseja realmente desmarcar todos os produtos marcados\? Somente as marcações/),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(toast(page, 'Marcações removidas. Nenhum produto foi desvinculado ou alterado.')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Produtos marcados (0)' })).toBeVisible();
  expect(await stored()).toBe(0);
});

test('shows the barcode of a product with a GTIN, and only the actions its status allows', async ({ page }) => {
  const seeded = await openHome([
    { internalCode: 'BAR-13', description: 'CHOCOLATE 90G', status: 'P', gtin: '07891234567895' },
    { internalCode: 'BAR-14', description: 'CAIXA CHOCOLATE 12UN', status: 'D', gtin: '17891234567892' },
    { internalCode: 'SEM-GTIN', description: 'PRODUTO SEM GTIN', status: 'E' },
  ]);
  await goHome(page, seeded);

  await page.getByRole('button', { name: 'Ações do produto BAR-13' }).click();
  await expect(page.getByRole('menuitem')).toHaveText([
    'Abrir ticket',
    'Vincular código',
    'Código de barras',
    'Excluir produto',
  ]);
  await page.getByRole('menuitem', { name: 'Código de barras' }).click();
  const dialog = page.getByRole('dialog', { name: 'Código de barras' });
  const img = dialog.getByRole('img', { name: 'Código de barras EAN-13 7891234567895' });
  await expect(img).toBeVisible();
  expect(await img.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(100);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // a Returned product for a Member: barcode only (no delete), drawn as ITF-14
  await page.getByRole('button', { name: 'Ações do produto BAR-14' }).click();
  // A Returned product's audit details say why it was returned (issue 9).
  await expect(page.getByRole('menuitem')).toHaveText(['Código de barras', 'Detalhes da auditoria']);
  await page.getByRole('menuitem', { name: 'Código de barras' }).click();
  await expect(dialog.getByRole('img', { name: 'Código de barras GTIN-14 (ITF-14) 17891234567892' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Error without GTIN: occurrences only
  await page.getByRole('button', { name: 'Ações do produto SEM-GTIN' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Ocorrências']);
  await page.getByRole('menuitem', { name: 'Ocorrências' }).click();
  const occurrences = page.getByRole('dialog', { name: 'Ocorrências' });
  await expect(occurrences).toBeVisible();
  await occurrences.getByRole('button', { name: 'Sair' }).click();
  await expect(occurrences).toBeHidden();
});

test('staff see in-audit products, audit details, and unbind a linked product; a Member without permissions cannot write', async ({
  page,
}) => {
  const db = e2eDb();
  const partner = await seedPartner();
  const owner = await seedUser('PartnerOwner', { partnerId: partner.id });
  const company = await seedCompany(partner.id, { nomeFantasia: 'LOJA DA EQUIPE', uf: 'PI' });
  const rule = await createFiscalRule(db, { ncm: '21069090', cest: null, uf: 'PI' });
  await createProduct(db, {
    companyId: company.id,
    internalCode: 'STF-CLS',
    description: 'SUPLEMENTO ALIMENTAR',
    fiscalRuleId: rule.id,
    fiscalServiceReferenceCode: 'GP-77',
  });
  const audited = await createProduct(db, {
    companyId: company.id,
    internalCode: 'STF-AUD',
    description: 'PRODUTO AUDITADO',
    status: 'A',
  });
  await db.insert(productAudits).values({
    companyId: company.id,
    productId: audited.id,
    description: 'NCM divergente do GTIN informado',
  });
  await createProduct(db, { companyId: company.id, internalCode: 'STF-RET', description: 'DEVOLVIDO', status: 'D' });

  await useSessionOf(page, owner, company);
  await page.goto('/member/home');
  await expect(count(page)).toHaveText('3 produtos');
  // marking mode is on at load for staff; InAudit rows are red (Mantine red.1)
  await expect(page.getByRole('checkbox', { name: 'Marcar produtos da página' })).toBeVisible();
  await expect(rows(page).filter({ hasText: 'STF-AUD' })).toHaveCSS('background-color', 'rgb(255, 227, 227)');
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(page.getByRole('dialog', { name: 'Pesquisar produtos' }).getByLabel('Em auditoria')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Ações do produto STF-RET' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Excluir produto', 'Detalhes da auditoria']);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Ações do produto STF-AUD' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Vincular código', 'Auditar', 'Detalhes da auditoria']);
  await page.getByRole('menuitem', { name: 'Detalhes da auditoria' }).click();
  const audit = page.getByRole('dialog', { name: 'Detalhes da auditoria' });
  await expect(audit).toContainText('NCM divergente do GTIN informado');
  await page.keyboard.press('Escape');
  await expect(audit).toBeHidden();

  await page.getByRole('button', { name: 'Ações do produto STF-CLS' }).click();
  await expect(page.getByRole('menuitem')).toHaveText([
    'Detalhes',
    'Consultar operações',
    'Desvincular código',
    'Abrir ticket',
    'Excluir produto',
  ]);
  await page.getByRole('menuitem', { name: 'Detalhes', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'SUPLEMENTO ALIMENTAR' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Ações do produto STF-CLS' }).click();
  await page.getByRole('menuitem', { name: 'Consultar operações' }).click();
  await expect(page.getByRole('dialog', { name: 'Consultar operações' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Ações do produto STF-CLS' }).click();
  await page.getByRole('menuitem', { name: 'Desvincular código' }).click();
  await page.getByRole('button', { name: 'Desvincular', exact: true }).click();
  await expect(toast(page, 'Produto desvinculado com sucesso!')).toBeVisible();
  await expect(rows(page).filter({ hasText: 'STF-CLS' })).toHaveAttribute('data-status', 'Pending');
  await expect(rows(page).filter({ hasText: 'STF-CLS' })).not.toContainText('GP-77');

  // a Member with read permission only: no add button, no delete, import and export refused
  const reader = await seedUser('Member', { partnerId: partner.id, permissions: ['Read'] });
  await linkMemberToCompany(db, reader.id, company.id);
  await page.context().clearCookies();
  await useSessionOf(page, reader, company);
  await page.goto('/member/home');
  await expect(count(page)).toHaveText('2 produtos');
  await expect(page.getByRole('button', { name: 'Adicionar' })).toHaveCount(0);
  // the unbound product is Pending without GTIN: no delete, no bind; a ticket about it is open to every role
  // (issue 38: pending rows offer "Abrir ticket", as Classified ones do)
  await page.getByRole('button', { name: 'Ações do produto STF-CLS' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Abrir ticket']);
  await page.keyboard.press('Escape');
  await page.goto('/member/products/import');
  await expect(page.getByText('Seu usuário não tem permissão para importar produtos.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Importar', exact: true })).toBeDisabled();
  await page.goto('/member/products/export');
  await expect(page.getByRole('button', { name: 'Baixar planilha' })).toBeDisabled();
});
