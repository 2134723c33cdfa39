import type { TTaxTransitionRequest, Uf } from '@app/contract';
import {
  calculateTransition,
  type NfeItemContext,
  type StAgreementRow,
  TaxInputError,
  type TransitionCompany,
  type TransitionInput,
  TransitionYearError,
} from '@app/tax-engine';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { RuleVersionView } from '../fiscal-rules/fiscal-rules.repository.js';
import { buildCalculationContext } from '../tax/tax.service.js';
import type { RuleOutcome } from './simulation.repository.js';
import { buildSimulationItem, type SimulationBuyer } from './simulation-item.js';
import { dateTransitionRequest } from './transition.service.js';

export interface RunSettings {
  companyUf: Uf;
  companyCrt: string;
  ufDestino: Uf;
  buyer: SimulationBuyer;
  vProd: string;
  anos: number[];
  diaMes: string;
  /** The seller (Simples RBT12, IPI taxpayer): the same for every rule of the run. */
  empresa: TransitionCompany;
  /**
   * The interstate ICMS-ST agreements of the pair (company UF → ufDestino) in force on `stDate`, read once when the
   * run starts (decision 065): every rule of the run is judged on the same data, and an Admin's edit is seen by the
   * next run. Empty inside one UF.
   */
  stAgreements: readonly StAgreementRow[];
  stDate: string;
}

/**
 * What a run remembers, keyed by what the answer depends on:
 *  - `contexts`: reference facts per (UFs, cClassTrib, cBenef, CST, NCM, CEST, date) — the NCM and CEST are in
 *    the key because the facts check them and carry the NCM's IS and fuel rates;
 *  - `items`: each distinct item's years (or refusal). Two rules that build the same item (same NCM, CST,
 *    rates, operation and value basis — a named copy of a base rule, a sibling shared by two UFs) give the
 *    same figures, so the engine runs once per distinct item and the products of both are written by SQL.
 * Both are bounded, so memory stays flat however many distinct items a catalogue has.
 */
export interface RunCache {
  contexts: Map<string, NfeItemContext>;
  items: Map<string, Pick<RuleOutcome, 'anos' | 'erro'>>;
  /** Rules answered from `items` (the engine skipped). */
  hits: number;
}
export const createRunCache = (): RunCache => ({ contexts: new Map(), items: new Map(), hits: 0 });
const MAX_CACHED = 20_000;
function remember<V>(map: Map<string, V>, key: string, value: V): void {
  if (map.size >= MAX_CACHED) map.clear();
  map.set(key, value);
}

/** The tax engine's RangeErrors (decimal.ts, calculate-transition.ts) start with these words. */
const ENGINE_RANGE_REFUSAL = /^(Valor numérico inválido|diaMes: )/;

/** The engine's refusal as one line: "campo: mensagem" per field. */
export function describeRefusal(err: unknown): string | null {
  const cause = err instanceof TransitionYearError ? err.cause : err;
  const prefix = err instanceof TransitionYearError ? `Ano ${err.ano}: ` : '';
  // The messages name the field in words ("O NCM … não está entre os NCM a que o cClassTrib … se aplica"): the
  // request path (item.icms.pCredSN) is for an API client, not for the analyst who reads the list of refusals.
  if (cause instanceof TaxInputError) return `${prefix}${cause.message}`;
  if (cause instanceof AppError && cause.code === 'VALIDATION')
    return prefix + (cause.errors?.map((e) => e.message).join('; ') ?? cause.message);
  // Only the engine's own range refusals are the user's to read (Portuguese, naming the value); a RangeError of the
  // runtime or of decimal.js ("[DecimalError] Invalid argument", "Invalid time value") is a fault: the run fails.
  if (cause instanceof RangeError && ENGINE_RANGE_REFUSAL.test(cause.message)) return prefix + cause.message;
  return null;
}

/** One rule through the years for the run's operation: its years, or why the engine refused its item. */
export async function simulateRule(
  db: DbOrTx,
  rule: { ruleId: string; products: number; view: RuleVersionView | undefined; sibling: RuleVersionView | undefined },
  run: RunSettings,
  cache: RunCache,
): Promise<RuleOutcome> {
  const { ruleId, products, view, sibling } = rule;
  if (!view) return { ruleId, products, item: null, anos: null, erro: 'Regra fiscal não encontrada.' };
  let item: Omit<TTaxTransitionRequest, 'anoInicial' | 'anoFinal' | 'diaMes'> | null = null;
  try {
    item = buildSimulationItem({ view, sibling, ...run });
    // The item holds every fiscal input of the run (operation, value basis, rates): its JSON is the key.
    const itemKey = JSON.stringify(item);
    const known = cache.items.get(itemKey);
    if (known) {
      cache.hits++;
      return { ruleId, products, item, ...known };
    }
    const outcome = await computeYears(db, item, run, cache);
    remember(cache.items, itemKey, outcome);
    return { ruleId, products, item, ...outcome };
  } catch (err) {
    const erro = describeRefusal(err);
    if (erro === null) throw err;
    return { ruleId, products, item, anos: null, erro };
  }
}

/** The item's years through the engine, or the engine's refusal as text (cached like the years). */
async function computeYears(
  db: DbOrTx,
  item: Omit<TTaxTransitionRequest, 'anoInicial' | 'anoFinal' | 'diaMes'>,
  run: RunSettings,
  cache: RunCache,
): Promise<Pick<RuleOutcome, 'anos' | 'erro'>> {
  try {
    const contexts = new Map<number, NfeItemContext>();
    for (const ano of run.anos) {
      const dated = dateTransitionRequest(item, ano, run.diaMes);
      const date = dated.operacao.data!;
      const key = [
        dated.operacao.ufOrigem,
        dated.operacao.ufDestino,
        dated.item.ibscbs?.cClassTrib,
        dated.item.icms.cBenef,
        dated.item.icms.cst,
        dated.item.ibscbs?.cst,
        dated.item.ncm,
        dated.item.cest,
        date,
      ].join('|');
      let ctx = cache.contexts.get(key);
      if (!ctx) {
        ctx = await buildCalculationContext(db, dated, date, { isByYear: true });
        remember(cache.contexts, key, ctx);
      }
      contexts.set(ano, ctx);
    }
    const { anos } = calculateTransition(item as TransitionInput, (ano) => contexts.get(ano)!, {
      anos: run.anos,
      diaMes: run.diaMes,
      empresa: run.empresa,
    });
    return { anos, erro: null };
  } catch (err) {
    const erro = describeRefusal(err);
    if (erro === null) throw err;
    return { anos: null, erro };
  }
}
