import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { selectUserById, type UserRow } from './users.repository.js';

/**
 * Loads a user the actor may manage: Admin any, partner staff only their partner's. Unknown and
 * foreign users both answer 404, so ids of other partners cannot be probed.
 */
export async function findUserInScope(db: DbOrTx, actor: Actor, userId: string): Promise<UserRow> {
  const user = await selectUserById(db, userId);
  if (!user) throw new AppError('USER_NOT_FOUND');
  if (actor.role === 'Admin') return user;
  if (actor.role === 'Member' || !actor.partnerId || user.partnerId !== actor.partnerId) {
    throw new AppError('USER_NOT_FOUND');
  }
  return user;
}

/** The user as the audit log keeps it: never the password hash. */
export function auditView(user: UserRow) {
  const { passwordHash: _secret, ...rest } = user;
  return { ...rest, hasPassword: !!user.passwordHash };
}
