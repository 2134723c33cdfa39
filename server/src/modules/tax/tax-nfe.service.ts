import type { TTaxCalculateNfeRequest } from '@app/contract';
import { todayInBrazil } from '@app/contract';
import { type NfeItemContext, nameInvoiceItemField, TaxInputError } from '@app/tax-engine';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { NfeLinesPool } from './nfe-lines/nfe-lines-pool.js';
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

/** `count` lines cut in `parts` consecutive ranges of near-equal size. */
function splitLines(count: number, parts: number): [number, number][] {
  return Array.from({ length: parts }, (_, i) => [
    Math.floor((count * i) / parts),
    Math.floor((count * (i + 1)) / parts),
  ]);
}

/**
 * A whole NF-e (issue 21 §5): every item's reference facts through buildContextFrom — the same facts and
 * table checks as POST /tax/calculate — then every line computed by the engine and printed as it is computed
 * (printNfeLines), and the totals (printNfeAnswer): the answer's bytes. Every item whose facts the tables refuse
 * is reported (400, one error per item and field) and nothing is computed. From SPLIT_FROM_LINES lines, the ready
 * threads of `pool` each compute a part of the lines while this thread computes the first (decision 050); a line
 * the engine refuses is reported as the first refused line in order, as if computed in one go.
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
  const ranges = splitLines(req.itens.length, threads.length + 1);
  const linesOf = ([from, to]: [number, number]) => ({
    operacao: req.operacao,
    itens: req.itens.slice(from, to),
    contexts: contexts.slice(from, to),
    offset: from,
  });
  const computeHere = (range: [number, number]) => {
    const part = linesOf(range);
    return printNfeLines(part.operacao, part.itens, part.contexts, part.offset);
  };
  // Each thread's part, settled so that a refusal here leaves no rejection unhandled.
  const away = ranges.slice(1).map((range, i) =>
    pool!.run(threads[i]!, linesOf(range)).then(
      (lines) => ({ lines }),
      (error: unknown) => ({ error }),
    ),
  );
  try {
    const parts: PrintedNfeLines[] = [computeHere(ranges[0]!)];
    for (let i = 0; i < away.length; i++) {
      const done = await away[i]!;
      if ('lines' in done) parts.push(done.lines);
      else if (done.error instanceof TaxInputError) throw done.error;
      // The thread died: its lines are computed here.
      else parts.push(computeHere(ranges[i + 1]!));
    }
    return printNfeAnswer(req.itens, parts);
  } catch (err) {
    throw refusedLine(err);
  }
}
