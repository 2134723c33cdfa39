import { chromium } from '@playwright/test';
const base = 'http://localhost:3792';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
async function sessionPage(email) {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'pt-BR' });
  const page = await ctx.newPage();
  const res = await page.request.post(`${base}/v1/public/users/signin`, { data: { email, password: 'Demo@2026' }, headers: { origin: base } });
  const s = await res.json();
  await ctx.addCookies([{ name: 'session', value: s.token, url: base, httpOnly: true }]);
  await page.goto(`${base}/icons`);
  await page.evaluate((x) => sessionStorage.setItem('session', JSON.stringify(x)), s);
  return page;
}
const which = process.argv[2];
if (which === 'pharmacy') {
  const page = await sessionPage('joao@cliente.demo');
  const companies = await (await page.request.get(`${base}/v1/public/companies`)).json();
  const list = Array.isArray(companies) ? companies : companies.objects ?? companies;
  console.log(JSON.stringify(list).slice(0, 300));
  const c = list[0];
  await page.evaluate((c) => localStorage.setItem('selectedCompany', JSON.stringify({ id: c.id, nomeFantasia: c.nomeFantasia, razaoSocial: c.razaoSocial, document: c.document, uf: c.uf })), c);
  await page.goto(`${base}/member/home`);
  await page.getByTestId('products-table').waitFor({ timeout: 60000 });
  await page.screenshot({ path: '/tmp/h13-pharmacy.png' });
} else if (which === 'rules') {
  const page = await sessionPage('olga@alfa.demo');
  await page.goto(`${base}/partner/fiscal-rules`);
  await page.getByTestId('rules-table').waitFor({ timeout: 60000 });
  await page.getByTestId('rules-table').locator('tbody tr').nth(8).click();
  await page.getByTestId('state-rules-table').waitFor({ timeout: 60000 });
  await page.waitForTimeout(1500);
  await page.screenshot({ path: '/tmp/h13-rules.png' });
  await page.getByRole('button', { name: 'Nova regra nomeada' }).click();
  const d = page.getByRole('dialog', { name: 'Regras Fiscais' });
  await d.getByLabel('NCM').pressSequentially('cerveja');
  await page.getByRole('option', { name: /^2203/ }).first().click();
  await d.getByLabel('ALIQ PIS%').pressSequentially('165');
  await d.getByLabel('ICMS%', { exact: true }).pressSequentially('1800');
  await page.waitForTimeout(1500);
  await page.screenshot({ path: '/tmp/h13-named.png' });
}
await browser.close();
