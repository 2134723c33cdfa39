import type { TChangesResponse, TProductChange } from '@app/contract';
import type { Db } from '../../../db/client.js';
import type { Actor } from '../../../lib/actor.js';
import { findUsableCompany } from '../../../lib/company-access.js';
import { type ChangeRow, findChangesAfter } from './changes.repository.js';

export const formatCursor = (seq: number, id: number) => `${seq}.${id}`;

export function parseCursor(cursor: string | undefined): { seq: number; id: number } {
  if (!cursor) return { seq: 0, id: 0 };
  const [seq, id] = cursor.split('.').map(Number) as [number, number];
  return { seq, id };
}

export function toChange(row: ChangeRow): TProductChange {
  return {
    cursor: formatCursor(row.seq, row.id),
    event: row.event as TProductChange['event'],
    at: new Date(row.at).toISOString(),
    productId: row.product_id,
    internalCode: row.internal_code,
    before: row.before as TProductChange['before'],
    after: row.after as TProductChange['after'],
  };
}

/** GET /changes: a page of the company's feed after the cursor (from the start without one). */
export async function listChanges(
  db: Db,
  actor: Actor,
  query: { companyId: string; after?: string; limit: number },
): Promise<TChangesResponse> {
  const company = await findUsableCompany(db, actor, query.companyId);
  const from = parseCursor(query.after);
  const rows = await findChangesAfter(db, company.id, from.seq, from.id, query.limit);
  const changes = rows.map(toChange);
  return { changes, next: changes.at(-1)?.cursor ?? formatCursor(from.seq, from.id) };
}
