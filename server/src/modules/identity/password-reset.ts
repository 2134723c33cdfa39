import { randomUUID } from 'node:crypto';
import { resetLinkPath } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { hashToken } from '../../lib/tokens.js';
import { insertPasswordReset } from './identity.repository.js';

/** A set-password link lives 24 hours and works once (server-design.md "Identity"). */
export const RESET_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Creates a single-use reset and returns its link. Only the SHA-256 of the id is stored, so a
 * leaked database does not hand out working links.
 */
export async function createPasswordResetLink(
  db: DbOrTx,
  publicUrl: string,
  userId: string,
  now = new Date(),
): Promise<string> {
  const resetId = randomUUID();
  await insertPasswordReset(db, {
    tokenHash: hashToken(resetId),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + RESET_TTL_MS),
  });
  return `${publicUrl.replace(/\/+$/, '')}${resetLinkPath(resetId)}`;
}

export type SetPasswordMailKind = 'welcome' | 'reset';

/** E-mails a set-password link; the wording differs for a new account and a reset. */
export async function sendSetPasswordMail(
  app: FastifyInstance,
  to: { email: string; name: string },
  link: string,
  kind: SetPasswordMailKind,
): Promise<void> {
  const subject = kind === 'welcome' ? 'Cadastre sua senha' : 'Alteração de senha';
  const intro =
    kind === 'welcome'
      ? 'Uma conta foi criada para você na Plataforma Fiscal.'
      : 'Recebemos um pedido para cadastrar ou alterar a sua senha na Plataforma Fiscal.';
  const text = [
    `Olá, ${to.name}.`,
    '',
    intro,
    'Para cadastrar sua senha, acesse o link abaixo (válido por 24 horas e apenas uma vez):',
    '',
    link,
    '',
    'Se você não fez esse pedido, ignore este e-mail.',
  ].join('\n');
  await app.mailer.send({ to: to.email, subject, text });
}
