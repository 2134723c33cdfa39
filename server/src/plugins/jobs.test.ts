import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp } from '../../test/test-app.js';
import { defineJob } from '../jobs/job-definition.js';

// Handlers write into a real table, so a job that never ran (or ran twice) shows in the database.
const recordJob = defineJob({
  name: 'test-record',
  schema: z.object({ label: z.string().min(1) }),
  handle: async (app, data) => {
    await app.database.pool.query('INSERT INTO job_probe (label) VALUES ($1)', [data.label]);
    return { written: data.label };
  },
});
const failingJob = defineJob({
  name: 'test-failing',
  schema: z.object({}),
  retryLimit: 0,
  handle: async () => {
    throw new Error('falhou de propósito');
  },
});

describe('background jobs (pg-boss in the same PostgreSQL)', () => {
  it('queues a job and runs it once when drained', async () => {
    const { app, database } = await createTestApp({}, { jobDefinitions: [recordJob, failingJob] });
    await database.pool.query('CREATE TABLE job_probe (label text NOT NULL)');
    await app.jobs.send('test-record', { label: 'a' });
    await app.jobs.send('test-record', { label: 'b' });
    const before = await database.pool.query('SELECT count(*)::int AS n FROM job_probe');
    expect(before.rows[0].n).toBe(0); // queued, not run inside the request
    expect(await app.jobs.drain('test-record')).toBe(2);
    const rows = await database.pool.query('SELECT label FROM job_probe ORDER BY label');
    expect(rows.rows.map((r) => r.label)).toEqual(['a', 'b']);
    expect(await app.jobs.drain()).toBe(0);

    const job = await database.pool.query(
      "SELECT state, output FROM pgboss.job WHERE name = 'test-record' ORDER BY created_on LIMIT 1",
    );
    expect(job.rows[0]).toMatchObject({ state: 'completed', output: { written: 'a' } });
  });

  it('refuses an unknown job and a payload outside its schema, and records a failing handler as failed', async () => {
    const { app, database } = await createTestApp({}, { jobDefinitions: [recordJob, failingJob] });
    await expect(app.jobs.send('nope', {})).rejects.toThrow('Tarefa desconhecida');
    await expect(app.jobs.send('test-record', { label: '' })).rejects.toThrow();
    await app.jobs.send('test-failing', {});
    expect(await app.jobs.drain('test-failing')).toBe(1);
    const job = await database.pool.query("SELECT state FROM pgboss.job WHERE name = 'test-failing'");
    expect(job.rows[0].state).toBe('failed');
  });

  it('workers pick queued jobs up by themselves when enabled', async () => {
    const { app, database } = await createTestApp({ jobWorkers: true }, { jobDefinitions: [recordJob] });
    await database.pool.query('CREATE TABLE job_probe (label text NOT NULL)');
    await app.jobs.send('test-record', { label: 'w' });
    let n = 0;
    for (let i = 0; i < 40 && n === 0; i++) {
      await new Promise((r) => setTimeout(r, 250));
      n = (await database.pool.query('SELECT count(*)::int AS n FROM job_probe')).rows[0].n;
    }
    expect(n).toBe(1);
  });
});

describe('jobs queued by a transaction (pg-boss send through it)', () => {
  it('exist once the transaction commits and not at all when it rolls back', async () => {
    const { app, database } = await createTestApp({}, { jobDefinitions: [recordJob] });
    await database.pool.query('CREATE TABLE job_probe (label text NOT NULL)');
    const queued = () =>
      database.pool
        .query("SELECT data->>'label' AS label FROM pgboss.job WHERE name = 'test-record' ORDER BY data->>'label'")
        .then((r) => r.rows.map((row) => row.label));

    await app.db
      .transaction(async (tx) => {
        await app.jobs.send('test-record', { label: 'rolled-back' }, { tx });
        // Inside the transaction the job is there; another connection does not see it yet.
        expect(await queued()).toEqual([]);
        throw new Error('a escrita falhou');
      })
      .catch((err: Error) => expect(err.message).toBe('a escrita falhou'));
    expect(await queued()).toEqual([]);
    expect(await app.jobs.drain('test-record')).toBe(0);

    await app.db.transaction(async (tx) => {
      await app.jobs.send('test-record', { label: 'committed' }, { tx });
    });
    expect(await queued()).toEqual(['committed']);
    expect(await app.jobs.drain('test-record')).toBe(1);
    const rows = await database.pool.query('SELECT label FROM job_probe');
    expect(rows.rows).toEqual([{ label: 'committed' }]);
  });
});

describe("jobs queued through a transaction's public API only (issue 24)", () => {
  it("needs nothing but the transaction's execute (no private field of Drizzle)", async () => {
    const { app, database } = await createTestApp({}, { jobDefinitions: [recordJob] });
    await app.db.transaction(async (tx) => {
      // What a transaction guarantees: execute. A Drizzle upgrade may move anything else.
      const publicOnly = { execute: tx.execute.bind(tx) } as unknown as typeof tx;
      await app.jobs.send('test-record', { label: 'public' }, { tx: publicOnly });
      const inside = await tx.execute(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'test-record'`);
      expect(inside.rows[0]).toEqual({ n: 1 });
      const outside = await database.pool.query("SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'test-record'");
      expect(outside.rows[0].n).toBe(0);
    });
    const after = await database.pool.query("SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'test-record'");
    expect(after.rows[0].n).toBe(1);
  });
});
