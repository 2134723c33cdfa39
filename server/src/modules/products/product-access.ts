import type { UserPermission } from '@app/contract';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { type CompanyRow, findUsableCompany } from '../../lib/company-access.js';

/**
 * The company the call acts on (Member linked, staff of its partner, Admin; blocked refused to
 * Members) and, for Members, the user permission the action needs (Create, Delete, Import,
 * Export restrict what a Member may do; staff roles are not restricted by them).
 */
export async function findCompanyFor(
  db: DbOrTx,
  actor: Actor,
  companyId: string,
  permission?: UserPermission,
): Promise<CompanyRow> {
  const company = await findUsableCompany(db, actor, companyId);
  if (permission) assertMemberPermission(actor, permission);
  return company;
}

export function assertMemberPermission(actor: Actor, permission: UserPermission): void {
  if (actor.role === 'Member' && !actor.permissions.includes(permission)) {
    throw new AppError('PRODUCT_PERMISSION_DENIED');
  }
}
