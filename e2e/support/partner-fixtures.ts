import type { Page } from '@playwright/test';
import { createCompany, createPartner, createUser, linkMemberToCompany } from '../../server/src/db/factories';
import { e2eDb } from './db';
import { E2E } from './env';

/**
 * Seeding and sign-in helpers of the partner users/companies browser tests. Each test seeds its
 * own partner, so rows of other tests never show up in its lists.
 */
export type SeedRole = 'Admin' | 'PartnerOwner' | 'PartnerContributor' | 'Member';

export async function seedPartnerStaff(role: Exclude<SeedRole, 'Member'> = 'PartnerOwner') {
  const db = e2eDb();
  const partner = await createPartner(db);
  const user = await createUser(db, { role, partnerId: role === 'Admin' ? null : partner.id });
  return { db, partner, user };
}

export { createCompany, createUser, linkMemberToCompany };

/**
 * Signs in through the API (the session cookie lands in the page's context) and stores the
 * session the web app keeps in sessionStorage, then opens `path`.
 */
export async function signInAndOpen(page: Page, email: string, password: string, path: string): Promise<void> {
  const res = await page.request.post(`${E2E.baseUrl}/v1/public/users/signin`, { data: { email, password } });
  if (!res.ok()) throw new Error(`sign-in of ${email} failed: ${res.status()} ${await res.text()}`);
  const session = await res.json();
  await page.addInitScript((s) => {
    // runs in the browser; the e2e project is typed for Node, hence the narrow cast
    (globalThis as unknown as { sessionStorage: { setItem(k: string, v: string): void } }).sessionStorage.setItem(
      'session',
      JSON.stringify(s),
    );
  }, session);
  await page.goto(path);
}

/** The toast holding `text` (Mantine notification). */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });
