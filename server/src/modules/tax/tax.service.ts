import { type TTaxCalculateRequest, type TTaxCalculateResponse, type TUfTaxRule, todayInBrazil } from '@app/contract';
import { calculateNfeItem, type NfeItemContext, TaxInputError } from '@app/tax-engine';
import type { DbOrTx } from '../../db/client.js';
import { findUfRules } from './tax.repository.js';
import { buildContextFrom, refusedField } from './tax-context.js';
import { readCalculationFacts } from './tax-facts-cache.js';

/**
 * The reference facts of one item on a date, checked against the official tables (400 per field when SEFAZ
 * would reject): the one place every caller (single item, whole invoice, transition years, document audit)
 * builds the engine's context.
 */
export async function buildCalculationContext(
  db: DbOrTx,
  req: TTaxCalculateRequest,
  date: string,
  /** isByYear: one item carried through the years settles its IS group per year (buildReformContext). */
  opts: { isByYear?: boolean } = {},
): Promise<NfeItemContext> {
  return buildContextFrom(await readCalculationFacts(db), req, date, opts);
}

/** One NF-e item: the state rules and the cClassTrib come from the reference tables, the arithmetic from the engine. */
export async function calculateTaxItem(db: DbOrTx, req: TTaxCalculateRequest): Promise<TTaxCalculateResponse> {
  // Without a date, the day it is in Brazil: after 21:00 in São Paulo the UTC date is already tomorrow.
  const today = todayInBrazil();
  const { ano, data } = req.operacao;
  // A year without a date is priced on 1 January of that year (today when it is the current year).
  const date = data ?? (ano && String(ano) !== today.slice(0, 4) ? `${ano}-01-01` : today);
  return runEngine(req, await buildCalculationContext(db, req, date));
}

/**
 * The engine on one item with its context. The engine names the field an item lacks (pIPI, vAliqProd,
 * operacao.difal…): that is a 400 with the field, never a 500 or a silent 0. `fieldPrefix` lets a whole
 * invoice say which item (e.g. 'itens.3.').
 */
export function runEngine(req: TTaxCalculateRequest, ctx: NfeItemContext, fieldPrefix = ''): TTaxCalculateResponse {
  try {
    return calculateNfeItem(req, ctx);
  } catch (err) {
    if (err instanceof TaxInputError) throw refusedField(`${fieldPrefix}${err.field}`, err.message);
    throw err;
  }
}

/** The state rules in force today (read-only list of the fiscal-rules screen). */
export async function listUfRules(db: DbOrTx): Promise<TUfTaxRule[]> {
  return (await findUfRules(db)) as unknown as TUfTaxRule[];
}
