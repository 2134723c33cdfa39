import { classifyPendingByGtinJob } from '../modules/classifying/fanout/fanout.job.js';
import type { JobDefinition } from './job-definition.js';
import { ticketNotificationJob } from './ticket-notification.job.js';

/**
 * Every background job of the platform, registered in one place. Add a feature's jobs here
 * (one file per job under server/src/jobs/ or the feature's module folder).
 */
export const jobDefinitions: JobDefinition[] = [
  ticketNotificationJob as JobDefinition,
  classifyPendingByGtinJob as unknown as JobDefinition,
];
