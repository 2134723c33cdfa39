import type { TWebhookPayload } from '@app/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { findChangesAfter } from '../changes/changes.repository.js';
import { toChange } from '../changes/changes.service.js';
import { DELIVER_WEBHOOK_JOB, DISPATCH_WEBHOOKS_JOB } from '../integrations.codes.js';
import * as repo from './webhooks.repository.js';

/** Feed events turned into deliveries per webhook and run (bounded transaction size). */
export const DISPATCH_BATCH = 200;

/**
 * Turns a company's new feed events into deliveries of its active webhooks (the dispatch-webhooks job).
 * Each webhook is locked (SKIP LOCKED: two workers never dispatch the same webhook) and its feed position
 * moves in the transaction that inserts the deliveries and queues their jobs, so an event becomes exactly
 * one delivery per subscribed webhook. When a batch was full the job queues itself again.
 */
export async function dispatchCompany(app: FastifyInstance, companyId: string): Promise<number> {
  let more = false;
  const queued = await app.db.transaction(async (tx) => {
    let count = 0;
    for (const hook of await repo.lockActiveWebhooks(tx, companyId)) {
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
      count += deliveries.length;
    }
    if (more) await app.jobs.send(DISPATCH_WEBHOOKS_JOB, { companyId }, { tx });
    return count;
  });
  if (queued > 0) app.jobs.wake(DELIVER_WEBHOOK_JOB);
  if (more) app.jobs.wake(DISPATCH_WEBHOOKS_JOB);
  return queued;
}
