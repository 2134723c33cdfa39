import { z } from 'zod';
import { defineJob } from '../../../jobs/job-definition.js';
import { HEALTH_CHECK_JOB } from './health.codes.js';
import { runHealthCheck } from './health.service.js';

/** Runs a queued catalogue health check (started from the screen or the API). */
export const healthCheckJob = defineJob({
  name: HEALTH_CHECK_JOB,
  schema: z.object({ checkId: z.uuid() }),
  handle: (app, data) => runHealthCheck(app.db, data.checkId),
  expireInSeconds: 10 * 60,
  retryLimit: 2,
});
