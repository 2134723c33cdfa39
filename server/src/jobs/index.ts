import { classifyPendingByGtinJob } from '../modules/classifying/fanout/fanout.job.js';
import { prunePendingDescriptionsJob } from '../modules/classifying/pending/pending-prune.job.js';
import { documentImportJob } from '../modules/documents/documents.job.js';
import { throttleNoticeJob } from '../modules/identity/throttle-notice.js';
import { deliverWebhookJob, dispatchWebhooksJob } from '../modules/integrations/webhooks/webhook.jobs.js';
import { healthCheckJob } from '../modules/tax/health/health.job.js';
import { transitionSimulationJob } from '../modules/transition/simulation.job.js';
import type { JobDefinition } from './job-definition.js';
import { ticketNotificationJob } from './ticket-notification.job.js';

/**
 * Every background job of the platform, registered in one place. Add a feature's jobs here
 * (one file per job under server/src/jobs/ or the feature's module folder).
 */
// One job per line: branches add theirs without touching the others.
export const jobDefinitions = [
  ticketNotificationJob,
  healthCheckJob,
  classifyPendingByGtinJob,
  prunePendingDescriptionsJob,
  transitionSimulationJob,
  documentImportJob,
  throttleNoticeJob,
  dispatchWebhooksJob,
  deliverWebhookJob,
] as unknown as JobDefinition[];
