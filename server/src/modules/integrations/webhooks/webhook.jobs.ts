import { z } from 'zod';
import { defineJob } from '../../../jobs/job-definition.js';
import { DELIVER_WEBHOOK_JOB, DISPATCH_WEBHOOKS_JOB } from '../integrations.codes.js';
import { attemptDelivery } from './delivery.service.js';
import { dispatchCompany } from './dispatch.service.js';

/** Feed events → deliveries of one company's webhooks (queued by the change listener, decision 032). */
export const dispatchWebhooksJob = defineJob({
  name: DISPATCH_WEBHOOKS_JOB,
  schema: z.object({ companyId: z.uuid() }),
  expireInSeconds: 300,
  retryLimit: 5,
  handle: async (app, data) => ({ queued: await dispatchCompany(app, data.companyId) }),
});

/**
 * One attempt of one delivery. Retries are new jobs queued by the attempt itself (the backoff of
 * decision 032), so pg-boss's own retry only covers a worker that died mid-attempt. A worker takes up to
 * ten at once and sends them concurrently (decision 044): one at a time, each fetch waited for the next
 * wake-up or poll, and deliveries fell behind 1,000 changes a minute. Four such workers per process (decision
 * 049): a batch waiting for a slow receiver does not hold back the next ones.
 */
export const deliverWebhookJob = defineJob({
  name: DELIVER_WEBHOOK_JOB,
  schema: z.object({ deliveryId: z.uuid() }),
  expireInSeconds: 120,
  retryLimit: 3,
  batchSize: 10,
  concurrency: 4,
  handle: async (app, data) => ({ result: await attemptDelivery(app, data.deliveryId) }),
});
