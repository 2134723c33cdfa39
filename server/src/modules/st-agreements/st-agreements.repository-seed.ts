import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { codesParam, type StAgreementValues } from './st-agreements.repository.js';

/**
 * The queries only the bundled seed needs (st-agreements.seed.ts); its writes go through st-agreements.repository.ts
 * like a person's. SQL only.
 */

/** One seed load at a time (several server processes start together). */
export async function lockSeed(db: DbOrTx) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(724911)`);
}

export async function seedVersionApplied(db: DbOrTx, sha256: string): Promise<boolean> {
  const res = await db.execute(sql`SELECT 1 FROM st_agreement_seed_loads WHERE file_sha256 = ${sha256}`);
  return res.rows.length > 0;
}

export async function recordSeedVersion(
  db: DbOrTx,
  sha256: string,
  counts: { inserted: number; updated: number; skipped: number },
) {
  await db.execute(sql`INSERT INTO st_agreement_seed_loads (file_sha256, inserted, updated, skipped)
    VALUES (${sha256}, ${counts.inserted}, ${counts.updated}, ${counts.skipped})`);
}

/** The row of the same pair, segment and codes starting the same day, and whether a person ever wrote it. */
export async function findSameStart(
  db: DbOrTx,
  v: StAgreementValues,
): Promise<{ id: string; byPerson: boolean } | null> {
  const res = await db.execute<{ id: string; byPerson: boolean }>(sql`SELECT id,
      (created_by IS NOT NULL OR updated_by IS NOT NULL) AS "byPerson"
    FROM st_agreements WHERE uf_origem = ${v.ufOrigem} AND uf_destino = ${v.ufDestino}
      AND cest_segmento = ${v.cestSegmento}
      AND st_cest_codigos_key(cest_codigos) = st_cest_codigos_key(${codesParam(v.cestCodigos)})
      AND vigencia_inicio = ${v.vigenciaInicio}::date`);
  return res.rows[0] ?? null;
}

/** Whether a person deleted the row of the same pair, segment, codes and start (its last image is in the history). */
export async function wasDeleted(db: DbOrTx, v: StAgreementValues): Promise<boolean> {
  const res = await db.execute(sql`SELECT 1 FROM st_agreement_history h WHERE h.action = 'delete'
      AND h.before->>'uf_origem' = ${v.ufOrigem} AND h.before->>'uf_destino' = ${v.ufDestino}
      AND h.before->>'cest_segmento' = ${v.cestSegmento}
      AND h.before->'cest_codigos' = coalesce(to_jsonb(${codesParam(v.cestCodigos)}), 'null'::jsonb)
      AND h.before->>'vigencia_inicio' = ${v.vigenciaInicio}
    LIMIT 1`);
  return res.rows.length > 0;
}
