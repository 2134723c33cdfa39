import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ZStAgreementCreate } from '@app/contract';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { DbOrTx } from '../../db/client.js';
import * as schema from '../../db/schema/index.js';
import { readCsv } from '../reference/loaders/csv.js';
import { referenceDataDir, sha256 } from '../reference/loaders/reference-files.js';
import * as repo from './st-agreements.repository.js';
import * as seedRepo from './st-agreements.repository-seed.js';
import { sameValues, valuesOf } from './st-agreements.values.js';

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

const SEED_REASON = 'Carga da tabela de referência reference-data/st-agreements.csv (fonte citada na linha)';

/**
 * At every start (and in each test template): applies the bundled file when this version was never applied. New rows
 * are inserted; a row the file changed is refreshed only when no person ever wrote it; a row that would overlap one
 * already there, or that a person deleted, is skipped — the Admin's curation always wins over the bundle. The
 * reference loader's connection runs it in one transaction, through the same repository as the API's writes.
 */
export async function loadBundledStAgreements(
  client: pg.ClientBase,
  file = stAgreementsSeedFile,
): Promise<StAgreementSeedResult> {
  const raw = await readFile(file);
  const hash = sha256(raw);
  const result = { applied: false, inserted: 0, updated: 0, skipped: 0 };
  // Drizzle's type names the concrete clients; it only calls query(), which every ClientBase has. Over a client (not
  // a pool) its transaction() runs BEGIN/COMMIT on that very connection.
  await drizzle(client as pg.Client, { schema }).transaction(async (tx) => {
    await seedRepo.lockSeed(tx);
    if (await seedRepo.seedVersionApplied(tx, hash)) return;
    // Parsed only when this version was never applied: the usual start reads the hash and stops there.
    for (const row of parseStAgreementsFile(raw.toString('utf8'))) await applyRow(tx, valuesOf(row), result);
    await seedRepo.recordSeedVersion(tx, hash, result);
    result.applied = true;
  });
  return result;
}

async function applyRow(tx: DbOrTx, values: repo.StAgreementValues, result: StAgreementSeedResult) {
  const found = await seedRepo.findSameStart(tx, values);
  if (found) {
    const current = await repo.findAgreement(tx, found.id);
    if (found.byPerson || (current && sameValues(current, values))) return void result.skipped++;
    const before = await repo.rowImage(tx, found.id);
    await repo.updateAgreement(tx, found.id, values, null);
    await keepHistory(tx, found.id, 'update', before);
    return void result.updated++;
  }
  if ((await repo.findOverlap(tx, values, null)) || (await seedRepo.wasDeleted(tx, values)))
    return void result.skipped++;
  const id = await repo.insertAgreement(tx, values, null);
  await keepHistory(tx, id, 'seed', null);
  result.inserted++;
}

/** The change's before/after images in the history, by the seed (no person). */
async function keepHistory(tx: DbOrTx, id: string, action: 'seed' | 'update', before: Record<string, unknown> | null) {
  await repo.insertHistory(tx, {
    agreementId: id,
    action,
    before,
    after: await repo.rowImage(tx, id),
    reason: SEED_REASON,
    userId: null,
    userName: null,
  });
}
