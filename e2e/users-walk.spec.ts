import { canDo } from '@app/contract/permissions';
import { expect, type Page, test } from '@playwright/test';
import { createFiscalRule, createGlobalProduct, createProduct, linkMemberToCompany } from '../server/src/db/factories';
import { seedSimulationCatalogue } from '../server/src/modules/transition/simulation.fixtures';
import { axeViolations } from './support/axe';
import { e2eDb } from './support/db';
import { seedMemberWithCompanies, seedUser, useSessionOf } from './support/fixtures';

/**
 * What a user meets on a normal day (issue 24): every clickable row reachable and operable by keyboard with a
 * visible focus ring, no serious or critical accessibility violation and one h1 on every screen of every role,
 * and a percentage mask that takes the TIPI's 300 %.
 */

// Independent tests (each seeds its own partner): the five role walks share the two workers.
test.describe.configure({ timeout: 180_000, mode: 'parallel' });

/** The routes a Member with every user permission opens (spec 01 §2; the router in web/src/app). */
const memberRoutes = [
  '/member/companies',
  '/member/home',
  '/member/products/import',
  '/member/products/export',
  '/member/products/health',
  '/member/products/simulation',
  '/member/products/documents',
  '/member/products/global',
  '/member/company/indicators',
  '/member/tickets',
  '/member/integrations',
];
/** A view-only Member ('Read'): the screens differ where the write actions go (no import, export, integrations). */
const memberViewRoutes = [
  '/member/companies',
  '/member/home',
  '/member/products/global',
  '/member/company/indicators',
  '/member/tickets',
];
const partnerRoutes = [
  '/partner/home',
  '/partner/products/global',
  '/partner/products/global/finalized',
  '/partner/products/global/pending',
  '/partner/users',
  '/partner/companies',
  '/partner/tickets',
  '/partner/fiscal-rules',
  '/partner/logs',
  '/partner/simulation',
  '/partner/integrations',
];
/** What each staff role is offered (the menu reads the contract's permission map). */
const staffRoutes = (role: 'Admin' | 'PartnerOwner' | 'PartnerContributor') =>
  [...partnerRoutes, ...(role === 'Admin' ? ['/partner/reform-rates'] : [])].filter((route) => {
    if (route === '/partner/home') return canDo(role, 'read', 'dashboard');
    if (route === '/partner/products/global/pending') return canDo(role, 'read', 'pending-product');
    if (route === '/partner/users') return canDo(role, 'read', 'user');
    if (route === '/partner/tickets') return canDo(role, 'read', 'ticket-queue');
    if (route === '/partner/logs') return canDo(role, 'read', 'log');
    if (route === '/partner/integrations') return canDo(role, 'write', 'integration');
    return true;
  });

// The browser's own types (this project compiles without the DOM library).
interface FocusedElement {
  tagName: string;
  getAttribute(name: string): string | null;
}
interface BrowserGlobals {
  document: { activeElement: FocusedElement | null };
  getComputedStyle(el: unknown): { outlineStyle: string; outlineWidth: string };
}

/** Presses Tab until a table row has the focus (at most `max` times); the row's label, or null. */
async function tabToRow(page: Page, max = 60): Promise<string | null> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate(() => {
      const el = (globalThis as unknown as BrowserGlobals).document.activeElement;
      return el?.tagName === 'TR' ? (el.getAttribute('aria-label') ?? '') : null;
    });
    if (label !== null) return label;
  }
  return null;
}

test('a keyboard-only Member selects a company: Tab reaches the row, the ring shows, Enter selects', async ({
  page,
}) => {
  const { member, companies } = await seedMemberWithCompanies([
    { nomeFantasia: 'TECLADO ALFA', uf: 'SP' },
    { nomeFantasia: 'TECLADO BETA', uf: 'RJ' },
  ]);
  await useSessionOf(page, member);
  await page.goto('/member/companies');
  await expect(page.getByRole('row', { name: /TECLADO ALFA/ })).toBeVisible({ timeout: 30_000 });
  const label = await tabToRow(page);
  expect(label).toMatch(/^Selecionar TECLADO/);
  const outline = await page.evaluate(() => {
    const w = globalThis as unknown as BrowserGlobals;
    const style = w.getComputedStyle(w.document.activeElement);
    return `${style.outlineStyle} ${style.outlineWidth}`;
  });
  expect(outline).not.toMatch(/^none/);
  expect(outline).not.toMatch(/ 0px$/);
  await page.keyboard.press('Enter');
  const chosen = label!.replace('Selecionar ', '');
  const id = companies.find((c) => c.nomeFantasia === chosen)!.id;
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('selectedCompany') ?? '{}').id)).toBe(id);
});

/**
 * Rules checked at any impact (issue 38): headings that skip a level and landmarks of one kind without distinct
 * names are "moderate" for axe, but they are how a screen reader user moves through a page.
 */
const STRUCTURE_RULES = ['heading-order', 'landmark-unique', 'landmark-no-duplicate-main'];

/** Axe's serious and critical violations (and any structural one) inside `include`, the whole page by default. */
async function axeProblems(page: Page, where: string, include?: string): Promise<string[]> {
  const problems: string[] = [];
  const violations = await axeViolations(page, {
    include,
    tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'],
    alsoRules: STRUCTURE_RULES,
  });
  for (const v of violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical' && !STRUCTURE_RULES.includes(v.id)) continue;
    problems.push(`${where}: ${v.id} (${v.impact}) × ${v.nodes.length}: ${v.nodes[0]?.target.join(' ')}`);
  }
  console.log(`axe ${where}: ${violations.length} violations of any impact`);
  return problems;
}

/** Serious and critical axe violations of the page as it is now, and its number of h1. */
async function auditPage(page: Page, route: string): Promise<string[]> {
  const started = Date.now();
  await page.goto(route);
  const problems: string[] = [];
  // The page's own title renders with its lazy chunk: wait for it before counting (a loaded two-core machine
  // has taken over 15 s for a first chunk).
  await page
    .locator('h1')
    .first()
    .waitFor({ timeout: 30_000 })
    .catch(() => undefined);
  // Then skeletons gone: the page shows what a user reads.
  await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0, { timeout: 20_000 });
  const h1 = await page.locator('h1').count();
  if (h1 !== 1) problems.push(`${route}: ${h1} h1`);
  problems.push(...(await axeProblems(page, route)));
  console.log(`axe ${route}: ${Date.now() - started} ms`);
  return problems;
}

// Longest walks first (most routes): the two workers then finish the walk at about the same time.
const roleWalks = [
  ['Admin', staffRoutes('Admin')],
  ['Member', memberRoutes],
  ['PartnerOwner', staffRoutes('PartnerOwner')],
  ['PartnerContributor', staffRoutes('PartnerContributor')],
  ['Member view-only', memberViewRoutes],
] as const;

for (const [role, routes] of roleWalks) {
  test(`axe: ${role} screens have no serious or critical violation and one h1`, async ({ page }) => {
    // About 3 s a route on a quiet machine; a two-core machine shared by several runs takes ten times that.
    test.setTimeout(600_000);
    const problems: string[] = [];
    const note = (found: string[]) => {
      // Logged as found: a slow machine that times out still shows what was seen.
      for (const p of found) console.log(`axe ${role} ${p}`);
      problems.push(...found);
    };
    const { member, companies } = await seedMemberWithCompanies([{ nomeFantasia: 'ACESSIVEL LTDA', uf: 'SP' }]);
    // Rows on the screens (a product of the company, one of the global base with a rule), so the tables,
    // their row actions and scroll areas are audited too, not only their empty states.
    // A named rule: base rules are unique per NCM/UF, and each worker's factory counter starts over.
    const rule = await createFiscalRule(e2eDb(), { description: `REGRA ACESSIVEL ${role}` });
    await createGlobalProduct(e2eDb(), {
      description: 'GLOBAL ACESSIVEL',
      ncm: rule.ncm,
      rules: { [rule.uf]: rule.id },
    });
    await createProduct(e2eDb(), {
      companyId: companies[0]!.id,
      description: 'PRODUTO ACESSIVEL',
      internalCode: 'AX-1',
    });
    if (role === 'Member') {
      note(await auditPage(page, '/login'));
      await useSessionOf(page, member, companies[0]);
    } else if (role === 'Member view-only') {
      const viewer = await seedUser('Member', { partnerId: member.partnerId, permissions: ['Read'] });
      await linkMemberToCompany(e2eDb(), viewer.id, companies[0]!.id);
      await useSessionOf(page, viewer, companies[0]);
    } else {
      await useSessionOf(page, await seedUser(role, { partnerId: role === 'Admin' ? null : member.partnerId }));
    }
    for (const route of routes) note(await auditPage(page, route));
    expect(problems).toEqual([]);
  });
}

/** Axe inside the dialog now open (named `name`): serious and critical violations and heading order. */
async function auditDialog(page: Page, name: string | RegExp, where: string): Promise<string[]> {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(dialog.locator('.mantine-Skeleton-root')).toHaveCount(0, { timeout: 20_000 });
  // Mantine's modal fades in: axe measures colours of the settled dialog, not of its first frames.
  await page.waitForTimeout(400);
  const id = await dialog.getAttribute('id');
  return axeProblems(page, where, id ? `[id="${id}"]` : '[role="dialog"]');
}

test("axe inside the main dialogs: a state rule, a key shown once, a product's years, and the figures", async ({
  page,
}) => {
  test.setTimeout(600_000);
  const problems: string[] = [];
  const note = (found: string[]) => {
    for (const p of found) console.log(`axe dialogs ${p}`);
    problems.push(...found);
  };
  const seeded = await seedMemberWithCompanies([{ nomeFantasia: 'DIALOGOS LTDA', uf: 'SP', crt: 'RegimeNormal' }]);
  const company = seeded.companies[0]!;
  await seedSimulationCatalogue(e2eDb(), company.id, 'e2e-walk-dialogs');

  // Partner staff: the state rule dialog of the fiscal rules (an unnamed button and 90 low-contrast nodes once).
  const ncm = '21069029';
  await createFiscalRule(e2eDb(), { ncm, uf: 'SP', description: 'REGRA DO DIALOGO', status: 'Checked' });
  await useSessionOf(page, await seedUser('PartnerOwner', { partnerId: seeded.partner.id }));
  await page.goto('/partner/fiscal-rules');
  await page.getByRole('button', { name: 'Filtrar' }).click({ timeout: 30_000 });
  const filter = page.getByRole('dialog', { name: 'Filtrar regras fiscais' });
  note(await auditDialog(page, 'Filtrar regras fiscais', 'filtro de regras'));
  await filter.getByLabel('NCM').fill(ncm);
  await filter.getByLabel('NCM').press('Enter');
  await expect(filter).toBeHidden();
  await page.getByTestId('rules-table').locator('tbody tr').first().click();
  await page.getByTestId('state-rules-table').locator('tbody tr').first().locator('td').nth(1).click();
  note(await auditDialog(page, 'REGRA DO DIALOGO', 'regra estadual'));
  await page.keyboard.press('Escape');

  // The API key dialog while it shows the key once.
  await page.goto('/partner/integrations');
  await page.getByRole('button', { name: 'Nova chave' }).click({ timeout: 30_000 });
  await page.getByRole('dialog', { name: 'Nova chave de API' }).getByLabel('Nome').fill('ERP acessível');
  await page.getByRole('dialog', { name: 'Nova chave de API' }).getByRole('button', { name: 'Criar chave' }).click();
  await expect(page.getByTestId('secret-value')).toBeVisible();
  note(await auditDialog(page, 'Nova chave de API', 'chave mostrada uma vez'));
  await page.getByRole('button', { name: 'Já copiei' }).click();

  // A Member: the simulation's figures (rises in red), a product's years with the memória, and the indicators.
  await useSessionOf(page, seeded.member, company);
  await page.goto('/member/products/simulation');
  await page.getByRole('button', { name: 'Simular' }).click({ timeout: 30_000 });
  await expect(page.getByTestId('simulation-status')).toHaveText('Concluída', { timeout: 90_000 });
  await expect(page.getByTestId('rise-table').locator('tbody tr').first()).toBeVisible();
  note(await axeProblems(page, 'simulação com resultados'));
  await page
    .getByRole('button', { name: /^Ver anos de / })
    .first()
    .click();
  await expect(page.getByRole('dialog').getByTestId('years-table')).toBeVisible({ timeout: 30_000 });
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Memória de cálculo de / })
    .first()
    .click();
  note(await axeProblems(page, 'anos de um produto', '[role="dialog"]'));
  await page.keyboard.press('Escape');
  await page.goto('/member/company/indicators');
  await expect(page.getByRole('heading', { name: 'Indicadores', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByText('Consultando indicadores')).toHaveCount(0, { timeout: 20_000 });
  note(await axeProblems(page, 'indicadores com produtos'));
  expect(problems).toEqual([]);
});

test('the IPI rate takes 300 % (TIPI) while ##,## rates still place the comma', async ({ page }) => {
  await useSessionOf(page, await seedUser('PartnerOwner'));
  await page.goto('/partner/fiscal-rules');
  await page.getByRole('button', { name: 'Nova regra nomeada' }).click();
  const dialog = page.getByRole('dialog', { name: 'Regras Fiscais' });
  const ipi = dialog.getByRole('group', { name: 'IPI' }).getByLabel('ALIQ%', { exact: true });
  await ipi.pressSequentially('300');
  await expect(ipi).toHaveValue('300');
  const pis = dialog.getByLabel('ALIQ PIS%', { exact: true });
  await pis.pressSequentially('165');
  await expect(pis).toHaveValue('1,65');
});
