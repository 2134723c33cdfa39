import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { companies } from '../db/schema/index.js';
import type { Actor } from './actor.js';
import { AppError } from './app-error.js';

export type CompanyRow = typeof companies.$inferSelect;

/**
 * Loads a company the actor may act on, or throws. Admin: any; partner staff: their partner's;
 * Member: only linked companies. Unknown and foreign companies read the same (404) so ids
 * cannot be probed.
 */
export async function findAccessibleCompany(db: DbOrTx, actor: Actor, companyId: string): Promise<CompanyRow> {
  // One round trip: the company and, for a Member, whether it is linked to them (every products call
  // starts here, so the second query was a visible part of a page's time).
  const linked =
    actor.role === 'Member'
      ? sql<boolean>`exists (SELECT 1 FROM user_companies uc WHERE uc.user_id = ${actor.id} AND uc.company_id = ${companyId})`
      : sql<boolean>`true`;
  const [found] = await db
    .select({ company: companies, linked })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!found) throw new AppError('COMPANY_NOT_FOUND');
  const { company } = found;
  // A company-scoped API key reaches its one company, whatever its creator may reach (decision 032).
  if (actor.apiKey?.companyId && actor.apiKey.companyId !== company.id) throw new AppError('COMPANY_NOT_FOUND');
  if (actor.role === 'Admin') return company;
  if (actor.role === 'Member') {
    if (!found.linked) throw new AppError('COMPANY_NOT_FOUND');
    return company;
  }
  if (company.partnerId !== actor.partnerId) throw new AppError('COMPANY_NOT_FOUND');
  return company;
}

/** Same as findAccessibleCompany, and refuses blocked companies to Members (spec 01 §4). */
export async function findUsableCompany(db: DbOrTx, actor: Actor, companyId: string): Promise<CompanyRow> {
  const company = await findAccessibleCompany(db, actor, companyId);
  if (actor.role === 'Member' && company.status === 'Blocked') throw new AppError('COMPANY_BLOCKED');
  return company;
}
