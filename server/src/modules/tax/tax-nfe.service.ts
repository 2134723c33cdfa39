import type { TNfeEnvelope, TTaxCalculateNfeRequest } from '@app/contract';
import { todayInBrazil, ZTaxCalculateNfeRequest, ZTaxItemWithCheckedOperacao } from '@app/contract';
import { type NfeItemContext, nameInvoiceItemField, TaxInputError } from '@app/tax-engine';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import {
  CHUNK_LINES,
  ChunkClaims,
  type ComputedChunks,
  computeChunks,
  LineRefused,
  type Lines,
  printChunk,
  REQUEST_PARTY,
} from './nfe-lines/nfe-lines-chunks.js';
import type { NfeLinesPool } from './nfe-lines/nfe-lines-pool.js';
import { type PrintedNfeLines, printNfeAnswer, printNfeLines } from './tax-answer-print.js';
import { buildContextFrom, refusedField } from './tax-context.js';
import { readSharedFacts } from './tax-facts-cache.js';
import type { FactsReader } from './tax-facts-index.js';

type FieldError = { field?: string; message: string };
type Item = TTaxCalculateNfeRequest['itens'][number];

/** From this many lines an invoice's lines are shared with the ready threads (fewer cost more to send than to compute). */
export const SPLIT_FROM_LINES = 64;

/** An item's refusal as the invoice names it: `itens[3].icms.cBenef`, the message starting with `itens[3]: `. */
function nameForInvoice(index: number, errors: FieldError[] | undefined, message: string): FieldError[] {
  return (errors ?? [{ message }]).map((e) => ({
    field: e.field ? nameInvoiceItemField(index, e.field) : `itens[${index}]`,
    message: `itens[${index}]: ${e.message}`,
  }));
}

/** The route's full-schema validator, as Fastify compiles it: made once, for the refused bodies. */
const validateNfeBody = validatorCompiler({
  schema: ZTaxCalculateNfeRequest,
  method: 'POST',
  url: '/v1/public/tax/calculate-nfe',
  httpPart: 'body',
});

/**
 * The 400 of an invoice with a refused item, exactly as Fastify's validation of the route's full schema gives it
 * (every item's issues, in order): that schema's validator on the whole body, its result wrapped as Fastify wraps it.
 */
export function refuseNfeBody(body: TNfeEnvelope): never {
  const result = validateNfeBody(body) as { error?: unknown[] };
  if (!result.error) throw new Error('an item was refused, but the full schema accepts the body');
  throw Object.assign(new Error('body: validation'), {
    statusCode: 400,
    code: 'FST_ERR_VALIDATION',
    validation: result.error,
    validationContext: 'body',
  });
}

/**
 * POST /tax/calculate-nfe (issue 21 §5) after Fastify checked the operação and the item count (ZNfeEnvelope). Below
 * SPLIT_FROM_LINES lines, or with no thread ready, the invoice is answered in one go (answerInOneGo). From there the
 * lines are cut in chunks that this thread (from the front) and the threads of `pool` (from the back) claim one at a
 * time (decision 053): whoever claims a chunk checks its items, reads their facts, computes and prints its lines, so
 * the checks too are shared and the threads start at once. A refused line stops all claims and the invoice is then
 * answered in one go, which gives the refusal in the order of the whole invoice.
 */
export async function calculateTaxNfeFromBody(db: DbOrTx, body: TNfeEnvelope, pool?: NfeLinesPool): Promise<Buffer> {
  const { operacao } = body;
  const count = body.itens.length;
  const date = operacao.data ?? todayInBrazil();
  // One snapshot of the facts for the whole invoice, read once.
  const facts = await readSharedFacts(db);
  const threads = pool && count >= SPLIT_FROM_LINES ? pool.takeReady() : [];
  if (threads.length === 0) return answerInOneGo(body, facts.read, date);

  const lines: Lines = { operacao, items: body.itens, offset: 0, date, read: facts.read };
  const chunkCount = Math.ceil(count / CHUNK_LINES);
  const claims = ChunkClaims.create(chunkCount);
  // The threads get the back quarter first (few lines to copy: they start on it at once), then the middle half;
  // the front quarter stays here.
  const quarter = Math.max(1, Math.floor(chunkCount / 4));
  const away: AwayLines[] = [];
  for (const [from, to] of [
    [chunkCount - quarter, chunkCount],
    [quarter, chunkCount - quarter],
  ] as const)
    if (from < to) away.push(...sendLines(pool!, threads, lines, facts, claims, from, to, away.length));
  const byChunk: PrintedNfeLines[] = new Array(chunkCount);
  const collect = (done: ComputedChunks) => {
    done.chunks.forEach((chunk, i) => {
      byChunk[chunk] = done.parts[i]!;
    });
    return !done.refused;
  };
  if (!collect(computeChunks(claims, REQUEST_PARTY, lines))) return answerInOneGo(body, facts.read, date);
  // No chunk is free any more: a thread that claimed none (busy, or not yet reached) is not waited for.
  for (const part of away) {
    if (claims.ownedBy(part.party).length === 0) continue;
    const done = await part.done;
    // A thread that died or failed leaves its chunks missing: they are computed here, below.
    if (done && !collect(done)) return answerInOneGo(body, facts.read, date);
  }
  for (let chunk = 0; chunk < chunkCount; chunk++) {
    if (byChunk[chunk]) continue;
    try {
      byChunk[chunk] = printChunk(lines, chunk);
    } catch (err) {
      if (err instanceof LineRefused) return answerInOneGo(body, facts.read, date);
      throw err;
    }
  }
  return printNfeAnswer(byChunk);
}

/**
 * The invoice in this thread alone: every item checked by the same item schema and joined checks as the route's
 * full schema (ZTaxItemWithCheckedOperacao), one it refuses answering what the full schema answers for the whole
 * body (refuseNfeBody); then every item's facts through buildContextFrom — the same facts and table checks as
 * POST /tax/calculate; every item the tables refuse is reported (400, one error per item and field, in order) — and
 * every line computed and printed (printNfeLines; the first line the engine refuses is the 400), and the totals.
 */
function answerInOneGo(body: TNfeEnvelope, read: FactsReader, date: string): Buffer {
  const { operacao } = body;
  const count = body.itens.length;
  const itens: Item[] = new Array(count);
  const contexts: NfeItemContext[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const parsed = ZTaxItemWithCheckedOperacao.safeParse({ operacao, item: body.itens[i] });
    if (!parsed.success) refuseNfeBody(body);
    itens[i] = parsed.data.item;
  }
  const refused: FieldError[] = [];
  for (let i = 0; i < count; i++) {
    try {
      contexts[i] = buildContextFrom(read, { operacao, item: itens[i]! }, date);
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'VALIDATION') throw err;
      refused.push(...nameForInvoice(i, err.errors, err.message));
    }
  }
  if (refused.length > 0) throw new AppError('VALIDATION', refused[0]!.message, refused);
  try {
    return printNfeAnswer([printNfeLines(operacao, itens, contexts, 0)]);
  } catch (err) {
    // The engine names the item (itens[i].campo) in its TaxInputError.
    throw err instanceof TaxInputError ? refusedField(err.field, err.message) : err;
  }
}

/** Lines sent to a thread, claimed there as `party`: what it computed, or null if it failed. */
interface AwayLines {
  party: number;
  done: Promise<ComputedChunks | null>;
}

/** The lines of chunks `from`…`to` sent to each of `threads` (`sent` parts were sent before), each its own party. */
function sendLines(
  pool: NfeLinesPool,
  threads: ReturnType<NfeLinesPool['takeReady']>,
  lines: Lines,
  facts: { id: number; text: string },
  claims: ChunkClaims,
  from: number,
  to: number,
  sent: number,
): AwayLines[] {
  const offset = from * CHUNK_LINES;
  const job = {
    operacao: lines.operacao,
    items: lines.items.slice(offset, to * CHUNK_LINES),
    offset,
    date: lines.date,
    factsId: facts.id,
    claims: claims.states.buffer as SharedArrayBuffer,
    chunkCount: claims.count,
  };
  return threads.map((thread, i) => {
    const party = REQUEST_PARTY + 1 + sent + i;
    // Settled, so that a refusal here leaves no rejection unhandled.
    const done = pool.run(thread, { ...job, party }, facts.text).then(
      (computed) => computed,
      () => null,
    );
    return { party, done };
  });
}
