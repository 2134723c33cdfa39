import { z } from 'zod';
import { defineJob } from '../../../jobs/job-definition.js';
import { FANOUT_GTINS_PER_STEP, FANOUT_JOB, runFanoutJob } from './fanout.service.js';

/** "Classify once → everywhere": some companies' Pending products of the GTINs the global base got. */
export const classifyPendingByGtinJob = defineJob({
  name: FANOUT_JOB,
  schema: z.object({
    fanoutId: z.uuid(),
    steps: z
      .array(
        z.object({
          companyId: z.uuid(),
          gtins: z
            .array(z.string().regex(/^\d{14}$/))
            .min(1)
            .max(FANOUT_GTINS_PER_STEP),
        }),
      )
      .min(1),
    actor: z.object({ id: z.uuid(), name: z.string() }),
  }),
  // A job is a series of short company transactions: not done after five minutes means its process died.
  expireInSeconds: 300,
  retryLimit: 3,
  handle: (app, data) => runFanoutJob(app.db, data),
});
