import type { TChangesResponse, TProductChange } from '@app/contract';
import type { Db } from '../../../db/client.js';
import type { Actor } from '../../../lib/actor.js';
import { findUsableCompany } from '../../../lib/company-access.js';
import { type ChangeRow, findChangesAfter } from './changes.repository.js';

export const formatCursor = (seq: string, id: string) => `${seq}.${id}`;

/**
 * The cursor's two numbers as exact digit strings (the contract admits up to 18 digits each, always within
 * bigint): read as Number, a cursor above 2^53 came back changed, and a rounded 19-digit "next" broke the answer.
 */
export function parseCursor(cursor: string | undefined): { seq: string; id: string } {
  if (!cursor) return { seq: '0', id: '0' };
  const [seq = '0', id = '0'] = cursor.split('.');
  const exact = (digits: string) => digits.replace(/^0+(?=\d)/, '');
  return { seq: exact(seq), id: exact(id) };
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
