import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineJob } from '../../jobs/job-definition.js';
import { findUserByEmail } from './identity.repository.js';

export const THROTTLE_NOTICE_JOB = 'password-throttle-notice';

const ZThrottleNotice = z.object({ email: z.string().min(1) });

/**
 * The account owner is told when its sign-in is throttled again within a day (issue 24): someone keeps
 * guessing the password. Queued by the throttled request (no write to join), sent by the worker.
 * An e-mail without an active account gets nothing (and the caller learns nothing either way).
 */
export const throttleNoticeJob = defineJob({
  name: THROTTLE_NOTICE_JOB,
  schema: ZThrottleNotice,
  expireInSeconds: 300,
  retryLimit: 3,
  handle: async (app, data) => ({ sent: await sendThrottleNotice(app, data.email) }),
});

async function sendThrottleNotice(app: FastifyInstance, email: string): Promise<boolean> {
  const user = await findUserByEmail(app.db, email);
  if (user?.status !== 'Active') return false;
  const base = app.config.publicUrl.replace(/\/+$/, '');
  const text = [
    `Olá, ${user.name}.`,
    '',
    'Houve repetidas tentativas de entrar na sua conta da Plataforma Fiscal com uma senha incorreta.',
    'Por segurança, novas tentativas com o seu e-mail estão bloqueadas por um tempo que cresce a cada bloqueio.',
    '',
    'Se foi você, aguarde alguns minutos e tente de novo. Se não foi, recomendamos trocar a sua senha',
    `pela opção "Esqueci minha senha" em ${base}/login`,
  ].join('\n');
  await app.mailer.send({ to: user.email, subject: 'Tentativas de acesso à sua conta', text });
  return true;
}
