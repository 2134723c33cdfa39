import type { TWebhookPayload } from '@app/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { findChangesAfter } from '../changes/changes.repository.js';
import { toChange } from '../changes/changes.service.js';
import { DELIVER_WEBHOOK_JOB, DISPATCH_WEBHOOKS_JOB } from '../integrations.codes.js';
import * as repo from './webhooks.repository.js';

/** Feed events turned into deliveries per webhook and run (bounded transaction size). */
export const DISPATCH_BATCH = 200;

/** Batches one dispatch run commits before handing the rest to a new job (a run stays short). */
export const DISPATCH_BATCHES_PER_RUN = 50;

/**
 * Turns a company's new feed events into deliveries of its active webhooks (the change listener and the
 * dispatch-webhooks job). Each batch is its own transaction: each webhook is locked (a second dispatch of the
 * company waits), and its feed position moves in the transaction that inserts the deliveries and queues their
 * jobs, so an event becomes exactly one delivery per subscribed webhook. A full batch is followed at once by
 * the next one in this run: requeueing a job per batch waited for the queue's next poll each time (a commit of
 * 10,000 events took 36 s to dispatch). After DISPATCH_BATCHES_PER_RUN batches the run queues a job for the
 * rest; a process that dies mid-run leaves the feed position where its last commit put it, and the listener
 * queues every company still behind when it (re)connects.
 */
export async function dispatchCompany(app: FastifyInstance, companyId: string): Promise<number> {
  let total = 0;
  for (let batch = 1; ; batch++) {
    const last = batch === DISPATCH_BATCHES_PER_RUN;
    const { queued, more } = await dispatchBatch(app, companyId, last);
    total += queued;
    if (queued > 0) app.jobs.wake(DELIVER_WEBHOOK_JOB);
    if (!more) return total;
    if (last) {
      app.jobs.wake(DISPATCH_WEBHOOKS_JOB);
      return total;
    }
  }
}

/** One batch: up to DISPATCH_BATCH events per webhook; `more` when some webhook's batch was full. */
async function dispatchBatch(app: FastifyInstance, companyId: string, requeue: boolean) {
  return app.db.transaction(async (tx) => {
    let queued = 0;
    let more = false;
    const hooks = await repo.lockActiveWebhooks(tx, companyId);
    for (const hook of hooks) {
      const rows = await findChangesAfter(tx, companyId, hook.cursorSeq, hook.cursorId, DISPATCH_BATCH);
      if (rows.length === 0) continue;
      more ||= rows.length === DISPATCH_BATCH;
      const deliveries = rows
        .filter((r) => hook.events.includes(r.event))
        .map((r) => {
          const change = toChange(r);
          const payload: TWebhookPayload = {
            type: change.event,
            timestamp: change.at,
            data: {
              companyId,
              cursor: change.cursor,
              productId: change.productId,
              internalCode: change.internalCode,
              before: change.before,
              after: change.after,
            },
          };
          return { webhookId: hook.id, event: change.event, body: JSON.stringify(payload), nextAttemptAt: new Date() };
        });
      const inserted = await repo.insertDeliveries(tx, deliveries);
      await app.jobs.sendMany(
        DELIVER_WEBHOOK_JOB,
        inserted.map((d) => ({ deliveryId: d.id })),
        { tx },
      );
      const last = rows.at(-1)!;
      await tx.execute(sql`UPDATE webhooks SET cursor_seq = ${last.seq}, cursor_id = ${last.id} WHERE id = ${hook.id}`);
      queued += deliveries.length;
    }
    if (more && requeue) await app.jobs.send(DISPATCH_WEBHOOKS_JOB, { companyId }, { tx });
    return { queued, more };
  });
}
