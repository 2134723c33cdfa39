import { and, asc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  refCbenef,
  refCclasstrib,
  refCfop,
  refCst,
  referenceSources,
  refIpiEnquadramento,
  refUfRates,
} from '../../db/schema/index.js';

export interface NcmRow {
  code: string;
  level: number;
  parentCode: string | null;
  description: string;
  fullDescription: string;
  startDate: string;
  endDate: string | null;
  active: boolean;
}

// Dates leave the database as text so that no time zone ever shifts a validity day.
const ncmColumns = sql`code, level, parent_code AS "parentCode", description, full_description AS "fullDescription",
  start_date::text AS "startDate", end_date::text AS "endDate", active`;

export async function findNcmByCode(db: DbOrTx, code: string): Promise<NcmRow | undefined> {
  const res = await db.execute<NcmRow & Record<string, unknown>>(
    sql`SELECT ${ncmColumns} FROM ref_ncm WHERE code = ${code}`,
  );
  return res.rows[0];
}

/** Eight-digit codes whose code starts with the digits, in code order. */
export async function findNcmByPrefix(db: DbOrTx, prefix: string, limit: number): Promise<NcmRow[]> {
  const res = await db.execute<NcmRow & Record<string, unknown>>(sql`
    SELECT ${ncmColumns} FROM ref_ncm
    WHERE level = 8 AND active AND code LIKE ${`${prefix}%`}
    ORDER BY code LIMIT ${limit}`);
  return res.rows;
}

/**
 * Eight-digit codes whose full description holds every word, accent- and case-insensitive
 * (trigram index). Ranking: the whole text in the code's own description first, then word
 * similarity, then shorter names.
 */
export async function findNcmByWords(db: DbOrTx, text: string, words: string[], limit: number): Promise<NcmRow[]> {
  if (words.length === 0) return [];
  const allWords = sql.join(
    words.map((w) => sql`search_text LIKE ${`%${w}%`}`),
    sql` AND `,
  );
  const res = await db.execute<NcmRow & Record<string, unknown>>(sql`
    SELECT ${ncmColumns} FROM ref_ncm
    WHERE level = 8 AND active AND ${allWords}
    ORDER BY (f_unaccent(lower(description)) LIKE ${`%${text}%`}) DESC,
             -- the item named by the words ("Cervejas de malte") before those that mention them ("borras da
             -- indústria da cerveja"), issue 13
             starts_with(f_unaccent(lower(description)), ${text}) DESC,
             word_similarity(${text}, search_text) DESC,
             similarity(${text}, f_unaccent(lower(description))) DESC,
             length(full_description), code
    LIMIT ${limit}`);
  return res.rows;
}

export interface CestRow {
  code: string;
  segment: string;
  item: string;
  description: string;
  ncmPrefixes: string[];
}

const cestColumns = sql`code, segment, item, description, ncm_prefixes AS "ncmPrefixes"`;

export async function findCestByCode(db: DbOrTx, code: string): Promise<(CestRow & { active: boolean }) | undefined> {
  const res = await db.execute<CestRow & { active: boolean } & Record<string, unknown>>(
    sql`SELECT ${cestColumns}, active FROM ref_cest WHERE code = ${code}`,
  );
  return res.rows[0];
}

/**
 * Active CESTs that fit the NCM: one of its prefixes starts the NCM (most specific prefix first);
 * CESTs the official table lists without any NCM restrict none and come last.
 */
export async function findCestsForNcm(db: DbOrTx, ncm: string, text: string | undefined): Promise<CestRow[]> {
  // A Postgres array literal: the NCM holds digits only, so nothing needs quoting.
  const prefixes = `{${ncmPrefixes(ncm).join(',')}}`;
  const textFilter = text ? sql`AND f_unaccent(lower(code || ' ' || description)) LIKE ${`%${text}%`}` : sql``;
  const res = await db.execute<CestRow & Record<string, unknown>>(sql`
    SELECT ${cestColumns} FROM ref_cest
    WHERE active AND (ncm_prefixes && ${prefixes}::text[] OR ncm_prefixes = '{}') ${textFilter}
    ORDER BY (SELECT max(length(p)) FROM unnest(ncm_prefixes) p WHERE p = ANY(${prefixes}::text[])) DESC NULLS LAST,
             code`);
  return res.rows;
}

export async function findCests(db: DbOrTx, text: string | undefined, limit: number): Promise<CestRow[]> {
  const textFilter = text ? sql`AND f_unaccent(lower(code || ' ' || description)) LIKE ${`%${text}%`}` : sql``;
  const res = await db.execute<CestRow & Record<string, unknown>>(
    sql`SELECT ${cestColumns} FROM ref_cest WHERE active ${textFilter} ORDER BY code LIMIT ${limit}`,
  );
  return res.rows;
}

/** Every prefix (2–8 digits) of an NCM code, the values a CEST prefix list may hold. */
export function ncmPrefixes(ncm: string): string[] {
  const out: string[] = [];
  for (let n = 2; n <= ncm.length; n++) out.push(ncm.slice(0, n));
  return out;
}

export async function findCfops(db: DbOrTx, text: string | undefined, direction: 'in' | 'out' | undefined) {
  const filters = [eq(refCfop.active, true)];
  if (direction) filters.push(eq(refCfop.direction, direction));
  if (text) filters.push(sql`${refCfop.searchText} LIKE ${`%${text}%`}`);
  return db
    .select({ code: refCfop.code, name: refCfop.name, direction: refCfop.direction, kind: refCfop.kind })
    .from(refCfop)
    .where(and(...filters))
    .orderBy(asc(refCfop.code));
}

export async function findCsts(db: DbOrTx, type: (typeof refCst.$inferSelect)['type'] | undefined) {
  const filters = [eq(refCst.active, true)];
  if (type) filters.push(eq(refCst.type, type));
  return db
    .select({ type: refCst.type, code: refCst.code, name: refCst.name, direction: refCst.direction })
    .from(refCst)
    .where(and(...filters))
    .orderBy(asc(refCst.type), asc(refCst.code));
}

export async function findCclasstribs(db: DbOrTx, cst: string | undefined) {
  const filters = [eq(refCclasstrib.active, true)];
  if (cst) filters.push(eq(refCclasstrib.cst, cst));
  return db
    .select()
    .from(refCclasstrib)
    .where(and(...filters))
    .orderBy(asc(refCclasstrib.code));
}

export async function findIpiEnquadramentos(db: DbOrTx) {
  return db
    .select()
    .from(refIpiEnquadramento)
    .where(eq(refIpiEnquadramento.active, true))
    .orderBy(asc(refIpiEnquadramento.code));
}

/** The UF's cBenef codes in force today in Brazil (valid_to unset or not yet passed). */
export async function findCbenefs(db: DbOrTx, uf: string) {
  return db
    .select()
    .from(refCbenef)
    .where(
      and(
        eq(refCbenef.uf, uf),
        eq(refCbenef.active, true),
        or(isNull(refCbenef.validTo), gte(refCbenef.validTo, sql`(now() AT TIME ZONE 'America/Sao_Paulo')::date`)),
      ),
    )
    .orderBy(asc(refCbenef.code));
}

export async function findUfRates(db: DbOrTx) {
  return db.select().from(refUfRates).where(eq(refUfRates.active, true)).orderBy(asc(refUfRates.uf));
}

export async function findSources(db: DbOrTx) {
  return db.select().from(referenceSources).orderBy(asc(referenceSources.tableName));
}
