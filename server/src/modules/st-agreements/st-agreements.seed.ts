import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ZStAgreementCreate } from '@app/contract';
import type pg from 'pg';
import { readCsv } from '../reference/loaders/csv.js';
import { referenceDataDir, sha256 } from '../reference/loaders/reference-files.js';

/** The bundled, cited seed of interstate ST agreements (reference-data/README.md, decision 064). */
export const stAgreementsSeedFile = path.join(referenceDataDir, 'st-agreements.csv');

export interface StAgreementSeedResult {
  applied: boolean;
  inserted: number;
  updated: number;
  skipped: number;
}

type SeedRow = ReturnType<typeof ZStAgreementCreate.parse>;

/**
 * st-agreements.csv (';'): uf_origem, uf_destino, cest_segmento, cest_codigos (comma separated; blank = whole
 * segment), tem_acordo (S/N), instrumento, mva_original (blank or percent), vigencia_inicio, vigencia_fim (blank = no
 * end), fonte_url, fonte_nota. Each row passes the API's own rules; a bad row stops the load, naming its line.
 */
export function parseStAgreementsFile(content: string): SeedRow[] {
  return readCsv(content, ';').map((r, i) => {
    const codes = (r.cest_codigos ?? '')
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean);
    const res = ZStAgreementCreate.safeParse({
      ufOrigem: (r.uf_origem ?? '').trim().toUpperCase(),
      ufDestino: (r.uf_destino ?? '').trim().toUpperCase(),
      cestSegmento: (r.cest_segmento ?? '').trim(),
      cestCodigos: codes.length > 0 ? codes : null,
      temAcordo: /^(s|sim)$/i.test((r.tem_acordo ?? '').trim())
        ? true
        : /^(n|nao|não)$/i.test((r.tem_acordo ?? '').trim())
          ? false
          : undefined,
      instrumento: r.instrumento ?? '',
      mvaOriginal: (r.mva_original ?? '').trim() || null,
      vigenciaInicio: (r.vigencia_inicio ?? '').trim(),
      vigenciaFim: (r.vigencia_fim ?? '').trim() || null,
      fonteUrl: r.fonte_url ?? '',
      fonteNota: r.fonte_nota ?? '',
    });
    if (!res.success)
      throw new Error(
        `Linha ${i + 2} de st-agreements.csv inválida: ${res.error.issues.map((x) => x.message).join(' ')}`,
      );
    return res.data;
  });
}

const codesLiteral = (codes: string[] | null) => (codes === null ? null : `{${codes.join(',')}}`);
const SEED_REASON = 'Carga da tabela de referência reference-data/st-agreements.csv (fonte citada na linha)';

/**
 * At every start (and in each test template): applies the bundled file when this version was never applied. New rows
 * are inserted; a row the file changed is refreshed only when no person ever wrote it; a row that would overlap one
 * already there, or that a person deleted, is skipped — the Admin's curation always wins over the bundle.
 */
export async function loadBundledStAgreements(
  client: pg.ClientBase,
  file = stAgreementsSeedFile,
): Promise<StAgreementSeedResult> {
  const raw = await readFile(file);
  const hash = sha256(raw);
  const result = { applied: false, inserted: 0, updated: 0, skipped: 0 };
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock(724911)');
    const done = await client.query('SELECT 1 FROM st_agreement_seed_loads WHERE file_sha256 = $1', [hash]);
    if (done.rowCount === 0) {
      // Parsed only when this version was never applied: the usual start reads the hash and stops there.
      for (const row of parseStAgreementsFile(raw.toString('utf8'))) await applyRow(client, row, result);
      await client.query(
        'INSERT INTO st_agreement_seed_loads (file_sha256, inserted, updated, skipped) VALUES ($1, $2, $3, $4)',
        [hash, result.inserted, result.updated, result.skipped],
      );
      result.applied = true;
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  }
  return result;
}

async function applyRow(client: pg.ClientBase, r: SeedRow, result: StAgreementSeedResult) {
  const codes = codesLiteral(r.cestCodigos);
  const values = [
    r.ufOrigem,
    r.ufDestino,
    r.cestSegmento,
    codes,
    r.temAcordo,
    r.instrumento,
    r.mvaOriginal,
    r.vigenciaInicio,
    r.vigenciaFim,
    r.fonteUrl,
    r.fonteNota,
  ];
  const existing = await client.query<{ id: string; by_person: boolean; same: boolean }>(
    `SELECT id, (created_by IS NOT NULL OR updated_by IS NOT NULL) AS by_person,
       (tem_acordo, instrumento, mva_original, vigencia_fim, fonte_url, fonte_nota)
         IS NOT DISTINCT FROM ($6::boolean, $7, $8::numeric, $9::date, $10, $11) AS same
     FROM st_agreements WHERE uf_origem = $1 AND uf_destino = $2 AND cest_segmento = $3
       AND st_cest_codigos_key(cest_codigos) = st_cest_codigos_key($4::text[]) AND vigencia_inicio = $5::date`,
    [
      r.ufOrigem,
      r.ufDestino,
      r.cestSegmento,
      codes,
      r.vigenciaInicio,
      r.temAcordo,
      r.instrumento,
      r.mvaOriginal,
      r.vigenciaFim,
      r.fonteUrl,
      r.fonteNota,
    ],
  );
  const found = existing.rows[0];
  if (found) {
    if (found.same || found.by_person) return void result.skipped++;
    const before = await image(client, found.id);
    await client.query(
      `UPDATE st_agreements SET tem_acordo = $2, instrumento = $3, mva_original = $4::numeric, vigencia_fim = $5::date,
         fonte_url = $6, fonte_nota = $7, updated_at = now() WHERE id = $1`,
      [found.id, r.temAcordo, r.instrumento, r.mvaOriginal, r.vigenciaFim, r.fonteUrl, r.fonteNota],
    );
    await history(client, found.id, 'update', before, await image(client, found.id));
    return void result.updated++;
  }
  const blocked = await client.query(
    `SELECT 1 FROM st_agreements WHERE uf_origem = $1::text AND uf_destino = $2::text AND cest_segmento = $3::text
       AND st_cest_codigos_key(cest_codigos) = st_cest_codigos_key($4::text[])
       AND daterange(vigencia_inicio, vigencia_fim, '[]') && daterange($5::date, $6::date, '[]')
     UNION ALL
     SELECT 1 FROM st_agreement_history h WHERE h.action = 'delete' AND h.before->>'uf_origem' = $1::text
       AND h.before->>'uf_destino' = $2::text AND h.before->>'cest_segmento' = $3::text
       AND h.before->'cest_codigos' = coalesce(to_jsonb($4::text[]), 'null'::jsonb)
       AND h.before->>'vigencia_inicio' = $7::text
     LIMIT 1`,
    [r.ufOrigem, r.ufDestino, r.cestSegmento, codes, r.vigenciaInicio, r.vigenciaFim, r.vigenciaInicio],
  );
  if (blocked.rowCount !== 0) return void result.skipped++;
  const inserted = await client.query<{ id: string }>(
    `INSERT INTO st_agreements (uf_origem, uf_destino, cest_segmento, cest_codigos, tem_acordo, instrumento,
       mva_original, vigencia_inicio, vigencia_fim, fonte_url, fonte_nota)
     VALUES ($1, $2, $3, $4::text[], $5, $6, $7::numeric, $8::date, $9::date, $10, $11) RETURNING id`,
    values,
  );
  const id = inserted.rows[0]!.id;
  await history(client, id, 'seed', null, await image(client, id));
  result.inserted++;
}

async function image(client: pg.ClientBase, id: string): Promise<string> {
  const res = await client.query<{ j: string }>('SELECT to_jsonb(a)::text AS j FROM st_agreements a WHERE id = $1', [
    id,
  ]);
  return res.rows[0]!.j;
}

async function history(
  client: pg.ClientBase,
  id: string,
  action: 'seed' | 'update',
  before: string | null,
  after: string,
) {
  await client.query(
    `INSERT INTO st_agreement_history (agreement_id, action, before, after, reason)
     VALUES ($1, $2, $3::jsonb, $4::jsonb, $5)`,
    [id, action, before, after, SEED_REASON],
  );
}
