import type { TProductChange } from '@app/contract';
import type { Db } from '../../../db/client.js';
import type { Actor } from '../../../lib/actor.js';
import { findUsableCompany } from '../../../lib/company-access.js';
import { type ChangeRow, type ChangeTextRow, findChangeTextsAfter } from './changes.repository.js';

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

/**
 * A feed page as the response's JSON text, fields in the schema's order. before/after are the JSON the
 * feed trigger wrote from the product's columns (0840), embedded as stored: parsing them and printing them
 * again, with a validation of each, was most of the route's CPU per page (decision 044). changes.test.ts
 * holds the text equal to what the response schema makes of the same rows.
 */
export function serializeChangesPage(rows: ChangeTextRow[], next: string): string {
  const items = rows.map(
    (r) =>
      `{"cursor":"${formatCursor(r.seq, r.id)}","event":${JSON.stringify(r.event)},"at":"${new Date(r.at).toISOString()}",` +
      `"productId":"${r.product_id}","internalCode":${JSON.stringify(r.internal_code)},` +
      `"before":${r.before ?? 'null'},"after":${r.after ?? 'null'}}`,
  );
  return `{"changes":[${items.join(',')}],"next":${JSON.stringify(next)}}`;
}

/** GET /changes: a page of the company's feed after the cursor (from the start without one), as JSON text. */
export async function listChangesJson(
  db: Db,
  actor: Actor,
  query: { companyId: string; after?: string; limit: number },
): Promise<string> {
  const company = await findUsableCompany(db, actor, query.companyId);
  const from = parseCursor(query.after);
  const rows = await findChangeTextsAfter(db, company.id, from.seq, from.id, query.limit);
  const last = rows.at(-1);
  return serializeChangesPage(rows, last ? formatCursor(last.seq, last.id) : formatCursor(from.seq, from.id));
}
