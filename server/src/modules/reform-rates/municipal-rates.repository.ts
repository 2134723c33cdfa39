import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

export interface MunicipalRateRow extends Record<string, unknown> {
  id: string;
  uf: string;
  cMun: string;
  validFrom: string;
  validTo: string | null;
  rate: string;
  source: string;
  estimated: boolean;
  editedBy: string | null;
  editedAt: string;
}

const columns = sql`m.id, m.uf, m.c_mun AS "cMun", m.valid_from::text AS "validFrom", m.valid_to::text AS "validTo",
  trim_scale(m.rate)::text AS rate, m.source, m.estimated, u.name AS "editedBy",
  to_char(m.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "editedAt"`;

export async function findMunicipalRates(db: DbOrTx): Promise<MunicipalRateRow[]> {
  const res = await db.execute<MunicipalRateRow>(sql`SELECT ${columns}
    FROM ibs_municipal_rates m LEFT JOIN users u ON u.id = m.updated_by ORDER BY m.uf, m.c_mun, m.valid_from`);
  return res.rows;
}

export async function findMunicipalRate(db: DbOrTx, id: string): Promise<MunicipalRateRow | null> {
  const res = await db.execute<MunicipalRateRow>(sql`SELECT ${columns}
    FROM ibs_municipal_rates m LEFT JOIN users u ON u.id = m.updated_by WHERE m.id = ${id}::uuid`);
  return res.rows[0] ?? null;
}

/** Serialises writes for one município (the overlap check below reads, then the write follows). */
export async function lockMunicipality(db: DbOrTx, cMun: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('ibs_municipal_rates:' || ${cMun}))`);
}

/** Another row of the município whose period meets [from, to] (to null = open). */
export async function findOverlap(db: DbOrTx, cMun: string, from: string, to: string | null, exceptId: string | null) {
  const res = await db.execute<{ validFrom: string } & Record<string, unknown>>(sql`
    SELECT valid_from::text AS "validFrom" FROM ibs_municipal_rates
     WHERE c_mun = ${cMun} AND (${exceptId}::uuid IS NULL OR id <> ${exceptId}::uuid)
       AND daterange(valid_from, valid_to, '[]') && daterange(${from}::date, ${to}::date, '[]')
     LIMIT 1`);
  return res.rows[0] ?? null;
}

export interface MunicipalRateValues {
  uf: string;
  cMun: string;
  validFrom: string;
  validTo: string | null;
  rate: string;
  source: string;
  estimated: boolean;
  userId: string;
}

export async function insertMunicipalRate(db: DbOrTx, id: string, v: MunicipalRateValues): Promise<void> {
  await db.execute(sql`INSERT INTO ibs_municipal_rates
      (id, uf, c_mun, valid_from, valid_to, rate, source, estimated, updated_by)
    VALUES (${id}::uuid, ${v.uf}, ${v.cMun}, ${v.validFrom}::date, ${v.validTo}::date, ${v.rate}::numeric,
            ${v.source}, ${v.estimated}, ${v.userId}::uuid)`);
}

export async function updateMunicipalRate(db: DbOrTx, id: string, v: MunicipalRateValues): Promise<void> {
  await db.execute(sql`UPDATE ibs_municipal_rates SET uf = ${v.uf}, c_mun = ${v.cMun},
      valid_from = ${v.validFrom}::date, valid_to = ${v.validTo}::date, rate = ${v.rate}::numeric,
      source = ${v.source}, estimated = ${v.estimated}, updated_by = ${v.userId}::uuid, updated_at = now()
    WHERE id = ${id}::uuid`);
}

export async function deleteMunicipalRate(db: DbOrTx, id: string): Promise<void> {
  await db.execute(sql`DELETE FROM ibs_municipal_rates WHERE id = ${id}::uuid`);
}
