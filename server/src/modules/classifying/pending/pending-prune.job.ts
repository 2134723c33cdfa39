import { z } from 'zod';
import { defineJob } from '../../../jobs/job-definition.js';
import { prunePendingDescriptions } from './pending.repository.js';

export const PRUNE_PENDING_JOB = 'prune-pending-descriptions';

/**
 * Drops a partner's Pending descriptions no Pending product has any more (0590, decision 029). Queued by a
 * partner-wide SIMILAR that met many of them; when a writer of the partner is in flight the prune is skipped
 * (the next search queues it again).
 */
export const prunePendingDescriptionsJob = defineJob({
  name: PRUNE_PENDING_JOB,
  schema: z.object({ partnerId: z.uuid() }),
  expireInSeconds: 120,
  retryLimit: 0,
  handle: async (app, data) => ({ removed: await prunePendingDescriptions(app.db, data.partnerId) }),
});
