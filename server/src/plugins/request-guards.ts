import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * True when the URL (an Origin or a Referer) is this app: the public URL, or the origin the browser called —
 * scheme, host and port (issue 24: the host alone let http://app:8080 write to https://app:8080).
 */
function isOwnOrigin(value: string, request: FastifyRequest, publicOrigin: string): boolean {
  try {
    const url = new URL(value);
    if (url.origin === publicOrigin) return true;
    const host = request.headers.host;
    return host !== undefined && url.origin === new URL(`${request.protocol}://${host}`).origin;
  } catch {
    return false;
  }
}

/**
 * Cross-site request forgery: a page elsewhere can make the browser send our session cookie with a
 * form or fetch (SameSite=Lax still lets top-level POSTs of some browsers through, and a sibling
 * subdomain is "same site"). A state-changing request that carries the cookie must come from our own
 * origin. Browsers always send Origin on cross-origin writes; a call with neither Origin nor Referer
 * is not a browser's and is let through. Bearer calls (ERPs, scripts) carry no ambient credential.
 *
 * Also: authenticated answers are never cached (Cache-Control: no-store).
 */
export default fp(
  async (app: FastifyInstance) => {
    const publicOrigin = new URL(app.config.publicUrl).origin;
    // Callback-style hooks: they run on every request and never wait for anything.
    app.addHook('onRequest', (request, _reply, done) => {
      if (SAFE_METHODS.has(request.method)) return done();
      if (request.headers.authorization?.startsWith('Bearer ')) return done();
      if (!request.cookies?.session) return done();
      const origin = request.headers.origin ?? request.headers.referer;
      if (origin !== undefined && !isOwnOrigin(origin, request, publicOrigin))
        return done(new AppError('ORIGIN_REFUSED'));
      done();
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      // API answers only: the SPA's assets keep their own caching (a signed-in browser sends the cookie
      // with every asset request, and re-downloading them on each page slowed every screen).
      if (request.actor && request.url.startsWith('/v1/')) reply.header('cache-control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'request-guards' },
);
