import { expect, type Page, type Request, test } from '@playwright/test';
import { createFiscalRule, createProduct } from '../server/src/db/factories';
import { products } from '../server/src/db/schema';
import { e2eDb } from './support/db';
import { seedCompany, seedMemberWithCompanies, seedPartner, seedUser, toast, useSessionOf } from './support/fixtures';
import { openStCalculatorOf } from './support/rule-product-dialog';

/**
 * Numbers and dates as a Brazilian tax analyst types and reads them (issue 13), in a browser set to
 * English and to UTC: the pickers must stay pt-BR (dd/mm/aaaa, Portuguese months and weekdays) and the
 * dates shown must be the São Paulo day, not the browser's. Every typed figure is checked where it
 * matters: in the request the server receives, not only on the screen.
 */
test.use({ locale: 'en-US', timezoneId: 'UTC' });
test.describe.configure({ timeout: 90_000 });

const INVALID_DATE = 'Data inválida: use o formato dd/mm/aaaa.';

/** The next request to an API path (query string aside). */
const nextRequest = (page: Page, method: string, path: string | RegExp) =>
  page.waitForRequest((r: Request) => {
    if (r.method() !== method) return false;
    const { pathname } = new URL(r.url());
    return typeof path === 'string' ? pathname.endsWith(path) : path.test(pathname);
  });

/** The weekday header of the open date picker. */
const weekdays = (page: Page) => page.locator('.mantine-DateInput-weekday');

async function openFiscalRules(page: Page) {
  const partner = await seedPartner();
  const user = await seedUser('PartnerOwner', { partnerId: partner.id });
  await useSessionOf(page, user);
  await page.goto('/partner/fiscal-rules');
  await expect(page.getByRole('heading', { name: 'Regras Fiscais' })).toBeVisible({ timeout: 20_000 });
  return partner;
}

test('products: pt-BR pickers in an English browser, ISO days in the request, São Paulo dates and 1.234 shown', async ({
  page,
}) => {
  const seeded = await seedMemberWithCompanies([{ nomeFantasia: 'MERCADO DATAS', uf: 'SP' }]);
  const company = seeded.companies[0]!;
  // 01:30 UTC on 6 March is 22:30 on 5 March in São Paulo: the analyst's day is the 5th.
  await createProduct(e2eDb(), {
    companyId: company.id,
    internalCode: 'NOITE-1',
    description: 'AGUA MINERAL SEM GAS 500ML',
    updatedAt: new Date('2026-03-06T01:30:00Z'),
  });
  await e2eDb()
    .insert(products)
    .values(
      Array.from({ length: 1233 }, (_, i) => ({
        companyId: company.id,
        internalCode: `LOTE-${i}`,
        description: `BISCOITO LOTE ${i}`,
        updatedAt: new Date('2026-01-10T12:00:00Z'),
      })),
    );
  await useSessionOf(page, seeded.member, company);
  await page.goto('/member/home');
  await expect(page.getByRole('heading', { name: 'Meus Produtos' })).toBeVisible({ timeout: 20_000 });
  // thousands with a dot
  await expect(page.getByTestId('products-count')).toHaveText('1.234 produtos');

  await page.getByRole('button', { name: 'Pesquisar' }).click();
  const panel = page.getByRole('dialog', { name: 'Pesquisar produtos' });
  const start = panel.getByLabel('Data inicial');
  const end = panel.getByLabel('Data final');
  await expect(start).toHaveAttribute('placeholder', 'dd/mm/aaaa');

  // typed as a Brazilian types it; the calendar follows in Portuguese, weeks from Sunday
  await start.pressSequentially('05/03/2026');
  await expect(page.getByRole('button', { name: 'março 2026', exact: true })).toBeVisible();
  await expect(weekdays(page)).toHaveText(['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb']);
  await start.press('Tab');
  await expect(start).toHaveValue('05/03/2026');

  // an impossible day is refused with a Portuguese message, never rolled over into March
  await end.fill('31/02/2026');
  await end.press('Tab');
  await expect(panel.getByText(INVALID_DATE)).toBeVisible();
  await expect(end).toHaveValue('');
  // picked from the calendar: the 5th of the month shown (March, from the start date's month)
  await end.click();
  await end.pressSequentially('01/03/2026');
  await page.getByRole('button', { name: '5 março 2026', exact: true }).click();
  await expect(end).toHaveValue('05/03/2026');
  await expect(panel.getByText(INVALID_DATE)).toHaveCount(0);

  await panel.getByLabel('Texto da pesquisa').fill('agua mineral');
  const request = nextRequest(page, 'GET', '/products');
  await panel.getByRole('button', { name: 'Pesquisar' }).click();
  const query = new URL((await request).url()).searchParams;
  expect(query.get('startDate')).toBe('2026-03-05');
  expect(query.get('endDate')).toBe('2026-03-05');
  await expect(page.getByTestId('products-count')).toHaveText('1 produto');
  const row = page.getByTestId('products-table').locator('tbody tr').first();
  await expect(row).toContainText('AGUA MINERAL SEM GAS 500ML');
  // the São Paulo day of the update, in a browser set to UTC (where it is already the 6th)
  await expect(row).toContainText('05/03/2026');
  await expect(row).not.toContainText('06/03/2026');
});

test('logs: the shared pt-BR date field in an English browser sends the ISO period', async ({ page }) => {
  const partner = await seedPartner();
  const owner = await seedUser('PartnerOwner', { partnerId: partner.id });
  await useSessionOf(page, owner);
  await page.goto('/partner/logs');
  await expect(page.getByRole('heading', { name: 'Logs' })).toBeVisible({ timeout: 20_000 });

  const from = page.getByLabel('Data inicial');
  const to = page.getByLabel('Data final');
  await expect(from).toHaveAttribute('placeholder', 'dd/mm/aaaa');
  await from.pressSequentially('05/03/2026');
  await expect(page.getByRole('button', { name: 'março 2026', exact: true })).toBeVisible();
  await expect(weekdays(page)).toHaveText(['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb']);
  await from.press('Tab');
  await expect(from).toHaveValue('05/03/2026');

  // leaving by a click elsewhere (Tab would open the code list below)
  const leave = () => page.getByRole('heading', { name: 'Logs' }).click();
  await to.fill('30/02/2026');
  await leave();
  await expect(page.getByText(INVALID_DATE)).toBeVisible();
  await expect(to).toHaveValue('');
  // the refused date is not used: the period is still incomplete
  await page.getByRole('button', { name: 'Baixar' }).click();
  await expect(toast(page, 'É preciso escolher um período para gerar a planilha de logs')).toBeVisible();

  await to.fill('06/03/2026');
  await leave();
  await expect(page.getByText(INVALID_DATE)).toHaveCount(0);
  // a filled field's clear button has a name (axe button-name)
  await expect(page.getByRole('button', { name: 'Limpar campo' })).toHaveCount(2);
  const request = nextRequest(page, 'GET', '/logs/export');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar' }).click();
  const query = new URL((await request).url()).searchParams;
  expect(query.get('from')).toBe('2026-03-05');
  expect(query.get('to')).toBe('2026-03-06');
  expect((await download).suggestedFilename()).toBe('Log.xlsx');
});

test('named rule: percentages typed the pt-BR ways reach the server as exact decimals and come back in pt-BR', async ({
  page,
}) => {
  await openFiscalRules(page);
  await page.getByRole('button', { name: 'Nova regra nomeada' }).click();
  const dialog = page.getByRole('dialog', { name: 'Regras Fiscais' });
  const field = (label: string) => dialog.getByLabel(label, { exact: true });
  const tag = Date.now().toString(36).toUpperCase();
  await field('Nome').fill(`Aguas minerais SP ${tag}`);
  await field('NCM').fill('22011000');
  await expect(field('NCM')).toHaveValue('2201.10.00');
  await dialog.getByLabel('UF').selectOption('SP');

  await field('ICMS%').pressSequentially('18');
  await field('RED. BC ICMS%').pressSequentially('18,5');
  await field('FCP%').pressSequentially('0,65');
  // percent masks place the comma: "165" is 1,65 and "1800" is 18,00, not 16 and 18
  await field('ALIQ PIS%').pressSequentially('165');
  await expect(field('ALIQ PIS%')).toHaveValue('1,65');
  await field('ICMS ST%').pressSequentially('1800');
  await expect(field('ICMS ST%')).toHaveValue('18,00');
  // a plain dot decimal pasted from a spreadsheet
  await field('ALIQ COFINS%').fill('7.60');
  await field('ICMS PDV%').fill('0.65');
  await field('IVA%').pressSequentially('140,55');
  await field('Nome').click();
  // shown back in pt-BR once left
  await expect(field('RED. BC ICMS%')).toHaveValue('18,50');
  await expect(field('ALIQ COFINS%')).toHaveValue('7,60');
  await expect(field('ICMS PDV%')).toHaveValue('0,65');
  await expect(field('ICMS%')).toHaveValue('18,00');

  await dialog.getByRole('button', { name: 'Gravar' }).click();
  const request = nextRequest(page, 'POST', /\/fiscal-rules$/);
  await page.getByRole('button', { name: 'Confirmar' }).click();
  const body = (await request).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({
    ncm: '22011000',
    aliqICMS: '18',
    redBCICMS: '18.5',
    fcp: '0.65',
    aliqPIS: '1.65',
    aliqICMSST: '18',
    aliqCOFINS: '7.6',
    picmsPdv: '0.65',
    iva: '140.55',
  });
  await expect(toast(page, 'Regra fiscal nomeada criada com sucesso!')).toBeVisible();

  // its clone starts from the stored figures, in pt-BR
  await page.getByRole('button', { name: 'Filtrar' }).click();
  const filter = page.getByRole('dialog', { name: 'Filtrar regras fiscais' });
  await filter.getByLabel('NCM').fill('22011000');
  await filter.getByLabel('NCM').press('Enter');
  await page.getByTestId('rules-table').locator('tbody tr').first().click();
  await page
    .getByTestId('state-rules-table')
    .getByRole('button', { name: /Ações da regra SP/ })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Clonar regra' }).click();
  await expect(field('RED. BC ICMS%')).toHaveValue('18,50');
  await expect(field('IVA%')).toHaveValue('140,55');
  await expect(field('FCP%')).toHaveValue('0,65');
  await expect(field('ALIQ PIS%')).toHaveValue('1,65');
});

test('rules filter: ICMS% typed "18,5" or pasted "7.6" is sent as the exact decimal', async ({ page }) => {
  await openFiscalRules(page);
  const apply = async (typed: (input: ReturnType<Page['getByLabel']>) => Promise<void>) => {
    await page.getByRole('button', { name: 'Filtrar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Filtrar regras fiscais' });
    const icms = dialog.getByLabel('ICMS%', { exact: true });
    await icms.fill('');
    await typed(icms);
    const request = nextRequest(page, 'GET', '/fiscal-rules/groupings');
    await dialog.getByRole('button', { name: 'Aplicar' }).click();
    return new URL((await request).url()).searchParams.get('aliqICMS');
  };
  expect(await apply((input) => input.pressSequentially('18,5'))).toBe('18.5');
  expect(await apply((input) => input.fill('7.6'))).toBe('7.6');
  expect(await apply((input) => input.pressSequentially('1800'))).toBe('18');
});

test('ST calculator: money typed as 1.234,56, 1234,56 or pasted 1234.56 gives the hand-computed figures', async ({
  page,
}) => {
  const partner = await openFiscalRules(page);
  const company = await seedCompany(partner.id, { uf: 'SP' });
  const rule = await createFiscalRule(e2eDb(), {
    ncm: '33061000',
    cest: null,
    uf: 'SP',
    status: 'Checked',
    version: { cstIcms: '60', aliqIcms: '18.0000', aliqIcmsSt: '18.0000', iva: '40.0000', ipiAliq: '15.0000' },
  });
  await createProduct(e2eDb(), {
    companyId: company.id,
    fiscalRuleId: rule.id,
    internalCode: 'DENT-1',
    description: 'CREME DENTAL 90G',
  });
  const calc = await openStCalculatorOf(page, '33061000', 'CREME DENTAL 90G');
  const out = (key: string) => calc.getByTestId(`st-${key}`);
  const productValue = calc.getByLabel('Valor dos produtos');

  /*
   * By hand (rule: IPI 15 %, ICMS 18 %, ICMS ST 18 %, MVA 40 %), products 1.234,56, frete 10,50,
   * outras despesas 5,25, desconto 0,65, redução BC 10 %, FCP 2 %:
   *   subtotal  = 1234,56 + 10,50 + 5,25 − 0,65          = 1.249,66
   *   base ICMS = 1249,66 × 0,90 = 1124,694              → 1.124,69
   *   ICMS      = 1124,69 × 18 % = 202,4442              →   202,44
   *   IPI       = 1249,66 × 15 % = 187,449               →   187,45
   *   total     = 1249,66 + 187,45                       = 1.437,11
   *   base ST   = 1437,11 × 1,40 = 2011,954              → 2.011,95
   *   ICMS-ST   = 2011,95 × (18 % + 2 %) − 202,44 = 402,39 − 202,44 = 199,95
   *   custo     = 199,95 / 1249,66 × 100 = 16,0004…      →    16,00
   */
  await productValue.pressSequentially('1.234,56');
  await calc.getByLabel('Frete').pressSequentially('10,5');
  await calc.getByLabel('Outras despesas').fill('5.25');
  await calc.getByLabel('Desconto').pressSequentially('0,65');
  await calc.getByLabel('Redução BC %').pressSequentially('10');
  await calc.getByLabel('FCP %').pressSequentially('2');
  const expected = {
    subtotal: '1.249,66',
    icmsBase: '1.124,69',
    icms: '202,44',
    ipi: '187,45',
    total: '1.437,11',
    stBase: '2.011,95',
    stValue: '199,95',
    effectiveCost: '16,00',
  };
  for (const [key, text] of Object.entries(expected)) await expect(out(key)).toHaveText(text);
  await calc.getByLabel('Frete').blur();
  await expect(calc.getByLabel('Frete')).toHaveValue('10,50');
  await expect(calc.getByLabel('Outras despesas')).toHaveValue('5,25');

  // the same value typed without thousands, or pasted with a dot, gives the same figures
  for (const typed of ['1234,56', '1234.56']) {
    await productValue.fill(typed);
    await productValue.blur();
    await expect(productValue).toHaveValue('1.234,56');
    for (const [key, text] of Object.entries(expected)) await expect(out(key)).toHaveText(text);
  }
});
