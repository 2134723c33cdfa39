import { expect, type Locator, type Page, test } from '@playwright/test';
import { createFiscalRule, createGlobalProduct, createProduct } from '../server/src/db/factories';
import { e2eDb } from './support/db';
import { seedCompany, seedMemberWithCompanies, seedUser, useSessionOf } from './support/fixtures';

/**
 * A common office laptop (1024×768, issue 24): each row's actions on screen without scrolling, nothing clipped,
 * no sideways scroll in the dashboard ranking; and the partner's global base offers Operações for one of its
 * companies, operated by keyboard.
 */

// A first load of a lazy area has taken over 30 s on a two-core machine shared by several runs.
test.describe.configure({ mode: 'parallel', timeout: 180_000 });
test.use({ viewport: { width: 1024, height: 768 } });

const LOAD = { timeout: 60_000 };

/** The element's box lies within the 1024 px wide viewport (nothing cut off at either side). */
async function expectWithinViewport(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(1024);
}

/** The document itself does not scroll sideways. */
const pageScrollsSideways = (page: Page) =>
  page.evaluate(() => {
    const doc = (
      globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }
    ).document.documentElement;
    return doc.scrollWidth > doc.clientWidth;
  });

test('products home at 1024×768: CEST, Atualização and the first row’s actions are on screen', async ({ page }) => {
  const { member, companies } = await seedMemberWithCompanies([{ nomeFantasia: 'TELA PEQUENA LTDA', uf: 'SP' }]);
  for (let i = 0; i < 3; i++) {
    await createProduct(e2eDb(), {
      companyId: companies[0]!.id,
      internalCode: `TP-${i}`,
      description: `REFRIGERANTE COLA GARRAFA PET 2 LITROS SABOR ORIGINAL ${i}`,
      gtin: '07891234567895',
    });
  }
  await useSessionOf(page, member, companies[0]);
  await page.goto('/member/home');
  const actions = page.getByRole('button', { name: 'Ações do produto TP-0' });
  await expect(actions).toBeVisible(LOAD);
  await expectWithinViewport(actions);
  await expectWithinViewport(page.getByRole('columnheader', { name: 'CEST' }));
  await expectWithinViewport(page.getByRole('columnheader', { name: /Atualização/ }));
  expect(await pageScrollsSideways(page)).toBe(false);
  // The side bar stays on screen as a rail of icons beside the table (issue 38, decision 063).
  await expect(page.getByRole('link', { name: 'Indicadores' })).toBeInViewport();
  await page.getByRole('link', { name: 'Indicadores' }).click();
  await expect(page).toHaveURL(/\/member\/company\/indicators$/);
});

test('finalized products at 1024×768: the empty state is whole on screen', async ({ page }) => {
  await useSessionOf(page, await seedUser('PartnerOwner'));
  await page.goto('/partner/products/global/finalized');
  const empty = page.getByText('Escolha o campo, digite o texto da pesquisa e clique em Pesquisar.');
  await expect(empty).toBeVisible(LOAD);
  await expectWithinViewport(empty);
  expect(await pageScrollsSideways(page)).toBe(false);
});

test('dashboard at 1024×768: the companies ranking does not scroll sideways', async ({ page }) => {
  const owner = await seedUser('PartnerOwner');
  await seedCompany(owner.partnerId!, {
    razaoSocial: 'COMERCIO DE ALIMENTOS E BEBIDAS DO VALE DO PARAIBA LTDA',
    nomeFantasia: 'EMPORIO VALE DO PARAIBA',
  });
  await useSessionOf(page, owner);
  await page.goto('/partner/home');
  const ranking = page.getByTestId('companies-ranking');
  await expect(ranking.getByRole('row', { name: /EMPORIO VALE DO PARAIBA/ })).toBeVisible(LOAD);
  await expectWithinViewport(ranking);
  expect(await pageScrollsSideways(page)).toBe(false);
});

test('partner global base by keyboard: Operações picks one of the partner’s companies and preselects its UF', async ({
  page,
}) => {
  const owner = await seedUser('PartnerOwner');
  await seedCompany(owner.partnerId!, { nomeFantasia: 'FILIAL CARIOCA', uf: 'RJ' });
  const tag = `OPR${Date.now() % 1e7}`;
  const rule = await createFiscalRule(e2eDb(), { description: `REGRA ${tag}`, uf: 'RJ' });
  await createGlobalProduct(e2eDb(), { description: `${tag} AGUA MINERAL`, ncm: rule.ncm, rules: { RJ: rule.id } });
  await useSessionOf(page, owner);
  await page.goto('/partner/products/global');
  // The partner side picks the UF of the search (the member's is the company's).
  await page.getByRole('combobox', { name: 'UF' }).click(LOAD);
  await page.getByRole('option', { name: 'RJ', exact: true }).click();
  await page.getByLabel('Pesquisa').fill(tag);
  await page.getByLabel('Pesquisa').press('Enter');
  const operations = page.getByRole('button', { name: `Operações de ${tag} AGUA MINERAL` });
  await expect(operations).toBeVisible(LOAD);
  await expectWithinViewport(operations);
  await operations.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Consultar operações' });
  const company = dialog.getByLabel('Empresa');
  // The only company is chosen already, and its UF with it; the field takes the focus first.
  await expect(company).toBeFocused();
  await expect(company).toHaveValue(/.+/);
  await expect(dialog.getByLabel('UF')).toHaveValue('RJ');
  await dialog.getByRole('button', { name: 'Consultar' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('operation-subtitle')).toHaveText(/UF RJ$/, LOAD);
});

test("member global base: the operations modal opens on the selected company's UF", async ({ page }) => {
  const { member, companies } = await seedMemberWithCompanies([{ nomeFantasia: 'LOJA MINEIRA', uf: 'MG' }]);
  const tag = `OPM${Date.now() % 1e7}`;
  await createGlobalProduct(e2eDb(), { description: `${tag} CAFE TORRADO` });
  await useSessionOf(page, member, companies[0]);
  // A query remembered for another UF must not win over the company's own.
  await page.evaluate(() => localStorage.setItem('OperationsSearchSettings', JSON.stringify({ uf: 'AM' })));
  await page.goto('/member/products/global');
  await expect(page.getByRole('combobox', { name: 'UF' })).toHaveValue('MG', LOAD);
  await page.getByLabel('Pesquisa').fill(tag);
  await page.getByLabel('Pesquisa').press('Enter');
  await page.getByRole('button', { name: `Operações de ${tag} CAFE TORRADO` }).click(LOAD);
  const dialog = page.getByRole('dialog', { name: 'Consultar operações' });
  await expect(dialog.getByLabel('UF')).toHaveValue('MG');
  await expect(dialog.getByLabel('Empresa')).toHaveCount(0);
});

/**
 * Screenshots of the main screens per role at 1024×768 and 1366×768 to look at (test-results/screens/). Not part of
 * the CI run: `SCREENSHOTS=1 npx playwright test e2e/small-screens.spec.ts -g screenshots`.
 */
test('screenshots of the main screens per role at 1024 and 1366 px', async ({ page }) => {
  test.skip(!process.env.SCREENSHOTS, 'SCREENSHOTS=1 takes them');
  test.setTimeout(900_000);
  const { member, companies } = await seedMemberWithCompanies([{ nomeFantasia: 'MERCADO DA ESQUINA', uf: 'SP' }]);
  for (let i = 0; i < 12; i++) {
    await createProduct(e2eDb(), {
      companyId: companies[0]!.id,
      internalCode: `MC-${i}`,
      description: `PRODUTO DE MERCADO COM DESCRICAO LONGA NUMERO ${i}`,
      gtin: '07891234567895',
      status: i % 3 === 0 ? 'P' : 'F',
    });
  }
  const walks: [string, () => Promise<void>, string[]][] = [
    [
      'member',
      () => useSessionOf(page, member, companies[0]),
      ['/member/companies', '/member/home', '/member/products/global', '/member/company/indicators', '/member/tickets'],
    ],
    [
      'owner',
      async () => useSessionOf(page, await seedUser('PartnerOwner', { partnerId: member.partnerId })),
      [
        '/partner/home',
        '/partner/products/global',
        '/partner/products/global/finalized',
        '/partner/products/global/pending',
        '/partner/users',
        '/partner/companies',
        '/partner/fiscal-rules',
      ],
    ],
  ];
  for (const [who, signIn, routes] of walks) {
    await signIn();
    for (const route of routes) {
      for (const width of [1024, 1366]) {
        await page.setViewportSize({ width, height: 768 });
        await page.goto(route);
        await page.locator('h1').first().waitFor(LOAD);
        await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0, LOAD);
        const name = route.replace(/^\//, '').replaceAll('/', '-');
        await page.screenshot({ path: `test-results/screens/${who}-${name}-${width}.png` });
      }
    }
  }
});
