import type { TTaxCalculateNfeRequest } from '@app/contract';
import { todayInBrazil } from '@app/contract';
import { type NfeItemContext, nameInvoiceItemField, TaxInputError } from '@app/tax-engine';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { buildContextFrom } from './tax.service.js';
import { printTaxNfe } from './tax-answer-print.js';
import { readCalculationFacts } from './tax-facts-cache.js';

type FieldError = { field?: string; message: string };

/** An item's refusal as the invoice names it: `itens[3].icms.cBenef`, the message starting with `itens[3]: `. */
function nameForInvoice(index: number, errors: FieldError[] | undefined, message: string): FieldError[] {
  return (errors ?? [{ message }]).map((e) => ({
    field: e.field ? nameInvoiceItemField(index, e.field) : `itens[${index}]`,
    message: `itens[${index}]: ${e.message}`,
  }));
}

/**
 * A whole NF-e (issue 21 §5): every item's reference facts through buildContextFrom — the same facts and
 * table checks as POST /tax/calculate — then the engine's calculateNfe (items and totals), printed as it computes
 * (printTaxNfe): the answer's bytes. Every item whose facts the tables refuse is reported (400, one error per item
 * and field) and nothing is computed.
 */
export async function calculateTaxNfe(db: DbOrTx, req: TTaxCalculateNfeRequest): Promise<Buffer> {
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
  try {
    return printTaxNfe(req, (_, i) => contexts[i]!);
  } catch (err) {
    // The engine already names the item (itens[i].campo) in its TaxInputError.
    if (err instanceof TaxInputError)
      throw new AppError('VALIDATION', err.message, [{ field: err.field, message: err.message }]);
    throw err;
  }
}
