import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';

/**
 * Limits of the public identity calls. Per IP they stop one machine from hammering us; per
 * e-mail they stop a botnet from guessing one account's password from many addresses.
 * The counters live in process memory: with several API processes each keeps its own.
 */
export const identityLimits = {
  check: { ip: 60, email: 20, window: 60_000 },
  signin: { ip: 30, email: 10, window: 60_000 },
  resetPassword: { ip: 20, email: 5, window: 15 * 60_000 },
  setPassword: { ip: 20, window: 15 * 60_000 },
} as const;

const rateLimited = () => new AppError('RATE_LIMITED');

/** Route config (runs onRequest, before the body is read). */
export function limitPerIp(max: number, timeWindow: number): RateLimitOptions {
  return { max, timeWindow, keyGenerator: (req) => `ip:${req.ip}`, errorResponseBuilder: rateLimited };
}

/**
 * preHandler keyed by the validated (lower-cased) e-mail of the body. A second limiter of the
 * plugin on the same route would be skipped, so this one uses createRateLimit and throws itself.
 */
export function limitPerEmail(app: FastifyInstance, max: number, timeWindow: number) {
  const check = app.createRateLimit({
    max,
    timeWindow,
    keyGenerator: (req) => `email:${(req.body as { email?: unknown } | undefined)?.email ?? ''}`,
  });
  return async (request: FastifyRequest) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) throw rateLimited();
  };
}
