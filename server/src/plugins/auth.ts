import type { Permission } from '@app/contract';
import { API_KEY_PREFIX, canDo, hasPermission } from '@app/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sessions, users } from '../db/schema/index.js';
import type { Actor } from '../lib/actor.js';
import { AppError } from '../lib/app-error.js';
import { hashToken } from '../lib/tokens.js';
import { countUnknownApiKey, resolveApiKeyActor } from '../modules/integrations/keys/api-key-actor.js';
import { SessionCache } from './session-cache.js';

export const SESSION_COOKIE = 'session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Route answers without a session (sign-in, password links, branding). Every other API route needs one. */
    public?: boolean;
    /** Route answers callers that sent an API key (decision 032); every other route refuses them with 403. */
    apiKey?: boolean;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** preHandler: needs a signed-in user. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * preHandler: the role must hold the permission — either an exact 'action:entity:scope' string
     * or 'action:entity' (any scope; the service then narrows to the caller's scope).
     */
    requirePermission: (permission: Permission | `${string}:${string}`) => (request: FastifyRequest) => Promise<void>;
    /** Resolved sessions kept for a few seconds, evicted through PostgreSQL notifications (decision 031). */
    sessionCache: SessionCache;
  }
}

function readToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  return request.cookies?.[SESSION_COOKIE];
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('actor', null);
    const cache = new SessionCache(app.database, app.config.sessionCacheSeconds * 1000);
    app.decorate('sessionCache', cache);
    await cache.start();
    app.addHook('onClose', () => cache.stop());

    // Callback style: a cached session answers without a promise or a database round trip.
    app.addHook('onRequest', (request, _reply, done) => {
      const token = readToken(request);
      const tokenHash = token ? hashToken(token) : undefined;
      // API keys are never cached: revocation is immediate on every process, and each call also
      // counts against the key's rate limit in PostgreSQL (decision 032).
      if (tokenHash && token?.startsWith(API_KEY_PREFIX)) {
        resolveApiKeyActor(app.db, tokenHash)
          .then(async (actor) => {
            if (!actor) await countUnknownApiKey(app.db, request.ip);
            request.actor = actor;
          })
          .then(() => done(refusal(request)), done);
        return;
      }
      const cached = tokenHash ? cache.get(tokenHash) : undefined;
      if (cached || !tokenHash) {
        request.actor = cached ?? null;
        done(refusal(request));
        return;
      }
      readActor(request, tokenHash).then(() => done(refusal(request)), done);
    });

    // Secure by default: an API route without `config.public` refuses anonymous callers before validation,
    // even if its own guard were forgotten.
    function refusal(request: FastifyRequest): AppError | undefined {
      const isApiRoute = request.routeOptions.url?.startsWith('/v1/') ?? false;
      if (isApiRoute && !request.actor && request.routeOptions.config?.public !== true) {
        return new AppError('UNAUTHENTICATED');
      }
      if (isApiRoute && request.actor?.apiKey && request.routeOptions.config?.apiKey !== true) {
        return new AppError('API_KEY_ROUTE_REFUSED');
      }
      return undefined;
    }

    async function readActor(request: FastifyRequest, tokenHash: string): Promise<void> {
      const mark = cache.mark();
      const rows = await app.db
        .select({ user: users, sessionId: sessions.id, expiresAt: sessions.expiresAt })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
        .limit(1);
      const row = rows[0];
      if (row?.user.status !== 'Active') return;
      // Frozen: one cached object is handed to many requests.
      const actor: Actor = Object.freeze({
        id: row.user.id,
        sessionId: row.sessionId,
        name: row.user.name,
        email: row.user.email,
        role: row.user.role,
        partnerId: row.user.partnerId,
        permissions: Object.freeze([...row.user.permissions]) as string[],
      });
      request.actor = actor;
      cache.store(tokenHash, actor, row.expiresAt, mark);
    }

    app.decorate('authenticate', async (request: FastifyRequest) => {
      if (!request.actor) throw new AppError('UNAUTHENTICATED');
    });

    app.decorate('requirePermission', (permission: string) => async (request: FastifyRequest) => {
      const actor = request.actor;
      if (!actor) throw new AppError('UNAUTHENTICATED');
      const [action, entity, scope] = permission.split(':') as [string, string, string | undefined];
      const ok = scope ? hasPermission(actor.role, permission as Permission) : canDo(actor.role, action, entity);
      if (!ok) throw new AppError('FORBIDDEN');
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
