import { expect, type Locator, type Page, test } from '@playwright/test';
import { createFiscalRule, createProduct, linkMemberToCompany } from '../server/src/db/factories';
import { productAudits } from '../server/src/db/schema/index';
import { e2eDb } from './support/db';
import { seedCompany, seedMemberWithCompanies, seedPartner, seedUser, useSessionOf } from './support/fixtures';

/**
 * Screens that answer (issue 13), on the laptop screen a tax analyst has (1366×768): statuses and long
 * descriptions fit their columns, long official NCM texts stay a few lines wherever they show, the named-rule
 * form keeps its NCM/CEST row readable and the CEST list follows the chosen NCM. Fiscal rules are global
 * content shared by the run: this file seeds its rules under NCM 2202.91.00, which no other test uses.
 */

test.use({ viewport: { width: 1366, height: 768 } });
test.describe.configure({ timeout: 60_000 });

// The browser's own types (this project compiles without the DOM library): what the measures below use.
interface BrowserStyle {
  lineHeight: string;
  font: string;
  paddingLeft: string;
  paddingRight: string;
}
interface BrowserWindow {
  getComputedStyle(el: unknown): BrowserStyle;
  document: {
    createElement(tag: 'canvas'): {
      getContext(kind: '2d'): { font: string; measureText(text: string): { width: number } };
    };
  };
}
interface MeasuredElement {
  getBoundingClientRect(): { height: number };
  clientWidth: number;
  placeholder: string;
}

/** Rendered lines of an element's text (its height over its line height). */
const linesOf = (locator: Locator) =>
  locator.evaluate((node) => {
    const w = globalThis as unknown as BrowserWindow;
    const el = node as unknown as MeasuredElement;
    return Math.round(el.getBoundingClientRect().height / Number.parseFloat(w.getComputedStyle(el).lineHeight));
  });

/** Whether an input's placeholder fits its box (text width against the room inside the padding). */
const placeholderFits = (input: Locator) =>
  input.evaluate((node) => {
    const w = globalThis as unknown as BrowserWindow;
    const el = node as unknown as MeasuredElement;
    const style = w.getComputedStyle(el);
    const ctx = w.document.createElement('canvas').getContext('2d');
    ctx.font = style.font;
    const room = el.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    return ctx.measureText(el.placeholder).width <= room;
  });

async function openFiscalRules(page: Page) {
  const partner = await seedPartner();
  await useSessionOf(page, await seedUser('PartnerOwner', { partnerId: partner.id }));
  await page.goto('/partner/fiscal-rules');
  await expect(page.getByRole('heading', { name: 'Regras Fiscais' })).toBeVisible({ timeout: 20_000 });
}

test('products list: "Em Auditoria" on one line, descriptions keep their room, nothing runs off the screen', async ({
  page,
}) => {
  const db = e2eDb();
  const partner = await seedPartner();
  const owner = await seedUser('PartnerOwner', { partnerId: partner.id });
  const company = await seedCompany(partner.id, { nomeFantasia: 'MERCADO LARGURA', uf: 'SP' });
  const audited = await createProduct(db, {
    companyId: company.id,
    internalCode: 'LRG-AUD',
    description: 'REFRIGERANTE DE GUARANA PET 2L EMBALAGEM PROMOCIONAL LEVE 3 PAGUE 2',
    gtin: '07894900011517',
    ncm: '22021000',
    cest: '0301100',
    status: 'A',
  });
  await db.insert(productAudits).values({ companyId: company.id, productId: audited.id, description: 'GTIN de outro' });
  await createProduct(db, {
    companyId: company.id,
    internalCode: 'LRG-CLS',
    description: 'CERVEJA PILSEN LATA 350ML',
    ncm: '22030000',
    cest: '0302100',
  });
  // staff: marking mode is on, one column more than a Member has
  await useSessionOf(page, owner, company);
  await page.goto('/member/home');
  const table = page.getByTestId('products-table');
  const row = table.locator('tbody tr', { hasText: 'LRG-AUD' });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('checkbox', { name: 'Marcar produtos da página' })).toBeVisible();

  const status = row.locator('td', { hasText: 'Em Auditoria' });
  await expect(status).toHaveCount(1);
  // one line: the cell is as tall as the row's single-line cells
  const statusBox = await status.boundingBox();
  const codeBox = await row.locator('td').first().boundingBox();
  expect(statusBox!.height).toBeLessThanOrEqual(codeBox!.height + 1);
  // the description column is wide enough for a product name in two or three lines, not one word per line
  const description = row.locator('td', { hasText: 'REFRIGERANTE DE GUARANA' });
  expect((await description.boundingBox())!.width).toBeGreaterThanOrEqual(200);
  // every column, the actions included, is on the screen without scrolling sideways
  await expect(row.getByRole('button', { name: 'Ações do produto LRG-AUD' })).toBeInViewport();
  const overflow = await table.evaluate((node) => {
    const el = node as unknown as { scrollWidth: number; parentElement: { clientWidth: number } };
    return el.scrollWidth - el.parentElement.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(1);
});

test('named rule: readable NCM suggestions, the chosen code kept, the CEST list of that NCM, one aligned row', async ({
  page,
}) => {
  await openFiscalRules(page);
  await page.getByRole('button', { name: 'Nova regra nomeada' }).click();
  const dialog = page.getByRole('dialog', { name: 'Regras Fiscais' });
  const ncm = dialog.getByLabel('NCM');
  const cest = dialog.getByLabel('CEST', { exact: true }).and(dialog.locator('input'));
  const anp = dialog.getByLabel('COD ANP');

  // before any NCM the CEST field says so, in full
  await expect(cest).toHaveAttribute('placeholder', 'Informe o NCM para filtrar');
  expect(await placeholderFits(cest)).toBe(true);

  // words: the beer itself is among the first suggestions, before the residues that mention beer
  await ncm.pressSequentially('cerveja');
  // (the UF field's native <option>s are options too: only those of the open suggestion list)
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options.first()).toBeVisible();
  const firstTwo = (await options.allTextContents()).slice(0, 2).map((t) => t.slice(0, 10));
  expect(firstTwo.sort()).toEqual(['2202.91.00', '2203.00.00']);
  // each suggestion at most three lines of its long official text, so several show at once
  for (const option of (await options.all()).slice(0, 4)) {
    expect(await linesOf(option.locator('span'))).toBeLessThanOrEqual(3);
  }
  await expect(options.nth(3)).toBeInViewport();

  await page.getByRole('option', { name: /^2203\.00\.00 - Cervejas de malte/ }).click();
  await expect(ncm).toHaveValue('2203.00.00');
  await expect(dialog).toContainText('Cervejas de malte');
  await expect(dialog.getByTestId('named-rule-problems')).toHaveCount(0);

  // the CEST list now holds the CESTs of beer, not those of other goods
  await expect(cest).toHaveAttribute('placeholder', 'Selecione o CEST');
  await cest.click();
  await expect(page.getByRole('option', { name: '03.021.00 - Cerveja' })).toBeVisible();
  await expect(page.getByRole('option', { name: /Leite/ })).toHaveCount(0);
  await expect(page.getByRole('option', { name: /Medicamentos/ })).toHaveCount(0);
  await page.getByRole('option', { name: '03.021.00 - Cerveja' }).click();
  await expect(cest).toHaveValue('03.021.00 - Cerveja');

  // NCM, CEST and COD ANP inputs on one line
  const tops = await Promise.all([ncm, cest, anp].map(async (l) => Math.round((await l.boundingBox())!.y)));
  expect(new Set(tops).size).toBe(1);
  await page.keyboard.press('Escape');
});

test('fiscal rules: a long official NCM text stays two lines in the table and the filter, one above the state rules', async ({
  page,
}) => {
  const db = e2eDb();
  for (const uf of ['SP', 'RJ']) {
    await createFiscalRule(db, {
      ncm: '22029100',
      cest: null,
      uf,
      version: { aliqIcms: uf === 'SP' ? '18.0000' : '20.0000' },
    });
  }
  await openFiscalRules(page);

  // the filter's hint for a complete NCM: its official text, two lines at most
  await page.getByRole('button', { name: 'Filtrar' }).click();
  const filter = page.getByRole('dialog', { name: 'Filtrar regras fiscais' });
  await filter.getByLabel('NCM').fill('22029100');
  const hint = filter.getByTestId('ncm-hint');
  await expect(hint).toContainText('Águas, incluindo');
  expect(await linesOf(hint)).toBeLessThanOrEqual(2);
  // the whole text stays at hand, on hover
  await expect(hint).toHaveAttribute('title', /Cerveja sem álcool/);
  await filter.getByLabel('NCM').press('Enter');
  await expect(filter).toBeHidden();

  const group = page.getByTestId('rules-table').locator('tbody tr').first();
  await expect(group).toContainText('2202.91.00');
  const text = group.locator('p', { hasText: 'Águas, incluindo' });
  expect(await linesOf(text)).toBeLessThanOrEqual(2);

  // choosing the group brings its state rules into view, under a one-line title
  await page.getByRole('radio', { name: /Selecionar NCM 2202.91.00/ }).check();
  const details = page.getByTestId('group-details');
  await expect(details).toBeInViewport();
  await expect(page.getByTestId('state-rules-table').locator('tbody tr')).toHaveCount(2);
  const title = details.locator('p', { hasText: 'Águas, incluindo' }).first();
  expect(await linesOf(title)).toBe(1);
});

test('companies: the "em uso" warning only on the company in use, the actions in one column on every row', async ({
  page,
}) => {
  const partner = await seedPartner();
  const owner = await seedUser('PartnerOwner', { partnerId: partner.id });
  const used = await seedCompany(partner.id, { nomeFantasia: 'ALFA EM USO' });
  const fresh = await seedCompany(partner.id, { nomeFantasia: 'BETA RECEM CADASTRADA', status: 'Pending' });
  const member = await seedUser('Member', { partnerId: partner.id });
  await linkMemberToCompany(e2eDb(), member.id, used.id);
  await useSessionOf(page, owner);
  await page.goto('/partner/companies');

  const usedRow = page.getByRole('row', { name: new RegExp(used.razaoSocial) });
  const freshRow = page.getByRole('row', { name: new RegExp(fresh.razaoSocial) });
  await expect(usedRow.getByLabel('Empresa em uso')).toBeVisible({ timeout: 20_000 });
  await expect(freshRow.getByLabel('Empresa em uso')).toHaveCount(0);
  const verifyX = async (row: Locator) =>
    Math.round((await row.getByRole('button', { name: 'Verificar conta do integrador' }).boundingBox())!.x);
  expect(await verifyX(freshRow)).toBe(await verifyX(usedRow));

  // on a 1024 px screen the statuses are still whole words ("PENDENTE", not "PEN…")
  await page.setViewportSize({ width: 1024, height: 768 });
  const label = freshRow.locator('.mantine-Badge-label');
  await expect(label).toHaveText('Pendente');
  const cut = await label.evaluate((node) => {
    const el = node as unknown as { scrollWidth: number; clientWidth: number };
    return el.scrollWidth - el.clientWidth;
  });
  expect(cut).toBeLessThanOrEqual(0);
});

test("a Member's companies on a 1024 px screen: each CNPJ on one line", async ({ page }) => {
  const seeded = await seedMemberWithCompanies([
    {
      nomeFantasia: 'SUPERMERCADO COMPRE BEM DO BAIRRO ALTO',
      razaoSocial: 'SUPERMERCADO COMPRE BEM DO BAIRRO ALTO LTDA',
    },
    { nomeFantasia: 'AUTO PECAS E ACESSORIOS RODA VIVA', razaoSocial: 'AUTO PECAS E ACESSORIOS RODA VIVA EIRELI' },
  ]);
  await page.setViewportSize({ width: 1024, height: 768 });
  await useSessionOf(page, seeded.member);
  await page.goto('/member/companies');
  const row = page.getByRole('row', { name: /SUPERMERCADO COMPRE BEM/ });
  const cnpj = row.locator('td').nth(1).locator('p');
  await expect(cnpj).toHaveText(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/, { timeout: 20_000 });
  expect(await linesOf(cnpj)).toBe(1);
});
