import {
  canAssignRole,
  type Role,
  type TUser,
  type TUserList,
  type UserPermission,
  userPermissions,
  type ZCreateUserBody,
  type ZUpdateUserBody,
} from '@app/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import { createPasswordResetLink, sendSetPasswordMail } from '../identity/password-reset.js';
import { auditView, findUserInScope } from './user-scope.js';
import {
  deleteUserCompanies,
  insertUser,
  isEmailTaken,
  partnerExists,
  selectCompaniesOfUsers,
  selectUsers,
  type UserCompany,
  type UserRow,
  updateUserRow,
} from './users.repository.js';

type CreateUserInput = z.output<typeof ZCreateUserBody>;
type UpdateUserInput = z.output<typeof ZUpdateUserBody>;

function toUser(row: UserRow, companies: UserCompany[]): TUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    status: row.status,
    role: row.role,
    permissions: row.permissions as UserPermission[],
    companies,
    lastAccess: row.lastAccess?.toISOString() ?? null,
    partnerId: row.partnerId,
  };
}

/** Admin sees every user; partner staff only their partner's (Members never reach here: no read:user). */
export async function listUsers(app: FastifyInstance, actor: Actor): Promise<TUserList> {
  const rows = await selectUsers(app.db, actor.role === 'Admin' ? undefined : scopedPartner(actor));
  const companies = await selectCompaniesOfUsers(
    app.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toUser(r, companies.get(r.id) ?? []));
}

function scopedPartner(actor: Actor): string {
  if (!actor.partnerId) throw new AppError('FORBIDDEN');
  return actor.partnerId;
}

function assertAssignable(actor: Actor, role: Role): void {
  if (!canAssignRole(actor.role, role)) throw new AppError('ROLE_NOT_ALLOWED');
}

/** Admin chooses the partner (none for Admins); staff always create in their own partner. */
async function resolvePartner(db: DbOrTx, actor: Actor, role: Role, partnerId: string | null | undefined) {
  if (actor.role !== 'Admin') return scopedPartner(actor);
  if (role === 'Admin') return null;
  if (!partnerId) {
    const message = 'Informe o parceiro do usuário.';
    throw new AppError('VALIDATION', message, [{ field: 'partnerId', message }]);
  }
  if (!(await partnerExists(db, partnerId))) throw new AppError('PARTNER_NOT_FOUND');
  return partnerId;
}

/** New users have no password: they receive a set-password link by e-mail. */
export async function createUser(app: FastifyInstance, actor: Actor, body: CreateUserInput): Promise<TUser> {
  assertAssignable(actor, body.role);
  const { user, link } = await app.db.transaction(async (tx) => {
    const partnerId = await resolvePartner(tx, actor, body.role, body.partnerId);
    if (await isEmailTaken(tx, body.email)) throw new AppError('EMAIL_TAKEN');
    const created = await insertUniqueEmail(() =>
      insertUser(tx, {
        name: body.name,
        email: body.email,
        role: body.role,
        status: body.status,
        permissions: body.permissions ?? [...userPermissions],
        partnerId,
        passwordHash: null,
      }),
    );
    await recordAudit(tx, {
      code: 1001,
      actor,
      partnerId: created.partnerId,
      entityId: created.id,
      after: auditView(created),
    });
    return { user: created, link: await createPasswordResetLink(tx, app.config.publicUrl, created.id) };
  });
  // The user exists either way; a mail failure is logged and staff can use "Resetar senha".
  await sendSetPasswordMail(app, user, link, 'welcome').catch((err) =>
    app.log.warn({ err, userId: user.id }, 'falha ao enviar o e-mail de cadastro de senha'),
  );
  return toUser(user, []);
}

/**
 * Staff may alter only users whose current role they could assign, and only to a role they may
 * assign (otherwise a Contributor could demote an Owner). Nobody changes their own role or status.
 */
export async function updateUser(app: FastifyInstance, actor: Actor, body: UpdateUserInput): Promise<TUser> {
  const updated = await app.db.transaction(async (tx) => {
    const target = await findUserInScope(tx, actor, body.id);
    const status = body.status ?? target.status;
    if (target.id === actor.id) {
      if (body.role !== target.role || status !== 'Active') {
        throw new AppError(
          'ROLE_NOT_ALLOWED',
          'Você não pode alterar a própria função nem inativar o próprio usuário.',
        );
      }
    } else {
      assertAssignable(actor, target.role);
      assertAssignable(actor, body.role);
    }
    const partnerId =
      actor.role === 'Admin' ? await resolvePartner(tx, actor, body.role, body.partnerId) : target.partnerId;
    if (await isEmailTaken(tx, body.email, target.id)) throw new AppError('EMAIL_TAKEN');
    const row = await insertUniqueEmail(() =>
      updateUserRow(tx, target.id, {
        name: body.name,
        email: body.email,
        role: body.role,
        status,
        permissions: body.permissions ?? target.permissions,
        partnerId,
      }),
    );
    // Company links only make sense for Members of the same partner.
    if (row.role !== 'Member' || row.partnerId !== target.partnerId) await deleteUserCompanies(tx, row.id);
    // Deactivation ends every session: otherwise reactivating the user revived the old tokens (issue 15).
    if (row.status !== 'Active') {
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, row.id), isNull(sessions.revokedAt)));
    }
    await recordAudit(tx, {
      code: 1002,
      actor,
      partnerId: row.partnerId,
      entityId: row.id,
      before: auditView(target),
      after: auditView(row),
    });
    return row;
  });
  const companies = await selectCompaniesOfUsers(app.db, [updated.id]);
  return toUser(updated, companies.get(updated.id) ?? []);
}

/** Two requests racing past the e-mail check meet the unique index: same answer as the check. */
async function insertUniqueEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause ?? (err as { code?: string });
    if (cause.code === '23505') throw new AppError('EMAIL_TAKEN');
    throw err;
  }
}
