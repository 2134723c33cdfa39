import { TaxInputError } from '../input-checks.js';
import { calculateNfeItem } from '../nfe-item/calculate-nfe-item.js';
import type { NfeItemContext, NfeItemInput, NfeItemResult } from '../nfe-item/types.js';
import { sumNfeTotals } from './totals.js';
import type { NfeInput, NfeResult } from './types.js';

/** An NF-e holds at most 990 items (nItem, H02: 1–990, MOC 7.0). */
export const maxNfeItems = 990;

/** The item count rule, one message for the API (zod) and the library (TaxInputError). */
export function describeNfeItemCountProblem(count: number): string | null {
  if (count >= 1 && count <= maxNfeItems) return null;
  return `itens: uma NF-e tem de 1 a ${maxNfeItems} itens (recebidos: ${count}).`;
}

/** An item's field ('item.icms.pICMS') as the invoice names it ('itens[3].icms.pICMS'); operation fields stay. */
export function nameInvoiceItemField(index: number, field: string): string {
  if (field === 'operacao' || field.startsWith('operacao.')) return field;
  if (field === 'item') return `itens[${index}]`;
  return `itens[${index}].${field.startsWith('item.') ? field.slice(5) : field}`;
}

/** Where an item's reference facts come from: the server's tables, or an ERP's own. */
export type NfeItemContextFor = (item: NfeItemInput, index: number) => NfeItemContext;

/**
 * One line of an invoice, its position `index` (0-based) only naming a bad item: TaxInputError's field becomes
 * `itens[index].field`, as calculateNfe reports it. What a server computing an invoice's lines in parts (on
 * several threads) calls for each.
 */
export function calculateNfeLine(single: NfeItemInput, index: number, ctx: NfeItemContext): NfeItemResult {
  try {
    return calculateNfeItem(single, ctx);
  } catch (err) {
    throw nameLineError(err, index);
  }
}

/** A line's TaxInputError as the invoice names it; any other error as it is. */
function nameLineError(err: unknown, index: number): unknown {
  if (!(err instanceof TaxInputError)) return err;
  return new TaxInputError(nameInvoiceItemField(index, err.field), `itens[${index}]: ${err.message}`);
}

/**
 * A whole NF-e: every item exactly as `calculateNfeItem` computes it alone (same operation, same facts), then
 * the invoice totals (ICMSTot, IBSCBSTot; see sumNfeTotals). A bad item throws TaxInputError naming
 * `itens[i].field` and nothing is returned: an invoice is computed whole or not at all.
 */
export function calculateNfe(
  input: NfeInput,
  ctxFor: NfeItemContextFor = () => ({}),
  /**
   * Called with each item's answer as soon as it is computed, in order: a server can print it then and drop its
   * memória, so a 990-item invoice's memória never lives all at once (the totals read only the figures).
   */
  onItem?: (answer: NfeItemResult, index: number) => void,
): NfeResult {
  const problem = describeNfeItemCountProblem(input.itens.length);
  if (problem) throw new TaxInputError('itens', problem);
  const answers: NfeItemResult[] = new Array(input.itens.length);
  for (let i = 0; i < input.itens.length; i++) {
    const single: NfeItemInput = { operacao: input.operacao, item: input.itens[i]! };
    let ctx: NfeItemContext;
    try {
      ctx = ctxFor(single, i);
    } catch (err) {
      throw nameLineError(err, i);
    }
    answers[i] = calculateNfeLine(single, i, ctx);
    onItem?.(answers[i]!, i);
  }
  return { itens: answers, total: sumNfeTotals(input.itens, answers) };
}
