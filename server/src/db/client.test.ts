import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});

describe('database pool', () => {
  it('survives the server closing an idle connection (restart, administrator) and keeps answering', async () => {
    const { pool } = ctx.database;
    const idle = await pool.connect();
    const pid = (await idle.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    idle.release();
    // From another connection, as an administrator (or a restart) would.
    const admin = new pg.Client({ connectionString: (pool.options as { connectionString: string }).connectionString });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    await admin.end();
    // Without the pool's error listener the termination notice of the idle client crashes the process.
    await new Promise((r) => setTimeout(r, 200));
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/public/none' });
    expect(res.statusCode).toBe(404);
    const again = await pool.query<{ ok: number }>('SELECT 1 AS ok');
    expect(again.rows[0]!.ok).toBe(1);
  });
});
