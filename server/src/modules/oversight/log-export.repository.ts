import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/**
 * The log export's page read with its costly formatting done by PostgreSQL (decision 030): the before/after
 * snapshots as "campo: valor" text instead of jsonb (parsing 2M jsonb values and formatting them was a large
 * part of Node's one thread) and the local time as text. The database does it on its own core while Node writes
 * the previous page. Snapshots whose exact JavaScript text SQL cannot promise cheaply (see `snapshot`) come back
 * as jsonb for describeSnapshot. log-export.test.ts checks both ways give the same rows on tricky values.
 */
export interface LogTextRow {
  /** created_at exactly (microseconds), for the next page's key. */
  key: string;
  id: string;
  /** created_at in São Paulo, ISO text (`YYYY-MM-DD HH:MI:SS[.ffffff]`). */
  local: string;
  code: number;
  description: string;
  actorName: string | null;
  partnerName: string | null;
  /** The company's name, else its id. */
  company: string | null;
  entityId: string | null;
  /** describeSnapshot's text before neutralise, or null when `before`/`after` carry the value for TypeScript. */
  beforeText: string | null;
  afterText: string | null;
  before?: unknown;
  after?: unknown;
}

/**
 * describeSnapshot() before neutralise, or NULL when TypeScript must do it. Done here: SQL/JSON null → '';
 * an object whose keys do not start with a digit (JavaScript lists integer keys first) and whose values are
 * strings, booleans, null ('—') or numbers JavaScript prints as jsonb does (≤ 15 significant digits, no
 * exponent, no trailing zero, no -0), the text at most 16,000 characters (MAX_CELL counts UTF-16 units).
 * Nested values (JSON.stringify) and anything else go to TypeScript.
 */
const snapshot = (v: string) => `CASE WHEN ${v} IS NULL OR jsonb_typeof(${v}) = 'null' THEN ''
  WHEN jsonb_typeof(${v}) <> 'object' THEN NULL
  ELSE (SELECT CASE WHEN count(*) = 0 THEN '' WHEN bool_and(CASE jsonb_typeof(j.value)
      WHEN 'string' THEN true WHEN 'boolean' THEN true WHEN 'null' THEN true
      WHEN 'number' THEN j.value::text ~ '^(0|-?[1-9][0-9]{0,14}|-?(0|[1-9][0-9]{0,7})\\.[0-9]{0,5}[1-9])$'
      ELSE false END AND ascii(j.key) NOT BETWEEN 48 AND 57)
    THEN string_agg(j.key || ': ' || CASE jsonb_typeof(j.value) WHEN 'null' THEN '—' WHEN 'string' THEN j.value #>> '{}'
      ELSE j.value::text END, '; ' ORDER BY j.ord) END
    FROM jsonb_each(${v}) WITH ORDINALITY AS j(key, value, ord))
  END`;

export type LogKey = { key: string; id: string };

/** One page in (created_at, id) order after `after` (exact keys: a JS Date would cut microseconds). */
export async function findLogTextPage(
  db: DbOrTx,
  where: SQL,
  after: LogKey | null,
  limit: number,
): Promise<LogTextRow[]> {
  const res = await db.execute<LogTextRow & Record<string, unknown>>(sql`
    SELECT key, id, local, code, description, "actorName", "partnerName", company, "entityId",
      CASE WHEN char_length(bs) <= 16000 THEN bs END AS "beforeText",
      CASE WHEN char_length(bs) <= 16000 THEN NULL ELSE before END AS before,
      CASE WHEN char_length("as") <= 16000 THEN "as" END AS "afterText",
      CASE WHEN char_length("as") <= 16000 THEN NULL ELSE after END AS after
    FROM (
      SELECT e.created_at::text AS key, e.id::text AS id, (e.created_at AT TIME ZONE 'America/Sao_Paulo')::text AS local,
        e.code, e.description, e.actor_name AS "actorName", p.name AS "partnerName",
        coalesce(c.nome_fantasia, e.company_id::text) AS company, e.entity_id AS "entityId", e.before, e.after,
        e.created_at, e.id AS event_id,
        ${sql.raw(snapshot('e.before'))} AS bs, ${sql.raw(snapshot('e.after'))} AS "as"
      -- the page is chosen first: texts computed below a sort would be computed for the whole period
      FROM (
        SELECT e.* FROM audit_events e
        WHERE ${where} ${after ? sql`AND (e.created_at, e.id) > (${after.key}::timestamptz, ${after.id}::bigint)` : sql``}
        ORDER BY e.created_at, e.id LIMIT ${limit}
      ) e
      LEFT JOIN partners p ON p.id = e.partner_id
      LEFT JOIN companies c ON c.id = e.company_id
      OFFSET 0 -- computed once per row, not once per use above
    ) t
    ORDER BY t.created_at, t.event_id`);
  return res.rows;
}
