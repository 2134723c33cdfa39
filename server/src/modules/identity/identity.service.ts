import {
  identityMessages,
  type TCheckUserResult,
  type TCurrentUser,
  type TSetPasswordBody,
  type TSignInBody,
  type UserPermission,
} from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import {
  closeUserPasswordResets,
  findOpenPasswordResetOwner,
  findPasswordResetForUpdate,
  findUserByEmail,
  findUserById,
  insertSession,
  revokeSession,
  revokeUserSessions,
  touchLastAccess,
  updatePasswordHash,
} from './identity.repository.js';
import { createPasswordResetLink, sendSetPasswordMail } from './password-reset.js';

export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

/** Login step 1. An unknown e-mail reveals nothing beyond `exist: false`. */
export async function checkUser(app: FastifyInstance, email: string): Promise<TCheckUserResult> {
  const user = await findUserByEmail(app.db, email);
  if (!user) return { exist: false, hasPassword: false };
  return { exist: true, name: user.name, role: user.role, hasPassword: !!user.passwordHash };
}

export interface SignInContext {
  ip: string;
  userAgent: string | undefined;
}

/** Verifies the password and opens a 12-hour server-side session; returns its token once. */
export async function signIn(app: FastifyInstance, body: TSignInBody, ctx: SignInContext) {
  const user = await findUserByEmail(app.db, body.email);
  if (!user) throw new AppError('INVALID_CREDENTIALS');
  const isValid = body.password !== '' && (await verifyPassword(body.password, user.passwordHash));
  // An inactive account answers like a wrong password, so status cannot be probed.
  if (!isValid || user.status !== 'Active') {
    await recordAudit(app.db, {
      code: 1009,
      actor: null,
      partnerId: user.partnerId,
      entityId: user.id,
      after: { email: user.email, ip: ctx.ip },
    });
    throw new AppError('INVALID_CREDENTIALS');
  }
  const token = newToken();
  const now = new Date();
  await app.db.transaction(async (tx) => {
    await insertSession(tx, {
      userId: user.id,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      ip: ctx.ip,
      userAgent: ctx.userAgent?.slice(0, 500) ?? null,
      locationX: body.locationX ?? null,
      locationY: body.locationY ?? null,
    });
    await touchLastAccess(tx, user.id, now);
    await recordAudit(tx, {
      code: 1007,
      actor: user,
      partnerId: user.partnerId,
      entityId: user.id,
      after: { ip: ctx.ip, locationX: body.locationX ?? null, locationY: body.locationY ?? null },
    });
  });
  return { name: user.name, role: user.role, token };
}

/** What the web shell needs of the signed-in user. */
export function getCurrentUser(actor: Actor): TCurrentUser {
  const { id, name, email, role, partnerId, permissions } = actor;
  return { id, name, email, role, partnerId, permissions: permissions as UserPermission[] };
}

export async function signOut(app: FastifyInstance, actor: Actor | null): Promise<void> {
  if (!actor) return;
  await app.db.transaction(async (tx) => {
    await revokeSession(tx, actor.sessionId);
    await recordAudit(tx, { code: 1008, actor, partnerId: actor.partnerId, entityId: actor.id });
  });
}

/** "Esqueci minha senha" and the users screen's "Resetar senha": e-mails a 24-hour single-use link. */
export async function requestPasswordReset(app: FastifyInstance, email: string, actor: Actor | null) {
  const user = await findUserByEmail(app.db, email);
  if (!user) throw new AppError('EMAIL_NOT_FOUND');
  const link = await app.db.transaction(async (tx) => {
    const created = await createPasswordResetLink(tx, app.config.publicUrl, user.id);
    await recordAudit(tx, { code: 1004, actor, partnerId: user.partnerId, entityId: user.id });
    return created;
  });
  await sendSetPasswordMail(app, user, link, 'reset');
  return { message: identityMessages.resetEmailSent };
}

/**
 * With a reset id: sets the password once. With only an e-mail the password is NOT set — whoever
 * knows an address must not claim a passwordless account — and the owner gets a link instead
 * (deliberate deviation from spec 01 §5, see server-design.md "Identity").
 */
export async function setPassword(app: FastifyInstance, body: TSetPasswordBody) {
  if (body.passwordResetId) return setPasswordWithReset(app, body.passwordResetId, body.password);
  const user = await findUserByEmail(app.db, body.email!);
  if (!user) throw new AppError('EMAIL_NOT_FOUND');
  const link = await app.db.transaction(async (tx) => {
    const created = await createPasswordResetLink(tx, app.config.publicUrl, user.id);
    await recordAudit(tx, { code: 1004, actor: null, partnerId: user.partnerId, entityId: user.id });
    return created;
  });
  await sendSetPasswordMail(app, user, link, user.passwordHash ? 'reset' : 'welcome');
  return { message: identityMessages.setPasswordLinkSent };
}

/** Whom a set-password link greets; an unknown, used or expired link reads 404 (the page then says so). */
export async function describePasswordReset(app: FastifyInstance, resetId: string) {
  const name = await findOpenPasswordResetOwner(app.db, hashToken(resetId));
  if (name === undefined) throw new AppError('RESET_LINK_NOT_FOUND');
  return { name };
}

async function setPasswordWithReset(app: FastifyInstance, resetId: string, password: string) {
  const passwordHash = await hashPassword(password);
  await app.db.transaction(async (tx) => {
    const reset = await findPasswordResetForUpdate(tx, hashToken(resetId));
    if (!reset || reset.usedAt || reset.expiresAt.getTime() <= Date.now()) throw new AppError('RESET_LINK_INVALID');
    await updatePasswordHash(tx, reset.userId, passwordHash);
    await closeUserPasswordResets(tx, reset.userId);
    // A new password ends every open session (a reset is often the answer to a stolen one).
    await revokeUserSessions(tx, reset.userId);
    const user = await findUserById(tx, reset.userId);
    await recordAudit(tx, { code: 1003, actor: user ?? null, partnerId: user?.partnerId, entityId: reset.userId });
  });
  return { message: identityMessages.passwordSet };
}
