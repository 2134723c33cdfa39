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
  printChunk,
  REQUEST_PARTY,
} from './nfe-lines/nfe-lines-chunks.js';
import type { NfeLinesPool } from './nfe-lines/nfe-lines-pool.js';
import { buildContextFrom } from './tax.service.js';
import { type PrintedNfeLines, printNfeAnswer, printNfeLines } from './tax-answer-print.js';
import { readCalculationFacts } from './tax-facts-cache.js';

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

/** The engine already names the item (itens[i].campo) in its TaxInputError. */
function refusedLine(err: unknown): unknown {
  return err instanceof TaxInputError
    ? new AppError('VALIDATION', err.message, [{ field: err.field, message: err.message }])
    : err;
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
 * POST /tax/calculate-nfe (issue 21 §5) after Fastify checked the operação and the item count (ZNfeEnvelope). Each
 * item is checked here by the same item schema and joined checks as the route's full schema
 * (ZTaxItemWithCheckedOperacao); one it refuses gets what the full schema answers for the whole body
 * (refuseNfeBody). Then every item's reference facts through buildContextFrom — the same facts and table checks as
 * POST /tax/calculate; every item whose facts the tables refuse is reported (400, one error per item and field, in
 * order) — and every line computed by the engine and printed as it is computed (printNfeLines), and the totals
 * (printNfeAnswer): the answer's bytes. From SPLIT_FROM_LINES lines, the items are checked from the back a quarter
 * at a time, each quarter's lines reaching the threads of `pool` while this thread checks the next, and the lines
 * are shared in chunks (decisions 050, 053); a line the engine refuses is reported as the first refused line in
 * order, as if computed in one go.
 */
export async function calculateTaxNfeFromBody(db: DbOrTx, body: TNfeEnvelope, pool?: NfeLinesPool): Promise<Buffer> {
  const { operacao } = body;
  const count = body.itens.length;
  const date = operacao.data ?? todayInBrazil();
  const itens: Item[] = new Array(count);
  const contexts: NfeItemContext[] = new Array(count);
  const refused: { index: number; errors: FieldError[] }[] = [];
  // One snapshot of the facts for the whole invoice, read once.
  const readFacts = await readCalculationFacts(db);
  // Items from…to: the item schema's checks (a refused one answers the full schema's 400), then their facts.
  const prepare = (from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const parsed = ZTaxItemWithCheckedOperacao.safeParse({ operacao, item: body.itens[i] });
      if (!parsed.success) refuseNfeBody(body);
      itens[i] = parsed.data.item;
    }
    for (let i = from; i < to; i++) {
      try {
        contexts[i] = buildContextFrom(readFacts, { operacao, item: itens[i]! }, date);
      } catch (err) {
        if (!(err instanceof AppError) || err.code !== 'VALIDATION') throw err;
        refused.push({ index: i, errors: nameForInvoice(i, err.errors, err.message) });
      }
    }
  };
  const refuseFacts = () => {
    if (refused.length === 0) return;
    const errors = refused.sort((a, b) => a.index - b.index).flatMap((r) => r.errors);
    throw new AppError('VALIDATION', errors[0]!.message, errors);
  };
  const req = { operacao, itens };
  const threads = pool && count >= SPLIT_FROM_LINES ? pool.takeReady() : [];
  if (threads.length === 0) {
    prepare(0, count);
    refuseFacts();
    try {
      return printNfeAnswer(itens, [printNfeLines(operacao, itens, contexts, 0)]);
    } catch (err) {
      throw refusedLine(err);
    }
  }

  // The lines from the back, a quarter at a time: each quarter goes to the threads as soon as it is checked, so that
  // they start on it while this thread checks the next one; the first quarter stays here (decision 053).
  const chunkCount = Math.ceil(count / CHUNK_LINES);
  const claims = ChunkClaims.create(chunkCount);
  const quarter = Math.max(1, Math.floor(chunkCount / 4));
  const away: AwayLines[] = [];
  try {
    let end = count;
    for (let from = chunkCount - quarter; from >= quarter; from -= quarter) {
      const offset = from * CHUNK_LINES;
      prepare(offset, end);
      if (refused.length === 0)
        away.push(...sendLines(pool!, threads, { operacao, itens, contexts }, claims, offset, end, away.length));
      end = offset;
    }
    prepare(0, end);
    refuseFacts();
  } catch (err) {
    // A refused item: the threads stop claiming (what they computed is dropped).
    claims.refuse(0);
    throw err;
  }
  try {
    return await shareLines(req, contexts, claims, away);
  } catch (err) {
    throw refusedLine(err);
  }
}

/** Lines sent to a thread, claimed there as `party`: what it computed, or null if it failed. */
interface AwayLines {
  party: number;
  done: Promise<ComputedChunks | null>;
}

/** The lines `offset`…`end` sent to each of `threads` (`sent` parts were sent before), each thread its own party. */
function sendLines(
  pool: NfeLinesPool,
  threads: ReturnType<NfeLinesPool['takeReady']>,
  lines: { operacao: TTaxCalculateNfeRequest['operacao']; itens: Item[]; contexts: NfeItemContext[] },
  claims: ChunkClaims,
  offset: number,
  end: number,
  sent: number,
): AwayLines[] {
  const job = {
    operacao: lines.operacao,
    itens: lines.itens.slice(offset, end),
    contexts: lines.contexts.slice(offset, end),
    offset,
    claims: claims.states.buffer as SharedArrayBuffer,
    chunkCount: claims.count,
  };
  return threads.map((thread, i) => {
    const party = REQUEST_PARTY + 1 + sent + i;
    // Settled, so that a refusal here leaves no rejection unhandled.
    const done = pool.run(thread, { ...job, party }).then(
      (computed) => computed,
      () => null,
    );
    return { party, done };
  });
}

/**
 * The lines cut in chunks that the request's thread (from the front) and the threads (from the back, their replies
 * `away`) claim one at a time until none is left (decision 053), so that whichever is faster computes more. The
 * answer is the chunks joined in order; a refusal is that of the first refused line in order, as if the invoice
 * were computed in one go.
 */
async function shareLines(
  req: { operacao: TTaxCalculateNfeRequest['operacao']; itens: Item[] },
  contexts: NfeItemContext[],
  claims: ChunkClaims,
  away: AwayLines[],
): Promise<Buffer> {
  const whole = { operacao: req.operacao, itens: req.itens, contexts, offset: 0 };
  const byChunk: PrintedNfeLines[] = new Array(claims.count);
  let refused: ComputedChunks['refused'];
  const collect = (done: ComputedChunks) => {
    done.chunks.forEach((chunk, i) => {
      byChunk[chunk] = done.parts[i]!;
    });
    if (done.refused && (!refused || done.refused.chunk < refused.chunk)) refused = done.refused;
  };
  collect(computeChunks(claims, REQUEST_PARTY, whole));
  // No chunk is free any more: a thread that claimed none (busy, or not yet reached) is not waited for.
  for (const part of away) {
    if (claims.ownedBy(part.party).length === 0) continue;
    const done = await part.done;
    // A thread that died or failed leaves its chunks missing: they are computed here, below.
    if (done) collect(done);
  }
  for (let chunk = 0; chunk < (refused?.chunk ?? claims.count); chunk++) {
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
