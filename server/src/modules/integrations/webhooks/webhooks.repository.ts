import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { companies, users, webhookDeliveries, webhooks } from '../../../db/schema/index.js';

export async function insertWebhook(db: DbOrTx, values: typeof webhooks.$inferInsert) {
  const [row] = await db.insert(webhooks).values(values).returning();
  return row!;
}

export async function findWebhook(db: DbOrTx, id: string) {
  const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id)).limit(1);
  return row;
}

export async function findWebhooks(db: DbOrTx, filter: SQL | undefined) {
  return db
    .select({ webhook: webhooks, companyName: companies.nomeFantasia })
    .from(webhooks)
    .innerJoin(companies, eq(companies.id, webhooks.companyId))
    .where(filter)
    .orderBy(webhooks.createdAt, webhooks.id)
    .limit(500);
}

export const companiesOfPartner = (partnerId: string) =>
  inArray(webhooks.companyId, sql`(SELECT id FROM companies WHERE partner_id = ${partnerId})`);
export const companiesOfMember = (userId: string) =>
  inArray(webhooks.companyId, sql`(SELECT company_id FROM user_companies WHERE user_id = ${userId})`);

export async function updateWebhook(db: DbOrTx, id: string, set: Partial<typeof webhooks.$inferInsert>) {
  const [row] = await db
    .update(webhooks)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(webhooks.id, id))
    .returning();
  return row!;
}

export async function deleteWebhook(db: DbOrTx, id: string) {
  await db.delete(webhooks).where(eq(webhooks.id, id));
}

export async function insertDeliveries(db: DbOrTx, rows: (typeof webhookDeliveries.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return db.insert(webhookDeliveries).values(rows).returning({ id: webhookDeliveries.id });
}

export async function findDeliveries(db: DbOrTx, webhookId: string, limit: number) {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}

export async function findDelivery(db: DbOrTx, webhookId: string, deliveryId: string) {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.webhookId, webhookId)))
    .limit(1);
  return row;
}

/** A delivery with its webhook and the webhook creator's e-mail, the delivery row locked. */
export async function lockDelivery(db: DbOrTx, deliveryId: string) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, webhook: webhooks, ownerEmail: users.email, ownerName: users.name })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .leftJoin(users, eq(users.id, webhooks.createdBy))
    .where(eq(webhookDeliveries.id, deliveryId))
    .for('update', { of: webhookDeliveries })
    .limit(1);
  return row;
}

export async function updateDelivery(
  db: DbOrTx,
  id: string,
  set: Partial<typeof webhookDeliveries.$inferInsert>,
): Promise<void> {
  await db.update(webhookDeliveries).set(set).where(eq(webhookDeliveries.id, id));
}

/**
 * The company's active webhooks, locked for this dispatch in id order. A second dispatch of the company
 * waits for the first to commit and then reads the feed after the positions it left: skipping a locked
 * webhook instead (SKIP LOCKED) could drop a commit the first dispatch read too early to see, and nothing
 * would dispatch it until the next change.
 */
export async function lockActiveWebhooks(db: DbOrTx, companyId: string) {
  return db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.companyId, companyId), eq(webhooks.status, 'Active')))
    .orderBy(webhooks.id)
    .for('update');
}

/** A successful attempt in one statement: the delivery recorded, the webhook's failure clock cleared. */
export async function recordDeliverySuccess(
  db: DbOrTx,
  id: string,
  outcome: { responseStatus: number | null; durationMs: number },
): Promise<void> {
  await db.execute(sql`
    WITH d AS (
      UPDATE webhook_deliveries SET status = 'Succeeded', attempts = attempts + 1,
        response_status = ${outcome.responseStatus}, duration_ms = ${outcome.durationMs}, error = NULL,
        last_attempt_at = now(), next_attempt_at = NULL
      WHERE id = ${id} RETURNING webhook_id)
    UPDATE webhooks w SET failing_since = NULL FROM d WHERE w.id = d.webhook_id AND w.failing_since IS NOT NULL`);
}

/** Companies whose active webhooks may be behind the feed (a sweep after the listener (re)connects). */
export async function findCompaniesToDispatch(db: DbOrTx): Promise<string[]> {
  const res = await db.execute<{ company_id: string }>(sql`
    SELECT DISTINCT w.company_id FROM webhooks w
    WHERE w.status = 'Active'
      AND EXISTS (SELECT 1 FROM change_commits c WHERE c.company_id = w.company_id AND c.seq >= w.cursor_seq)`);
  return res.rows.map((r) => r.company_id);
}
