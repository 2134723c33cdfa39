import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { productBindings } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/actor.js';
import { type BindableProduct, uuidArray } from './binding.repository.js';

/** A product as it was before a binding: what the undo puts back. */
export interface BoundBefore {
  id: string;
  companyId: string;
  partnerId: string;
  status: string;
  ncm: string | null;
  cest: string | null;
  fiscalServiceReferenceCode: string | null;
  fiscalRuleId: string | null;
  fiscalRuleStatus: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Keeps the products' state before a binding, for the undo within the session (decision 062). A call with an
 * API key has no browser session to undo in: no row, no bindingId.
 */
export async function recordBinding(
  db: DbOrTx,
  actor: Actor,
  globalCode: string,
  rows: BindableProduct[],
  at: Date,
): Promise<string | null> {
  if (!UUID.test(actor.sessionId) || actor.apiKey) return null;
  const items: BoundBefore[] = rows.map((r) => ({
    id: r.id,
    companyId: r.companyId,
    partnerId: r.partnerId,
    status: r.status,
    ncm: r.ncm,
    cest: r.cest,
    fiscalServiceReferenceCode: r.fiscalServiceReferenceCode,
    fiscalRuleId: r.fiscalRuleId,
    fiscalRuleStatus: r.fiscalRuleStatus,
  }));
  const [row] = await db
    .insert(productBindings)
    .values({
      sessionId: actor.sessionId,
      actorId: actor.id,
      globalCode: String(globalCode).trim(),
      boundAt: at,
      items,
    })
    .returning({ id: productBindings.id });
  return row!.id;
}

export interface BindingRow {
  id: string;
  sessionId: string;
  actorId: string;
  globalCode: string;
  boundAt: Date;
  undoneAt: Date | null;
  items: BoundBefore[];
}

export async function findBindingForUpdate(db: DbOrTx, id: string): Promise<BindingRow | undefined> {
  const res = await db.execute<BindingRow & Record<string, unknown>>(sql`
    SELECT id, session_id AS "sessionId", actor_id AS "actorId", global_code AS "globalCode",
      bound_at AS "boundAt", undone_at AS "undoneAt", items
    FROM product_bindings WHERE id = ${id} FOR UPDATE`);
  const row = res.rows[0];
  return row && { ...row, boundAt: new Date(row.boundAt), undoneAt: row.undoneAt && new Date(row.undoneAt) };
}

/**
 * The products the binding left untouched since (same integration code, not written after it), locked. A staff
 * audit decision, a rule change or an edit writes updated_at, so such a product no longer comes back.
 */
export async function lockUntouchedSince(db: DbOrTx, ids: string[], code: string, boundAt: Date) {
  const res = await db.execute<{ id: string } & Record<string, unknown>>(sql`
    SELECT id FROM products
    WHERE id = ANY(${uuidArray(ids)}) AND fiscal_service_reference_code = ${code} AND updated_at = ${boundAt}
    FOR UPDATE`);
  return res.rows.length;
}

/**
 * Puts the products back as they were: the link the binding opened ends in the rule history (it did exist, for
 * a while); a rule the product had before starts again now (decision 013: periods never overlap).
 */
export async function restoreBefore(db: DbOrTx, items: BoundBefore[], at: Date) {
  const ids = items.map((i) => i.id);
  await db.execute(sql`
    INSERT INTO product_rule_history (company_id, product_id, fiscal_rule_id, valid_from, valid_to)
    SELECT company_id, id, fiscal_rule_id, fiscal_rule_since, greatest(fiscal_rule_since, ${at}::timestamptz)
    FROM products WHERE id = ANY(${uuidArray(ids)}) AND fiscal_rule_id IS NOT NULL`);
  await db.execute(sql`
    UPDATE products p SET status = b.status, ncm = b.ncm, cest = b.cest,
      fiscal_service_reference_code = b."fiscalServiceReferenceCode", fiscal_rule_id = b."fiscalRuleId",
      fiscal_rule_since = CASE WHEN b."fiscalRuleId" IS NULL THEN NULL ELSE ${at}::timestamptz END,
      fiscal_rule_status = b."fiscalRuleStatus", updated_at = ${at}
    FROM json_to_recordset(${JSON.stringify(items)}::json) AS b(id uuid, status text, ncm text, cest text,
      "fiscalServiceReferenceCode" text, "fiscalRuleId" uuid, "fiscalRuleStatus" text)
    WHERE p.id = b.id`);
}

export async function markUndone(db: DbOrTx, id: string, at: Date) {
  await db.execute(sql`UPDATE product_bindings SET undone_at = ${at} WHERE id = ${id}`);
}
