import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { companies, userCompanies } from '../db/schema/index.js';
import type { Actor } from './actor.js';
import { AppError } from './app-error.js';

export type CompanyRow = typeof companies.$inferSelect;

/**
 * Loads a company the actor may act on, or throws. Admin: any; partner staff: their partner's;
 * Member: only linked companies. Unknown and foreign companies read the same (404) so ids
 * cannot be probed.
 */
export async function findAccessibleCompany(db: DbOrTx, actor: Actor, companyId: string): Promise<CompanyRow> {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!company) throw new AppError('COMPANY_NOT_FOUND');
  if (actor.role === 'Admin') return company;
  if (actor.role === 'Member') {
    const [link] = await db
      .select({ userId: userCompanies.userId })
      .from(userCompanies)
      .where(and(eq(userCompanies.userId, actor.id), eq(userCompanies.companyId, companyId)))
      .limit(1);
    if (!link) throw new AppError('COMPANY_NOT_FOUND');
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
