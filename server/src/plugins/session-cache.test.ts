import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/auth-helpers.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { type App, buildApp } from '../app.js';
import { createDatabase, type Database } from '../db/client.js';
import { createPartner, createSessionToken, createUser } from '../db/factories.js';
import { hashToken } from '../lib/tokens.js';

/**
 * Decision 031: the auth plugin serves sessions from memory for a few seconds. Every change that alters
 * what the lookup returns must take effect at once on the process that made it and, through PostgreSQL
 * notifications, on every other process sharing the database; with the listener down nothing is cached.
 */
let ctx: TestContext;
let other: { app: App; database: Database };
let url: string;

beforeAll(async () => {
  ctx = await createTestApp();
  url = ctx.database.pool.options.connectionString!;
  // A second server process on the same database: its own pool, its own listener, its own cache.
  const database = createDatabase(url, 3);
  const config = { ...ctx.app.config };
  const app = await buildApp({ config, database, logger: false, mailer: { send: async () => {} } });
  await app.ready();
  other = { app, database };
});

afterAll(async () => {
  await other.app.close();
  await other.database.close();
});

const me = (app: App, token: string) =>
  app.inject({ method: 'GET', url: '/v1/public/users/me', headers: bearer(token) });

/** Another process sees a change once PostgreSQL delivers the notification (milliseconds); bounded at 2 s. */
async function eventually(app: App, token: string, done: number | ((res: Awaited<ReturnType<typeof me>>) => boolean)) {
  const ok = typeof done === 'number' ? (r: Awaited<ReturnType<typeof me>>) => r.statusCode === done : done;
  const started = Date.now();
  let res = await me(app, token);
  while (!ok(res) && Date.now() - started < 2000) {
    await new Promise((r) => setTimeout(r, 5));
    res = await me(app, token);
  }
  return res;
}

async function signedInMember() {
  const partner = await createPartner(ctx.db);
  const user = await createUser(ctx.db, { role: 'Member', partnerId: partner.id });
  return { user, partner, token: await createSessionToken(ctx.db, user.id) };
}

/** Both processes have served (and cached) the token. */
async function warmBoth(token: string) {
  expect((await me(ctx.app, token)).statusCode).toBe(200);
  expect((await me(other.app, token)).statusCode).toBe(200);
}

describe('session cache (decision 031)', () => {
  it('serves a repeated session from memory on both processes', async () => {
    const { token } = await signedInMember();
    await warmBoth(token);
    expect(ctx.app.sessionCache.isListening).toBe(true);
    expect(other.app.sessionCache.isListening).toBe(true);
    expect(ctx.app.sessionCache.size).toBeGreaterThan(0);
    expect(other.app.sessionCache.size).toBeGreaterThan(0);
  });

  it('sign-out ends the session at once on the same process and on the other one', async () => {
    const { token } = await signedInMember();
    await warmBoth(token);
    const out = await ctx.app.inject({ method: 'POST', url: '/v1/public/users/signout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect((await me(ctx.app, token)).statusCode).toBe(401);
    expect((await eventually(other.app, token, 401)).statusCode).toBe(401);
  });

  it('blocking a user (status Inactive) refuses their token at once on both processes', async () => {
    const { user, token } = await signedInMember();
    const admin = await createUser(ctx.db, { role: 'Admin' });
    const adminToken = await createSessionToken(ctx.db, admin.id);
    await warmBoth(token);
    const res = await other.app.inject({
      method: 'PUT',
      url: '/v1/public/users',
      headers: bearer(adminToken),
      payload: {
        id: user.id,
        name: user.name,
        email: user.email,
        role: 'Member',
        partnerId: user.partnerId,
        status: 'Inactive',
      },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(other.app, token)).statusCode).toBe(401);
    expect((await eventually(ctx.app, token, 401)).statusCode).toBe(401);
  });

  it('a revoked session or a changed role, written straight to the database, is seen on both processes', async () => {
    const { user, token } = await signedInMember();
    const second = await createSessionToken(ctx.db, user.id);
    await warmBoth(token);
    await warmBoth(second);
    // A different connection than either app's pool: as a script or another tool would write.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`UPDATE users SET name = 'Nome Novo' WHERE id = $1`, [user.id]);
      const renamed = (r: Awaited<ReturnType<typeof me>>) => r.statusCode === 200 && r.json().name === 'Nome Novo';
      expect((await eventually(ctx.app, token, renamed)).json().name).toBe('Nome Novo');
      expect((await eventually(other.app, token, renamed)).json().name).toBe('Nome Novo');
      await client.query(`UPDATE users SET role = 'PartnerContributor' WHERE id = $1`, [user.id]);
      const promoted = (r: Awaited<ReturnType<typeof me>>) =>
        r.statusCode === 200 && r.json().role === 'PartnerContributor';
      expect((await eventually(ctx.app, token, promoted)).json().role).toBe('PartnerContributor');
      expect((await eventually(other.app, token, promoted)).json().role).toBe('PartnerContributor');
      await client.query(`UPDATE sessions SET revoked_at = now() WHERE user_id = $1`, [user.id]);
      expect((await eventually(ctx.app, token, 401)).statusCode).toBe(401);
      expect((await eventually(other.app, second, 401)).statusCode).toBe(401);
      // Deleting the user cascades to whatever sessions remain.
      const third = await createSessionToken(ctx.db, user.id);
      await warmBoth(third);
      await client.query('DELETE FROM users WHERE id = $1', [user.id]);
      expect((await eventually(other.app, third, 401)).statusCode).toBe(401);
      expect((await eventually(ctx.app, third, 401)).statusCode).toBe(401);
    } finally {
      await client.end();
    }
  });

  it('is bypassed while its listener is down, and used again once it is back', async () => {
    const { user, token } = await signedInMember();
    const second = await createSessionToken(ctx.db, user.id);
    await warmBoth(token);
    // A write that fires no trigger (replication role): only a database read can see it. With the
    // listener up the cached session is still served — the cache is really in use.
    const silent = new pg.Client({ connectionString: url });
    await silent.connect();
    try {
      await silent.query(`SET session_replication_role = replica`);
      await silent.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1', [hashToken(token)]);
      expect((await me(ctx.app, token)).statusCode).toBe(200);

      // Drop the first app's listener: from then on every request reads the database.
      await silent.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE application_name = 'session-cache-listener' AND datname = current_database()
            AND pid = (SELECT pid FROM pg_stat_activity WHERE application_name = 'session-cache-listener'
                         AND datname = current_database() ORDER BY backend_start LIMIT 1)`,
      );
      const down = Date.now();
      while (ctx.app.sessionCache.isListening && other.app.sessionCache.isListening && Date.now() - down < 2000) {
        await new Promise((r) => setTimeout(r, 5));
      }
      const dropped = ctx.app.sessionCache.isListening ? other.app : ctx.app;
      expect(dropped.sessionCache.isListening).toBe(false);
      expect(dropped.sessionCache.size).toBe(0);
      expect((await me(dropped, token)).statusCode).toBe(401);
      expect((await me(dropped, second)).statusCode).toBe(200);
      expect(dropped.sessionCache.size).toBe(0);

      // It reconnects by itself (after a second) and caches again.
      const back = Date.now();
      while (!dropped.sessionCache.isListening && Date.now() - back < 5000) await new Promise((r) => setTimeout(r, 20));
      expect(dropped.sessionCache.isListening).toBe(true);
      expect((await me(dropped, second)).statusCode).toBe(200);
      expect(dropped.sessionCache.size).toBeGreaterThan(0);
    } finally {
      await silent.end();
    }
  });
});
