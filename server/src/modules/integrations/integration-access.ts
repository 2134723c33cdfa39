import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { type CompanyRow, findUsableCompany } from '../../lib/company-access.js';

/**
 * Integrations are managed by partner staff for their companies and by Members with write access
 * ('Create') to their linked companies. Foreign companies read as 404.
 */
export async function findManagedCompany(db: DbOrTx, actor: Actor, companyId: string): Promise<CompanyRow> {
  const company = await findUsableCompany(db, actor, companyId);
  assertWriteAccess(actor);
  return company;
}

export function assertWriteAccess(actor: Actor): void {
  if (actor.role === 'Member' && !actor.permissions.includes('Create')) throw new AppError('INTEGRATION_WRITE_DENIED');
}

export const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
