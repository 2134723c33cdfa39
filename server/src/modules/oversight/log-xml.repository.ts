import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/**
 * The log export's rows built as sheet XML by PostgreSQL (decision 030): parsing 2M jsonb values and formatting
 * 1M rows on Node's one thread was most of a 1M-event export, while the database's core sat idle between pages.
 * Each expression below reproduces a TypeScript formatter of log-writer.ts / xlsx-stream.ts exactly, and a test
 * (log-xml.test.ts) compares both on tricky values. Where exactness in SQL would be costly or doubtful (nested
 * values, numbers JavaScript prints differently, integer-like keys JavaScript orders first, very long texts) the
 * snapshot is left to TypeScript: its cell is a \u0001 mark (a character no escaped cell contains) and the
 * snapshot itself is returned aside.
 */

/** The characters escapeXml drops (XML 1.0 forbids them; PostgreSQL text never holds \u0000). */
const CONTROL = String.raw`E'\x01\x02\x03\x04\x05\x06\x07\x08\x0B\x0C\x0E\x0F\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1A\x1B\x1C\x1D\x1E\x1F\uFFFE\uFFFF'`;
/** JavaScript's \s (xlsx-stream's EDGE_SPACE). */
const JS_SPACES = String.raw`E' \t\n\x0B\f\r\u00A0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF'`;
export const SLOW_MARK = '\u0001';

/** neutralise(): a leading formula character gets an apostrophe. */
const neutralise = (t: string) => `CASE WHEN left(${t}, 1) IN ('=', '+', '-', '@', E'\\t', E'\\r') THEN '''' || ${t} ELSE ${t} END`;

/** escapeXml(): control characters dropped, then the four entities. */
const escape = (t: string) =>
  `replace(replace(replace(replace(translate(${t}, ${CONTROL}, ''), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;')`;

/**
 * A text cell as rowXml writes it: nothing for '', the reference only after an empty cell (`prev`); for NULL (a
 * snapshot left to TypeScript) the cell's `<c` and reference followed by SLOW_MARK.
 */
const textCell = (t: string, prev: string, column: string) => {
  const ref = `CASE WHEN ${prev} = '' THEN ' r="${column}' || rn || '"' ELSE '' END`;
  return `CASE WHEN ${t} IS NULL THEN '<c' || ${ref} || E'\\x01' WHEN ${t} = '' THEN '' ELSE '<c' || ${ref} || ' t="inlineStr"><is><t' || CASE WHEN strpos(${JS_SPACES}, left(${t}, 1)) > 0 OR strpos(${JS_SPACES}, right(${t}, 1)) > 0 THEN ' xml:space="preserve"' ELSE '' END || '>' || ${escape(t)} || '</t></is></c>' END`;
};

/**
 * describeSnapshot() before neutralise, or NULL when TypeScript must do it. Fast path: SQL/JSON null → '';
 * an object whose keys do not start with a digit and whose values are strings, booleans, null ('—') or numbers
 * JavaScript prints as PostgreSQL does (≤ 15 significant digits, no exponent, no trailing zero, no -0).
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

/** A snapshot's text as logRowValues writes it, or NULL (TypeScript's turn): past 16,000 characters a JS length could pass MAX_CELL. */
const snapshotText = (v: string) =>
  `(SELECT CASE WHEN char_length(s.t) <= 16000 THEN ${neutralise('s.t')} END FROM (SELECT ${snapshot(v)} AS t) s)`;

export interface LogXmlPage {
  /** The rows' XML, with SLOW_MARK where a snapshot cell is TypeScript's. */
  xml: string;
  /** Those snapshots in order (row by row, before then after). */
  slow: unknown[][];
  rows: number;
  /** The last row's key, exact (microseconds): the next page starts after it. */
  lastAt: string | null;
  lastId: string | null;
}

export type LogKey = { lastAt: string; lastId: string };

/**
 * One page of the export as sheet XML, rows numbered from `firstRow`, in (created_at, id) order after `after`
 * (the keyset of findLogPage). The page is materialised so each row's texts are computed once.
 */
export async function findLogXmlPage(
  db: DbOrTx,
  where: SQL,
  after: LogKey | null,
  firstRow: number,
  limit: number,
): Promise<LogXmlPage> {
  const res = await db.execute<LogXmlPage & Record<string, unknown>>(sql`
    WITH page AS MATERIALIZED (
      SELECT e.created_at, e.id, e.code, e.before, e.after,
        ${sql.raw(neutralise("coalesce(e.description, '')"))} AS d,
        ${sql.raw(neutralise("coalesce(e.actor_name, '')"))} AS u,
        ${sql.raw(neutralise("coalesce(p.name, '')"))} AS pn,
        ${sql.raw(neutralise("coalesce(c.nome_fantasia, e.company_id::text, '')"))} AS cn,
        ${sql.raw(neutralise("coalesce(e.entity_id, '')"))} AS en,
        ${sql.raw(snapshotText('e.before'))} AS bt,
        ${sql.raw(snapshotText('e.after'))} AS at
      FROM audit_events e
      LEFT JOIN partners p ON p.id = e.partner_id
      LEFT JOIN companies c ON c.id = e.company_id
      WHERE ${where} ${after ? sql`AND (e.created_at, e.id) > (${after.lastAt}::timestamptz, ${after.lastId}::bigint)` : sql``}
      ORDER BY e.created_at, e.id LIMIT ${limit}
    ), numbered AS (
      SELECT page.*, ${firstRow - 1}::int + row_number() OVER (ORDER BY created_at, id) AS rn FROM page
    )
    SELECT
      coalesce(string_agg('<row r="' || rn || '"><c r="A' || rn || '" t="inlineStr"><is><t>'
        || to_char(created_at AT TIME ZONE 'America/Sao_Paulo', 'DD/MM/YYYY HH24:MI:SS')
        || '</t></is></c><c><v>' || code || '</v></c>'
        || ${sql.raw(textCell('d', "'x'", 'C'))} || ${sql.raw(textCell('u', 'd', 'D'))}
        || ${sql.raw(textCell('pn', 'u', 'E'))} || ${sql.raw(textCell('cn', 'pn', 'F'))}
        || ${sql.raw(textCell('en', 'cn', 'G'))} || ${sql.raw(textCell('bt', 'en', 'H'))}
        || ${sql.raw(textCell('at', 'bt', 'I'))} || '</row>', '' ORDER BY rn), '') AS xml,
      coalesce(jsonb_agg(
        CASE WHEN bt IS NULL THEN jsonb_build_array(before) ELSE '[]' END
          || CASE WHEN at IS NULL THEN jsonb_build_array(after) ELSE '[]' END ORDER BY rn
      ) FILTER (WHERE bt IS NULL OR at IS NULL), '[]') AS slow,
      count(*)::int AS rows,
      (array_agg(created_at::text ORDER BY rn DESC))[1] AS "lastAt",
      (array_agg(id::text ORDER BY rn DESC))[1] AS "lastId"
    FROM numbered`);
  return res.rows[0]!;
}
