import type {
  TStAgreement,
  TStAgreementDetail,
  TStAgreementPage,
  ZStAgreementCreate,
  ZStAgreementDelete,
  ZStAgreementEnd,
  ZStAgreementListQuery,
  ZStAgreementUpdate,
} from '@app/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import * as repo from './st-agreements.repository.js';
import { sameValues, valuesOf } from './st-agreements.values.js';

/*
 * The bodies arrive as the routes' contract schemas output them (validated, trimmed, codes sorted): the route is
 * the edge, so nothing here parses them again.
 */

const brDate = (iso: string | null) => (iso ? iso.split('-').reverse().join('/') : 'sem fim');

function describePeriod(a: Pick<TStAgreement, 'vigenciaInicio' | 'vigenciaFim'>) {
  return a.vigenciaFim
    ? `de ${brDate(a.vigenciaInicio)} a ${brDate(a.vigenciaFim)}`
    : `desde ${brDate(a.vigenciaInicio)}`;
}

function overlapError(existing: TStAgreement): AppError {
  const goods = existing.cestCodigos ? `CEST ${existing.cestCodigos.join(', ')}` : 'todo o segmento';
  const message = `Vigência: já existe um acordo ${existing.ufOrigem} → ${existing.ufDestino}, segmento ${existing.cestSegmento} (${goods}), ${describePeriod(existing)} (${existing.instrumento}). Encerre-o antes ou ajuste as datas.`;
  return new AppError('CONFLICT', message, [{ field: 'vigenciaInicio', message }]);
}

/** The exclusion constraint is the last guard when two writers race past the advisory lock's scope. */
function isExclusionViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23P01' || e?.cause?.code === '23P01';
}

export async function listStAgreements(
  db: DbOrTx,
  q: z.infer<typeof ZStAgreementListQuery>,
): Promise<TStAgreementPage> {
  const { items, total } = await repo.findAgreements(db, q, q.page, q.pageSize);
  return { items, total, page: q.page, pageSize: q.pageSize };
}

export async function getStAgreement(db: DbOrTx, id: string): Promise<TStAgreementDetail> {
  const agreement = await repo.findAgreement(db, id);
  if (!agreement) throw new AppError('NOT_FOUND', 'Acordo de ICMS-ST não encontrado.');
  return { agreement, history: await repo.findHistory(db, id) };
}

/** Writes one change in one transaction: lock the pair, refuse an overlap, write, keep the before/after images. */
async function write<T>(db: DbOrTx, fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(fn);
  } catch (err) {
    if (isExclusionViolation(err)) {
      const message = 'Vigência: o período se sobrepõe a outro acordo do mesmo par, segmento e CEST.';
      throw new AppError('CONFLICT', message, [{ field: 'vigenciaInicio', message }]);
    }
    throw err;
  }
}

export async function createStAgreement(
  db: DbOrTx,
  actor: Actor,
  input: z.output<typeof ZStAgreementCreate>,
): Promise<TStAgreementDetail> {
  const values = valuesOf(input);
  const id = await write(db, async (tx) => {
    await repo.lockPair(tx, values);
    const overlap = await repo.findOverlap(tx, values, null);
    if (overlap) throw overlapError(overlap);
    const newId = await repo.insertAgreement(tx, values, actor.id);
    await repo.insertHistory(tx, {
      agreementId: newId,
      action: 'create',
      before: null,
      after: await repo.rowImage(tx, newId),
      reason: input.motivo ?? 'Cadastro',
      userId: actor.id,
      userName: actor.name,
    });
    return newId;
  });
  return getStAgreement(db, id);
}

export async function updateStAgreement(
  db: DbOrTx,
  actor: Actor,
  id: string,
  input: z.output<typeof ZStAgreementUpdate>,
): Promise<TStAgreementDetail> {
  const values = valuesOf(input);
  await write(db, async (tx) => {
    const current = await repo.findAgreement(tx, id, true);
    if (!current) throw new AppError('NOT_FOUND', 'Acordo de ICMS-ST não encontrado.');
    if (sameValues(current, values)) {
      const message = 'Nenhum campo mudou: altere algum dado antes de salvar.';
      throw new AppError('VALIDATION', message, [{ message }]);
    }
    // Both pairs when the pair itself changes, always in the same order so that two such edits cannot deadlock.
    for (const key of [current, values].sort((a, b) =>
      `${a.ufOrigem}${a.ufDestino}${a.cestSegmento}`.localeCompare(`${b.ufOrigem}${b.ufDestino}${b.cestSegmento}`),
    ))
      await repo.lockPair(tx, key);
    await rewrite(tx, actor, id, values, 'update', input.motivo);
  });
  return getStAgreement(db, id);
}

/** An edit or an end of validity, once the pair is locked: refused over another row's period, kept in the history. */
async function rewrite(
  tx: DbOrTx,
  actor: Actor,
  id: string,
  values: repo.StAgreementValues,
  action: 'update' | 'end',
  reason: string,
) {
  const overlap = await repo.findOverlap(tx, values, id);
  if (overlap) throw overlapError(overlap);
  const before = await repo.rowImage(tx, id);
  await repo.updateAgreement(tx, id, values, actor.id);
  await repo.insertHistory(tx, {
    agreementId: id,
    action,
    before,
    after: await repo.rowImage(tx, id),
    reason,
    userId: actor.id,
    userName: actor.name,
  });
}

/** Sets the last day the agreement applies (a denunciation, a revocation); the row and its past stay. */
export async function endStAgreement(
  db: DbOrTx,
  actor: Actor,
  id: string,
  input: z.output<typeof ZStAgreementEnd>,
): Promise<TStAgreementDetail> {
  await write(db, async (tx) => {
    const current = await repo.findAgreement(tx, id, true);
    if (!current) throw new AppError('NOT_FOUND', 'Acordo de ICMS-ST não encontrado.');
    if (input.vigenciaFim < current.vigenciaInicio) {
      const message = `Fim da vigência: informe uma data igual ou posterior ao início (${brDate(current.vigenciaInicio)}).`;
      throw new AppError('VALIDATION', message, [{ field: 'vigenciaFim', message }]);
    }
    if (input.vigenciaFim === current.vigenciaFim) {
      const message = `Fim da vigência: o acordo já termina em ${brDate(current.vigenciaFim)}.`;
      throw new AppError('VALIDATION', message, [{ field: 'vigenciaFim', message }]);
    }
    const values: repo.StAgreementValues = { ...current, vigenciaFim: input.vigenciaFim };
    await repo.lockPair(tx, values);
    await rewrite(tx, actor, id, values, 'end', input.motivo);
  });
  return getStAgreement(db, id);
}

/** Removes a row entered by mistake; its history (with the last image) stays. */
export async function deleteStAgreement(
  db: DbOrTx,
  actor: Actor,
  id: string,
  input: z.output<typeof ZStAgreementDelete>,
) {
  await write(db, async (tx) => {
    const current = await repo.findAgreement(tx, id, true);
    if (!current) throw new AppError('NOT_FOUND', 'Acordo de ICMS-ST não encontrado.');
    await repo.insertHistory(tx, {
      agreementId: id,
      action: 'delete',
      before: await repo.rowImage(tx, id),
      after: null,
      reason: input.motivo,
      userId: actor.id,
      userName: actor.name,
    });
    await repo.deleteAgreement(tx, id);
  });
  return { message: 'Acordo de ICMS-ST excluído.' };
}
