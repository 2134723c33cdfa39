import type { TStAgreement, TStAgreementHistoryEntry } from '@app/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/** The columns a person (or the seed) writes; the rest are kept by the table. */
export interface StAgreementValues {
  ufOrigem: string;
  ufDestino: string;
  cestSegmento: string;
  cestCodigos: string[] | null;
  temAcordo: boolean;
  instrumento: string;
  mvaOriginal: string | null;
  vigenciaInicio: string;
  vigenciaFim: string | null;
  fonteUrl: string;
  fonteNota: string;
}

export interface StAgreementFilters {
  ufOrigem?: string;
  ufDestino?: string;
  cestSegmento?: string;
  vigenteEm?: string;
  temAcordo?: boolean;
}

type Row = TStAgreement & Record<string, unknown>;

const iso = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

const columns = sql`a.id, a.uf_origem AS "ufOrigem", a.uf_destino AS "ufDestino", a.cest_segmento AS "cestSegmento",
  a.cest_codigos AS "cestCodigos", a.tem_acordo AS "temAcordo", a.instrumento,
  trim_scale(a.mva_original)::text AS "mvaOriginal", a.vigencia_inicio::text AS "vigenciaInicio",
  a.vigencia_fim::text AS "vigenciaFim", a.fonte_url AS "fonteUrl", a.fonte_nota AS "fonteNota",
  ${iso('a.created_at')} AS "createdAt", cu.name AS "createdByName",
  ${iso('a.updated_at')} AS "updatedAt", uu.name AS "updatedByName"`;

const from = sql`FROM st_agreements a LEFT JOIN users cu ON cu.id = a.created_by LEFT JOIN users uu ON uu.id = a.updated_by`;

/**
 * A text[] parameter as one value. Drizzle spreads a JS array into a list of parameters, so the codes travel as
 * an array literal; they are checked against 'NN.NNN.NN' before they get here, so no quoting is needed.
 */
export const codesParam = (codes: string[] | null): SQL =>
  codes === null ? sql`NULL::text[]` : sql`${`{${codes.join(',')}}`}::text[]`;

/** The filters over \`st_agreements a\`: the list's, and the consumers' reads (st-agreements.read.ts). */
export function agreementsWhere(f: StAgreementFilters): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.ufOrigem) parts.push(sql`a.uf_origem = ${f.ufOrigem}`);
  if (f.ufDestino) parts.push(sql`a.uf_destino = ${f.ufDestino}`);
  if (f.cestSegmento) parts.push(sql`a.cest_segmento = ${f.cestSegmento}`);
  if (f.temAcordo !== undefined) parts.push(sql`a.tem_acordo = ${f.temAcordo}`);
  if (f.vigenteEm)
    parts.push(
      sql`a.vigencia_inicio <= ${f.vigenteEm}::date AND (a.vigencia_fim IS NULL OR a.vigencia_fim >= ${f.vigenteEm}::date)`,
    );
  return sql.join(parts, sql` AND `);
}

export async function findAgreements(
  db: DbOrTx,
  f: StAgreementFilters,
  page: number,
  pageSize: number,
): Promise<{ items: TStAgreement[]; total: number }> {
  const total = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM st_agreements a WHERE ${agreementsWhere(f)}`,
  );
  const items = await db.execute<Row>(sql`SELECT ${columns} ${from} WHERE ${agreementsWhere(f)}
    ORDER BY a.uf_origem, a.uf_destino, a.cest_segmento, st_cest_codigos_key(a.cest_codigos), a.vigencia_inicio DESC
    LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`);
  return { items: items.rows, total: total.rows[0]?.n ?? 0 };
}

export async function findAgreement(db: DbOrTx, id: string, lock = false): Promise<TStAgreement | null> {
  const res = await db.execute<Row>(
    sql`SELECT ${columns} ${from} WHERE a.id = ${id}::uuid ${lock ? sql`FOR UPDATE OF a` : sql``}`,
  );
  return res.rows[0] ?? null;
}

/**
 * Serialises writers of one pair and segment for the rest of the transaction, so that the overlap check below
 * and the write that follows it see the same rows (the exclusion constraint is the last guard).
 */
export async function lockPair(db: DbOrTx, v: Pick<StAgreementValues, 'ufOrigem' | 'ufDestino' | 'cestSegmento'>) {
  await db.execute(
    sql`SELECT pg_advisory_xact_lock(724910, hashtext(${`${v.ufOrigem}${v.ufDestino}${v.cestSegmento}`}))`,
  );
}

/** A row of the same pair, segment and codes whose period shares a day with the given one. */
export async function findOverlap(
  db: DbOrTx,
  v: StAgreementValues,
  exceptId: string | null,
): Promise<TStAgreement | null> {
  const res = await db.execute<Row>(sql`SELECT ${columns} ${from}
    WHERE a.uf_origem = ${v.ufOrigem} AND a.uf_destino = ${v.ufDestino} AND a.cest_segmento = ${v.cestSegmento}
      AND st_cest_codigos_key(a.cest_codigos) = st_cest_codigos_key(${codesParam(v.cestCodigos)})
      AND daterange(a.vigencia_inicio, a.vigencia_fim, '[]') && daterange(${v.vigenciaInicio}::date, ${v.vigenciaFim}::date, '[]')
      AND (${exceptId}::uuid IS NULL OR a.id <> ${exceptId}::uuid)
    ORDER BY a.vigencia_inicio LIMIT 1`);
  return res.rows[0] ?? null;
}

export async function insertAgreement(db: DbOrTx, v: StAgreementValues, userId: string | null): Promise<string> {
  const res = await db.execute<{ id: string }>(sql`INSERT INTO st_agreements (uf_origem, uf_destino, cest_segmento,
      cest_codigos, tem_acordo, instrumento, mva_original, vigencia_inicio, vigencia_fim, fonte_url, fonte_nota,
      created_by, updated_by)
    VALUES (${v.ufOrigem}, ${v.ufDestino}, ${v.cestSegmento}, ${codesParam(v.cestCodigos)}, ${v.temAcordo},
      ${v.instrumento}, ${v.mvaOriginal}::numeric, ${v.vigenciaInicio}::date, ${v.vigenciaFim}::date, ${v.fonteUrl},
      ${v.fonteNota}, ${userId}::uuid, ${userId}::uuid)
    RETURNING id`);
  return res.rows[0]!.id;
}

export async function updateAgreement(db: DbOrTx, id: string, v: StAgreementValues, userId: string | null) {
  await db.execute(sql`UPDATE st_agreements SET uf_origem = ${v.ufOrigem}, uf_destino = ${v.ufDestino},
      cest_segmento = ${v.cestSegmento}, cest_codigos = ${codesParam(v.cestCodigos)}, tem_acordo = ${v.temAcordo},
      instrumento = ${v.instrumento}, mva_original = ${v.mvaOriginal}::numeric,
      vigencia_inicio = ${v.vigenciaInicio}::date, vigencia_fim = ${v.vigenciaFim}::date, fonte_url = ${v.fonteUrl},
      fonte_nota = ${v.fonteNota}, updated_at = now(), updated_by = ${userId}::uuid
    WHERE id = ${id}::uuid`);
}

export async function deleteAgreement(db: DbOrTx, id: string) {
  await db.execute(sql`DELETE FROM st_agreements WHERE id = ${id}::uuid`);
}

/** The row as stored, for the history's before/after images. */
export async function rowImage(db: DbOrTx, id: string): Promise<Record<string, unknown> | null> {
  const res = await db.execute<{ j: Record<string, unknown> }>(
    sql`SELECT to_jsonb(a) AS j FROM st_agreements a WHERE a.id = ${id}::uuid`,
  );
  return res.rows[0]?.j ?? null;
}

export async function insertHistory(
  db: DbOrTx,
  h: {
    agreementId: string;
    action: TStAgreementHistoryEntry['action'];
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    reason: string;
    userId: string | null;
    userName: string | null;
  },
) {
  await db.execute(sql`INSERT INTO st_agreement_history (agreement_id, action, before, after, reason, changed_by,
      changed_by_name)
    VALUES (${h.agreementId}::uuid, ${h.action}, ${h.before === null ? null : JSON.stringify(h.before)}::jsonb,
      ${h.after === null ? null : JSON.stringify(h.after)}::jsonb, ${h.reason}, ${h.userId}::uuid, ${h.userName})`);
}

export async function findHistory(db: DbOrTx, agreementId: string): Promise<TStAgreementHistoryEntry[]> {
  const res = await db.execute<TStAgreementHistoryEntry & Record<string, unknown>>(sql`SELECT h.id::int AS id,
      h.action, h.before, h.after, h.reason, coalesce(u.name, h.changed_by_name) AS "changedByName",
      ${iso('h.changed_at')} AS "changedAt"
    FROM st_agreement_history h LEFT JOIN users u ON u.id = h.changed_by
    WHERE h.agreement_id = ${agreementId}::uuid ORDER BY h.id DESC`);
  return res.rows;
}
