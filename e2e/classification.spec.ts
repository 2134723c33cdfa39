import { expect, type Page, test } from '@playwright/test';
import {
  createFiscalRule,
  createGlobalProduct,
  createProduct,
  type ProductFactoryInput,
} from '../server/src/db/factories';
import { e2eDb } from './support/db';
import { seedCompany, seedMemberWithCompanies, seedUser, toast, useSessionOf } from './support/fixtures';

/**
 * Classifying a product (issue 9): the bind-code modal from the products home (one product, several
 * marked), the staff audit decision, the global products screen and the finalized screen.
 */

// Long flows (two sessions, several round trips): more room than the default 30 s on a loaded machine.
test.describe.configure({ timeout: 120_000 });
/** First paint of a lazily loaded screen. */
const LOAD = { timeout: 30_000 };

const SHOTS = process.env.E2E_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};
const productRow = (page: Page, code: string) => page.locator(`tr[data-code="${code}"]`);

async function seedCompanyWith(products: Omit<ProductFactoryInput, 'companyId'>[], name = 'MERCADO CLASSIFICA') {
  const seeded = await seedMemberWithCompanies([{ nomeFantasia: name, uf: 'SP' }]);
  const company = seeded.companies[0]!;
  for (const p of products) await createProduct(e2eDb(), { ...p, companyId: company.id });
  const owner = await seedUser('PartnerOwner', { partnerId: company.partnerId });
  return { ...seeded, company, owner };
}

async function openRowAction(page: Page, code: string, action: string) {
  await expect(productRow(page, code)).toBeVisible(LOAD);
  await productRow(page, code)
    .getByRole('button', { name: `Ações do produto ${code}` })
    .click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('a member binds a Pending product (other GTIN): InAudit; staff approve it from the audit modal', async ({
  page,
}) => {
  const tag = `${Date.now()}`.slice(-6);
  await createFiscalRule(e2eDb(), { ncm: '19053100', uf: 'SP' }).catch(() => undefined);
  const global = await createGlobalProduct(e2eDb(), {
    description: `BISCOITO WAFER ${tag} CHOCOLATE 140G`,
    ncm: '19053100',
  });
  const s = await seedCompanyWith([
    { internalCode: 'B-1', description: `BISCOITO WAFER ${tag} CHOC`, gtin: '00000096385074', status: 'P' },
  ]);
  await useSessionOf(page, s.member, s.company);
  await page.goto('/member/home');
  await openRowAction(page, 'B-1', 'Vincular código');

  const dialog = page.getByRole('dialog', { name: 'Base compartilhada de produtos' });
  await expect(dialog.getByLabel('Pesquisar por descrição')).toHaveValue('BISCOITO WAFER');
  await dialog.getByLabel('Pesquisar por descrição').fill(`BISCOITO WAFER ${tag}`);
  await dialog.getByRole('button', { name: 'Pesquisar' }).click();
  const bindButton = dialog.getByRole('button', { name: 'Vincular', exact: true });
  await expect(bindButton).toBeDisabled();
  await dialog.getByRole('radio', { name: `Selecionar ${global.description}` }).check();
  await shot(page, 'bind-code-dialog');
  await bindButton.click();
  // Decision 062: the preview says it goes to the audit; the binding waits for the confirmation.
  await expect(dialog.getByTestId('binding-preview')).toContainText('Vai para a auditoria');
  await dialog.getByRole('button', { name: 'Confirmar vínculo' }).click();
  await expect(toast(page, /será auditado pela nossa equipe/)).toBeVisible();
  // Members never see InAudit products: it leaves the member's list.
  await expect(productRow(page, 'B-1')).toHaveCount(0);

  await useSessionOf(page, s.owner, s.company);
  await page.goto('/member/home');
  await expect(productRow(page, 'B-1')).toHaveAttribute('data-status', 'InAudit', LOAD);
  await openRowAction(page, 'B-1', 'Auditar');
  const audit = page.getByRole('dialog', { name: 'Auditoria do vínculo' });
  await expect(audit.getByTestId('audit-comparison')).toContainText(global.description);
  await expect(audit.getByTestId('audit-comparison')).toContainText(`BISCOITO WAFER ${tag} CHOC`);
  await shot(page, 'audit-dialog');
  await audit.getByRole('button', { name: 'Aprovar' }).click();
  await expect(toast(page, 'Vínculo aprovado! O produto foi classificado.')).toBeVisible();
  await expect(productRow(page, 'B-1')).toHaveAttribute('data-status', 'Classified');
});

test('binds several marked products at once and clears the marks', async ({ page }) => {
  const tag = `${Date.now()}`.slice(-6);
  const global = await createGlobalProduct(e2eDb(), { description: `SABONETE ${tag} ERVA DOCE 90G`, ncm: '34011190' });
  const s = await seedCompanyWith([
    { internalCode: 'S-1', description: `SABONETE ${tag} ERVA`, status: 'P' },
    { internalCode: 'S-2', description: `SABONETE ${tag} ERVA DOCE`, status: 'P' },
    { internalCode: 'S-3', description: 'OUTRO PRODUTO', status: 'P' },
  ]);
  await useSessionOf(page, s.owner, s.company);
  await page.goto('/member/home');
  await expect(page.getByRole('checkbox', { name: 'Marcar produto S-1' })).toBeVisible(LOAD);
  await page.getByRole('checkbox', { name: 'Marcar produto S-1' }).check();
  await page.getByRole('checkbox', { name: 'Marcar produto S-2' }).check();
  await openRowAction(page, 'S-1', 'Vincular código');
  const dialog = page.getByRole('dialog', { name: 'Base compartilhada de produtos' });
  await expect(dialog.getByRole('button', { name: 'Produtos marcados (2)' })).toBeVisible();
  await dialog.getByLabel('Pesquisar por descrição').fill(`SABONETE ${tag}`);
  await dialog.getByLabel('Pesquisar por descrição').press('Enter');
  await dialog.getByRole('radio', { name: `Selecionar ${global.description}` }).check();
  await dialog.getByRole('button', { name: 'Vincular produtos' }).click();
  await expect(dialog.getByTestId('binding-preview-counts')).toContainText('2 produtos: 2 classificados agora');
  await dialog.getByRole('button', { name: 'Confirmar vínculos' }).click();
  await expect(toast(page, '2 produtos vinculados: 2 classificados e 0 em auditoria.')).toBeVisible();
  await expect(productRow(page, 'S-1')).toHaveAttribute('data-status', 'Classified');
  await expect(productRow(page, 'S-2')).toHaveAttribute('data-status', 'Classified');
  await expect(productRow(page, 'S-3')).toHaveAttribute('data-status', 'Pending');
  const stored = await page.evaluate(() => localStorage.getItem('checkedProducts'));
  expect(stored ?? '{}').not.toContain(s.company.id);
});

test('staff return an InAudit product with a reason', async ({ page }) => {
  const global = await createGlobalProduct(e2eDb(), {
    description: 'DETERGENTE LIQUIDO NEUTRO 500ML',
    ncm: '34022000',
  });
  const s = await seedCompanyWith([
    {
      internalCode: 'D-1',
      description: 'DETERGENTE NEUTRO',
      status: 'A',
      ncm: '34022000',
      fiscalServiceReferenceCode: global.code,
    },
  ]);
  await useSessionOf(page, s.owner, s.company);
  await page.goto('/member/home');
  await openRowAction(page, 'D-1', 'Auditar');
  const audit = page.getByRole('dialog', { name: 'Auditoria do vínculo' });
  await audit.getByRole('button', { name: 'Devolver' }).click();
  await audit.getByRole('button', { name: 'Confirmar devolução' }).click();
  await expect(audit.getByText('Informe o motivo da devolução!')).toBeVisible();
  await audit.getByLabel('Motivo da devolução').fill('A embalagem informada é de 1 litro, confira o GTIN.');
  await audit.getByRole('button', { name: 'Confirmar devolução' }).click();
  await expect(toast(page, 'Produto devolvido ao cliente.')).toBeVisible();
  await expect(productRow(page, 'D-1')).toHaveAttribute('data-status', 'Returned');
  await openRowAction(page, 'D-1', 'Detalhes da auditoria');
  await expect(page.getByRole('dialog')).toContainText('Motivo: A embalagem informada é de 1 litro, confira o GTIN.');
});

test('global products screen: validation, pager with page input, the member’s products in blue', async ({ page }) => {
  const tag = `Q${Date.now()}`.slice(-7);
  const globals = [];
  for (let i = 0; i < 30; i++) {
    globals.push(
      await createGlobalProduct(e2eDb(), { description: `${tag} QUEIJO MINAS ${String(i).padStart(2, '0')}` }),
    );
  }
  const s = await seedCompanyWith([
    { internalCode: 'Q-1', description: 'QUEIJO', status: 'F', fiscalServiceReferenceCode: globals[1]!.code },
  ]);
  await useSessionOf(page, s.member, s.company);
  await page.goto('/member/products/global');
  await expect(page.getByText('Produtos em azul são seus')).toBeVisible(LOAD);
  await expect(page.getByRole('combobox', { name: 'UF' })).toBeDisabled();
  await expect(page.getByRole('combobox', { name: 'UF' })).toHaveValue('SP');
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(toast(page, 'Preencha o campo de texto da pesquisa!')).toBeVisible();
  await page.getByRole('combobox', { name: 'Campo' }).click();
  await page.getByRole('option', { name: 'GTIN' }).click();
  await expect(page.getByRole('combobox', { name: 'Filtro' })).toBeDisabled();
  await page.getByLabel('Pesquisa').fill('ABC');
  await page.getByLabel('Pesquisa').press('Enter');
  await expect(toast(page, 'Preencha o campo de pesquisa somente com números!')).toBeVisible();

  await page.getByRole('combobox', { name: 'Campo' }).click();
  await page.getByRole('option', { name: 'Descrição' }).click();
  await page.getByLabel('Pesquisa').fill(tag);
  await page.getByLabel('Pesquisa').press('Enter');
  const table = page.getByTestId('global-products-table');
  await expect(table.locator('tbody tr')).toHaveCount(25);
  await expect(page.getByTestId('page-input-pager-total')).toHaveText('de 2');
  await expect(page.getByRole('button', { name: 'Página anterior' })).toHaveCount(0);
  const mine = table.locator('tr[data-mine]');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(`${tag} QUEIJO MINAS 01`);
  await expect(mine).toHaveCSS('color', 'rgb(28, 126, 214)');
  await shot(page, 'global-products');
  await page.getByRole('textbox', { name: 'Página' }).fill('2');
  await page.getByRole('textbox', { name: 'Página' }).press('Enter');
  await expect(table.locator('tbody tr')).toHaveCount(5);
  await expect(page.getByRole('button', { name: 'Próxima página' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Página anterior' })).toBeVisible();
  // The last search options are kept.
  const saved = await page.evaluate(() => localStorage.getItem('globalProductsSearch'));
  expect(JSON.parse(saved ?? '{}')).toMatchObject({ uf: 'SP', field: 'Descrição', searchPattern: 'INICIA COM' });
});

test('finalized products: Pesquisar and Enter search through the integrator', async ({ page }) => {
  const tag = `F${Date.now()}`.slice(-7);
  await createFiscalRule(e2eDb(), { ncm: '04022110', uf: 'SP' }).catch(() => undefined);
  await createGlobalProduct(e2eDb(), { description: `${tag} LEITE EM PO INTEGRAL`, ncm: '04022110' });
  await createGlobalProduct(e2eDb(), { description: `${tag} LEITE EM PO DESNATADO`, ncm: '04022110' });
  const s = await seedCompanyWith([]);
  await seedCompany(s.company.partnerId);
  await useSessionOf(page, s.owner);
  await page.goto('/partner/products/global/finalized');
  await expect(page.getByRole('heading', { name: 'Produtos Finalizados' })).toBeVisible(LOAD);
  await page.getByLabel('Pesquisa').fill(tag);
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  const table = page.getByTestId('global-products-table');
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await page.getByLabel('Pesquisa').fill(`${tag} LEITE EM PO DES`);
  await page.getByLabel('Pesquisa').press('Enter');
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table).toContainText(`${tag} LEITE EM PO DESNATADO`);
  await shot(page, 'finalized');
  await table.getByRole('button', { name: `Detalhes de ${tag} LEITE EM PO DESNATADO` }).click();
  await expect(page.getByRole('dialog', { name: `${tag} LEITE EM PO DESNATADO` })).toContainText('Estadual');
});
