import { z } from 'zod';
import { defineJob } from '../../../jobs/job-definition.js';
import { FANOUT_GTINS_PER_JOB, FANOUT_JOB, runFanoutJob } from './fanout.service.js';

/** "Classify once → everywhere": one company's Pending products of the GTINs the global base got. */
export const classifyPendingByGtinJob = defineJob({
  name: FANOUT_JOB,
  schema: z.object({
    fanoutId: z.uuid(),
    companyId: z.uuid(),
    gtins: z
      .array(z.string().regex(/^\d{14}$/))
      .min(1)
      .max(FANOUT_GTINS_PER_JOB),
    actor: z.object({ id: z.uuid(), name: z.string() }),
  }),
  // A job is one company's short transaction: not done after five minutes means its process died.
  expireInSeconds: 300,
  retryLimit: 3,
  handle: (app, data) => runFanoutJob(app.db, data),
});
