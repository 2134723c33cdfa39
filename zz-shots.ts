import { chromium } from '@playwright/test';

const base = 'http://127.0.0.1:3510';
async function signin(email: string) {
  const res = await fetch(`${base}/v1/public/users/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: 'Demo@2026' }),
  });
  const body = await res.json();
  return body as { name: string; role: string; token: string };
}
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
async function pageAs(email: string, company?: Record<string, string>) {
  const s = await signin(email);
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
  await ctx.addCookies([{ name: 'session', value: s.token, url: base, httpOnly: true }]);
  const page = await ctx.newPage();
  await page.goto(`${base}/icons`);
  await page.evaluate(
    ([sess, c]) => {
      sessionStorage.setItem('session', JSON.stringify(sess));
      if (c) localStorage.setItem('selectedCompany', JSON.stringify(c));
    },
    [s, company ?? null] as const,
  );
  return page;
}
const companies = await (async () => {
  const s = await signin('maria@cliente.demo');
  const r = await fetch(`${base}/v1/public/companies`, { headers: { authorization: `Bearer ${s.token}` } });
  return r.ok ? await r.json() : [];
})();
const boaVista = (companies as { id: string; nomeFantasia: string; uf: string }[]).find(
  (c) => c.nomeFantasia === 'MERCADINHO BOA VISTA',
);
console.log('company', boaVista?.id);
const maria = await pageAs(
  'maria@cliente.demo',
  boaVista ? { id: boaVista.id, nomeFantasia: boaVista.nomeFantasia, uf: boaVista.uf } : undefined,
);
await maria.goto(`${base}/member/tickets`);
await maria.waitForTimeout(4000);
await maria.screenshot({ path: '/tmp/h11-shot-member-list.png' });
await maria.getByTestId('ticket-card').filter({ hasText: 'Alíquota de PIS' }).click();
await maria.waitForTimeout(3000);
await maria.screenshot({ path: '/tmp/h11-shot-member-chat.png' });
await maria.goto(`${base}/member/home`);
await maria.waitForTimeout(4000);
const actions = maria.getByRole('button', { name: /Ações do produto/ });
const rows = maria.getByTestId('products-table').locator('tbody tr').filter({ hasText: 'Classificado' });
await rows
  .first()
  .getByRole('button', { name: /Ações do produto/ })
  .click()
  .catch(async () => actions.first().click());
await maria.getByRole('menuitem', { name: 'Abrir ticket' }).click();
await maria.waitForTimeout(2500);
await maria.screenshot({ path: '/tmp/h11-shot-create.png' });
const olga = await pageAs('olga@alfa.demo');
await olga.goto(`${base}/partner/tickets`);
await olga.waitForTimeout(4000);
await olga.screenshot({ path: '/tmp/h11-shot-partner-list.png' });
await olga.getByTestId('ticket-card').filter({ hasText: 'NCM divergente' }).click();
await olga.waitForTimeout(3000);
await olga.screenshot({ path: '/tmp/h11-shot-partner-chat.png' });
await browser.close();
