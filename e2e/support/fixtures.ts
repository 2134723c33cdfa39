import { expect, type Locator, type Page, type Route } from '@playwright/test';
import {
  createCompany,
  createPartner,
  createSessionToken,
  createUser,
  linkMemberToCompany,
} from '../../server/src/db/factories';
import { e2eDb } from './db';
import { E2E } from './env';

/**
 * Helpers of the browser tests: seed rows through the shared factories (each test seeds its own
 * partner, so tests never share data), sign in, read captured mail, find toasts.
 */
export type Role = 'Admin' | 'PartnerOwner' | 'PartnerContributor' | 'Member';
export type SeededUser = Awaited<ReturnType<typeof createUser>>;
export type SeededCompany = Awaited<ReturnType<typeof createCompany>>;

export const seedPartner = (over: Parameters<typeof createPartner>[1] = {}) => createPartner(e2eDb(), over);

export async function seedUser(role: Role, over: Parameters<typeof createUser>[1] = {}): Promise<SeededUser> {
  const partnerId = over.partnerId ?? (role === 'Admin' ? null : (await seedPartner()).id);
  return createUser(e2eDb(), { role, partnerId, ...over });
}

export const seedCompany = (partnerId: string, over: Partial<Parameters<typeof createCompany>[1]> = {}) =>
  createCompany(e2eDb(), { partnerId, ...over });

/** A Member of a fresh partner linked to one company per entry of `companies`. */
export async function seedMemberWithCompanies(companies: Partial<Parameters<typeof createCompany>[1]>[]) {
  const partner = await seedPartner();
  const member = await seedUser('Member', { partnerId: partner.id });
  const rows: SeededCompany[] = [];
  for (const over of companies) {
    const company = await seedCompany(partner.id, over);
    await linkMemberToCompany(e2eDb(), member.id, company.id);
    rows.push(company);
  }
  return { partner, member, companies: rows };
}

/** Signs in through the login page (e-mail → password) and waits for the landing page. */
export async function signInAs(page: Page, user: { email: string; password: string | null }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByRole('button', { name: 'Prosseguir' }).click();
  await page.getByLabel('Senha').fill(user.password ?? '');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/(member\/companies|partner\/home)$/);
}

/**
 * Opens a session without the login page (the sign-in call is rate limited per IP): a server
 * session row, its cookie and the sessionStorage entry the web keeps after sign-in.
 */
export async function useSessionOf(page: Page, user: SeededUser, selectedCompany?: SeededCompany): Promise<void> {
  const token = await createSessionToken(e2eDb(), user.id);
  await page.context().addCookies([{ name: 'session', value: token, url: E2E.baseUrl, httpOnly: true }]);
  await openBlankPageOfApp(page);
  await page.evaluate(
    ([session, company]) => {
      sessionStorage.setItem('session', JSON.stringify(session));
      if (company) {
        localStorage.setItem('selectedCompany', JSON.stringify(company));
        localStorage.setItem('uf', company.uf);
      }
    },
    [
      { name: user.name, role: user.role, token },
      selectedCompany
        ? {
            id: selectedCompany.id,
            nomeFantasia: selectedCompany.nomeFantasia,
            razaoSocial: selectedCompany.razaoSocial,
            document: selectedCompany.document,
            uf: selectedCompany.uf,
          }
        : null,
    ] as const,
  );
}

/**
 * Web storage needs a document of the app's origin, not the app itself: an empty page answered by the browser
 * (the request never reaches the server) spares booting the whole app once more in every test that signs in.
 */
async function openBlankPageOfApp(page: Page): Promise<void> {
  const url = `${E2E.baseUrl}/e2e-blank-page`;
  const answer = (route: Route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>e2e</title>' });
  await page.route(url, answer);
  await page.goto(url);
  await page.unroute(url, answer);
}

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
}

export async function readMail(to: string): Promise<CapturedMail[]> {
  const res = await fetch(`${E2E.mailboxUrl}/?to=${encodeURIComponent(to)}`);
  return (await res.json()) as CapturedMail[];
}

/** Waits for the set-password link e-mailed to `to` and returns its path (/login/{uuid}). */
export async function readSetPasswordLink(to: string, previous = 0): Promise<string> {
  let path: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = await readMail(to);
        const found = mails.slice(previous).map((m) => /\/login\/[0-9a-f-]{36}/.exec(m.text)?.[0]);
        path = found.find(Boolean);
        return path;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return path!;
}

/** A toast (Mantine notification) with the given text. */
export const toast = (page: Page, text: string | RegExp): Locator =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

export const readSessionStorage = (page: Page, key: string) => page.evaluate((k) => sessionStorage.getItem(k), key);
export const readLocalStorage = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

export { E2E };
