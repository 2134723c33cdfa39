import type { TTaxCalculateNfeRequest } from '@app/contract';
import { todayInBrazil } from '@app/contract';
import { type NfeItemContext, nameInvoiceItemField, TaxInputError } from '@app/tax-engine';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import {
  CHUNK_LINES,
  ChunkClaims,
  type ComputedChunks,
  computeChunks,
  printChunk,
  REQUEST_PARTY,
} from './nfe-lines/nfe-lines-chunks.js';
import type { NfeLinesPool, NfeLinesThread } from './nfe-lines/nfe-lines-pool.js';
import { buildContextFrom } from './tax.service.js';
import { type PrintedNfeLines, printNfeAnswer, printNfeLines } from './tax-answer-print.js';
import { readCalculationFacts } from './tax-facts-cache.js';

type FieldError = { field?: string; message: string };

/** From this many lines an invoice's lines are shared with the ready threads (fewer cost more to send than to compute). */
export const SPLIT_FROM_LINES = 64;

/** An item's refusal as the invoice names it: `itens[3].icms.cBenef`, the message starting with `itens[3]: `. */
function nameForInvoice(index: number, errors: FieldError[] | undefined, message: string): FieldError[] {
  return (errors ?? [{ message }]).map((e) => ({
    field: e.field ? nameInvoiceItemField(index, e.field) : `itens[${index}]`,
    message: `itens[${index}]: ${e.message}`,
  }));
}

/** The engine already names the item (itens[i].campo) in its TaxInputError. */
function refusedLine(err: unknown): unknown {
  return err instanceof TaxInputError
    ? new AppError('VALIDATION', err.message, [{ field: err.field, message: err.message }])
    : err;
}

/**
 * A whole NF-e (issue 21 §5): every item's reference facts through buildContextFrom — the same facts and
 * table checks as POST /tax/calculate — then every line computed by the engine and printed as it is computed
 * (printNfeLines), and the totals (printNfeAnswer): the answer's bytes. Every item whose facts the tables refuse
 * is reported (400, one error per item and field) and nothing is computed. From SPLIT_FROM_LINES lines, the lines
 * are shared in chunks with the ready threads of `pool` (decisions 050, 053); a line the engine refuses is reported
 * as the first refused line in order, as if computed in one go.
 */
export async function calculateTaxNfe(db: DbOrTx, req: TTaxCalculateNfeRequest, pool?: NfeLinesPool): Promise<Buffer> {
  const date = req.operacao.data ?? todayInBrazil();
  const contexts: NfeItemContext[] = new Array(req.itens.length);
  const refused: FieldError[] = [];
  // One snapshot of the facts for the whole invoice, read once.
  const readFacts = await readCalculationFacts(db);
  for (let i = 0; i < req.itens.length; i++) {
    try {
      contexts[i] = buildContextFrom(readFacts, { operacao: req.operacao, item: req.itens[i]! }, date);
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'VALIDATION') throw err;
      refused.push(...nameForInvoice(i, err.errors, err.message));
    }
  }
  if (refused.length > 0) throw new AppError('VALIDATION', refused[0]!.message, refused);

  const threads = pool && req.itens.length >= SPLIT_FROM_LINES ? pool.takeReady() : [];
  try {
    if (threads.length === 0) return printNfeAnswer(req.itens, [printNfeLines(req.operacao, req.itens, contexts, 0)]);
    return await shareLines(req, contexts, pool!, threads);
  } catch (err) {
    throw refusedLine(err);
  }
}

/**
 * The lines cut in chunks that the request's thread (from the front) and `threads` (from the back) claim one at a
 * time until none is left (decision 053), so that whichever is faster computes more. The answer is the chunks joined
 * in order; a refusal is that of the first refused line in order, as if the invoice were computed in one go.
 */
async function shareLines(
  req: TTaxCalculateNfeRequest,
  contexts: NfeItemContext[],
  pool: NfeLinesPool,
  threads: NfeLinesThread[],
): Promise<Buffer> {
  const chunkCount = Math.ceil(req.itens.length / CHUNK_LINES);
  const claims = ChunkClaims.create(chunkCount);
  const whole = { operacao: req.operacao, itens: req.itens, contexts };
  // Every line goes to the threads (a clone of 500 lines is ≈ 115 kB: their facts are shared, shared-facts.ts): when
  // this thread is slow, they may compute them all.
  const shared = { ...whole, claims: claims.states.buffer as SharedArrayBuffer, chunkCount };
  // Each thread's work, settled so that a refusal here leaves no rejection unhandled.
  const away = threads.map((thread, i) =>
    pool.run(thread, { ...shared, party: REQUEST_PARTY + 1 + i }).then(
      (done) => done,
      () => null,
    ),
  );
  const byChunk: PrintedNfeLines[] = new Array(chunkCount);
  let refused: ComputedChunks['refused'];
  const collect = (done: ComputedChunks) => {
    done.chunks.forEach((chunk, i) => {
      byChunk[chunk] = done.parts[i]!;
    });
    if (done.refused && (!refused || done.refused.chunk < refused.chunk)) refused = done.refused;
  };
  collect(computeChunks(claims, REQUEST_PARTY, whole));
  // No chunk is free any more: a thread that claimed none (busy, or not yet reached) is not waited for.
  for (let i = 0; i < threads.length; i++) {
    if (claims.ownedBy(REQUEST_PARTY + 1 + i).length === 0) continue;
    const done = await away[i]!;
    // A thread that died or failed leaves its chunks missing: they are computed here, below.
    if (done) collect(done);
  }
  for (let chunk = 0; chunk < (refused?.chunk ?? chunkCount); chunk++) {
    if (byChunk[chunk]) continue;
    try {
      byChunk[chunk] = printChunk(whole, chunk);
    } catch (err) {
      if (!(err instanceof TaxInputError)) throw err;
      refused = { chunk, error: err };
    }
  }
  if (refused) throw refused.error;
  return printNfeAnswer(req.itens, byChunk);
}
