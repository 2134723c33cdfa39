import { expect, type Page, test } from '@playwright/test';
import { createProduct } from '../server/src/db/factories';
import { e2eDb } from './support/db';
import { seedMemberWithCompanies, seedUser, signInAs, useSessionOf } from './support/fixtures';

/**
 * The chunks a page asks for (issue 24). Signing in asks for its landing page's chunks and nothing that is
 * then abandoned; a guard's redirect is decided before any chunk of the page it leaves is asked for; the
 * products home loads its code in a bounded number of files (small modules grouped by area at build time,
 * web/vite.config.ts). The figures are printed for bench/README.md.
 */

test.describe.configure({ timeout: 90_000 });

/** The products home's JavaScript files from a cold cache: 94 before the grouping by area, 15 after. */
const PRODUCTS_HOME_MAX_CHUNKS = 25;

interface ChunkLog {
  started: string[];
  finished: string[];
  failed: string[];
}

const chunkName = (url: string) => url.slice(url.lastIndexOf('/') + 1);

/** Every request for a built JavaScript file: started, finished, and failed (aborted ones included). */
function watchChunks(page: Page): ChunkLog {
  const log: ChunkLog = { started: [], finished: [], failed: [] };
  const isChunk = (url: string) => url.includes('/assets/') && url.endsWith('.js');
  page.on('request', (r) => isChunk(r.url()) && log.started.push(chunkName(r.url())));
  page.on('requestfinished', (r) => isChunk(r.url()) && log.finished.push(chunkName(r.url())));
  page.on(
    'requestfailed',
    (r) => isChunk(r.url()) && log.failed.push(`${chunkName(r.url())} ${r.failure()?.errorText}`),
  );
  return log;
}

/**
 * Waits until every chunk asked for has ended (loaded or failed), and no new one is asked for a second. Counted by
 * file name: Chromium may report a second request for a file a preload already fetched and never finish that
 * one (seen once in a full run), and a file that did load is what this test is about.
 */
async function settled(chunks: ChunkLog) {
  let seen = -1;
  await expect
    .poll(
      () => {
        const ended = new Set([...chunks.finished, ...chunks.failed.map((f) => f.split(' ')[0])]);
        const asked = new Set(chunks.started);
        const done = [...asked].every((name) => ended.has(name));
        const quiet = done && seen === asked.size;
        seen = asked.size;
        return quiet;
      },
      { timeout: 45_000, intervals: [1_000] },
    )
    .toBe(true);
}

async function coldCache(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
}

for (const role of ['Member', 'PartnerOwner'] as const) {
  test(`signing in as ${role} loads the landing page's chunks and abandons none`, async ({ page }) => {
    const user = await seedUser(role);
    await coldCache(page);
    const chunks = watchChunks(page);
    await signInAs(page, user);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 45_000 });
    await settled(chunks);
    console.log(
      `chunks, sign-in as ${role} → ${new URL(page.url()).pathname}: ${chunks.started.length} asked, ` +
        `${chunks.finished.length} loaded, ${chunks.failed.length} failed`,
    );
    expect(chunks.failed).toEqual([]);
    expect(new Set(chunks.started).size).toBe(chunks.started.length);
  });
}

test('a guard that redirects decides before any chunk of the page it leaves is asked for', async ({ page }) => {
  // A Member without a selected company opens a bookmark of the products home, then of the partner area.
  const { member } = await seedMemberWithCompanies([{ nomeFantasia: 'MERCADO DO ATALHO' }]);
  await useSessionOf(page, member);
  for (const [address, leftChunks] of [
    ['/member/home', /^products-home-/],
    ['/partner/home', /^(partner-layout|dashboard-page)-/],
  ] as const) {
    await coldCache(page);
    const chunks = watchChunks(page);
    await page.goto(address);
    await expect(page).toHaveURL(/\/member\/companies$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 45_000 });
    await settled(chunks);
    console.log(`chunks, ${address} → /member/companies: ${chunks.started.length} asked`);
    expect(chunks.started.filter((name) => leftChunks.test(name))).toEqual([]);
    expect(chunks.failed).toEqual([]);
    page.removeAllListeners('request');
    page.removeAllListeners('requestfinished');
    page.removeAllListeners('requestfailed');
  }
});

test('the products home loads its JavaScript in a bounded number of files', async ({ page }) => {
  const seeded = await seedMemberWithCompanies([{ nomeFantasia: 'MERCADO DOS BLOCOS', uf: 'SP' }]);
  const company = seeded.companies[0]!;
  await createProduct(e2eDb(), { companyId: company.id, internalCode: 'CH-1', description: 'FEIJAO CARIOCA 1KG' });
  await useSessionOf(page, seeded.member, company);
  await coldCache(page);
  const chunks = watchChunks(page);
  await page.goto('/member/home');
  await expect(page.getByTestId('products-table').locator('tbody tr').first()).toContainText('FEIJAO CARIOCA', {
    timeout: 45_000,
  });
  await settled(chunks);
  console.log(`chunks, /member/home cold: ${chunks.finished.length} loaded, ${chunks.failed.length} failed`);
  expect(chunks.failed).toEqual([]);
  expect(chunks.finished.length).toBeLessThanOrEqual(PRODUCTS_HOME_MAX_CHUNKS);
});
