import { expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createTestApp } from '../../test/test-app.js';
import { defineJob } from '../jobs/job-definition.js';

// A job that fails the way a failed query does: the error's message holds the statement and its values.
const failingQueryJob = defineJob({
  name: 'test-failing-query',
  schema: z.object({}),
  retryLimit: 0,
  handle: async () => {
    throw Object.assign(new Error('Failed query: INSERT INTO document_findings (kind) VALUES ($1) params: 1e308'), {
      cause: { code: '22003', name: 'DatabaseError' },
    });
  },
});

it('a failed job is logged under its id with codes and stack, never the SQL of its message', async () => {
  const { app } = await createTestApp({}, { jobDefinitions: [failingQueryJob] });
  const logged = vi.spyOn(app.log, 'error');
  const id = await app.jobs.send('test-failing-query', {});
  expect(await app.jobs.drain('test-failing-query')).toBe(1);
  expect(logged).toHaveBeenCalledTimes(1);
  const [entry, message] = logged.mock.calls[0] as unknown as [Record<string, unknown>, string];
  expect(message).toBe('tarefa em segundo plano falhou');
  expect(entry).toMatchObject({ job: 'test-failing-query', jobId: id, err: { type: 'Error', dbCode: '22003' } });
  expect(JSON.stringify(entry)).not.toMatch(/INSERT|Failed query|1e308/);
});
