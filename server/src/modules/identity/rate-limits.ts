import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hitRateLimit, type RateLimitOptions } from '../../lib/rate-limit.js';
import { THROTTLE_NOTICE_JOB } from './throttle-notice.js';

/**
 * Limits of the public identity calls. Per IP they stop one machine from hammering us; per
 * e-mail they stop a botnet from guessing one account's password from many addresses.
 * The counters live in PostgreSQL (lib/rate-limit.ts): shared by every process, kept across restarts.
 */
export const identityLimits = {
  check: { ip: 60, email: 20, window: 60_000 },
  signin: { ip: 30, email: 10, window: 60_000 },
  resetPassword: { ip: 20, email: 5, window: 15 * 60_000 },
  setPassword: { ip: 20, window: 15 * 60_000 },
} as const;

/** onRequest hook: runs before the body is read. */
export function limitPerIp(app: FastifyInstance, name: string, max: number, windowMs: number) {
  return async (request: FastifyRequest) => hitRateLimit(app.db, `${name}:ip:${request.ip}`, max, windowMs);
}

/**
 * preHandler keyed by the validated (lower-cased) e-mail of the body; calls without an e-mail are
 * not counted here. `name` is the counter: routes that send the same mail share one.
 */
export function limitPerEmail(
  app: FastifyInstance,
  name: string,
  max: number,
  windowMs: number,
  options: RateLimitOptions = {},
) {
  return async (request: FastifyRequest) => {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    if (typeof email !== 'string' || !email) return;
    await hitRateLimit(app.db, `${name}:email:${email}`, max, windowMs, options);
  };
}

/**
 * Sign-in per e-mail (issue 24): progressive, and from the second throttle within a day the account owner
 * gets an e-mail that someone is trying their password. A queue failure must not change the 429.
 */
export function limitSigninPerEmail(app: FastifyInstance) {
  const { email: max, window } = identityLimits.signin;
  return async (request: FastifyRequest) => {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    if (typeof email !== 'string' || !email) return;
    await hitRateLimit(app.db, `signin:email:${email}`, max, window, {
      progressive: true,
      onStrike: async (strikes) => {
        if (strikes < 2) return;
        await app.jobs.send(THROTTLE_NOTICE_JOB, { email }).catch((err: Error) => {
          request.log.error({ err: { message: err.message } }, 'aviso de tentativas: e-mail não enfileirado');
        });
      },
    });
  };
}
