import type { TTaxTransitionRequest, Uf } from '@app/contract';
import {
  calculateTransition,
  type NfeItemContext,
  TaxInputError,
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
}

/**
 * Reference facts by what they depend on (UFs, cClassTrib, cBenef, date): many rules share them, so a run
 * reads each once — the "context per (rule, year)" cache, keyed by what actually varies.
 */
export type ContextCache = Map<string, NfeItemContext>;

/** The engine's refusal as one line: "campo: mensagem" per field. */
function describeRefusal(err: unknown): string | null {
  const cause = err instanceof TransitionYearError ? err.cause : err;
  const prefix = err instanceof TransitionYearError ? `Ano ${err.ano}: ` : '';
  if (cause instanceof TaxInputError) return `${prefix}${cause.field}: ${cause.message}`;
  if (cause instanceof AppError && cause.code === 'VALIDATION')
    return (
      prefix +
      (cause.errors?.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)).join('; ') ?? cause.message)
    );
  if (cause instanceof RangeError) return prefix + cause.message;
  return null;
}

/** One rule through the years for the run's operation: its years, or why the engine refused its item. */
export async function simulateRule(
  db: DbOrTx,
  rule: { ruleId: string; products: number; view: RuleVersionView | undefined; sibling: RuleVersionView | undefined },
  run: RunSettings,
  cache: ContextCache,
): Promise<RuleOutcome> {
  const { ruleId, products, view, sibling } = rule;
  if (!view) return { ruleId, products, item: null, anos: null, erro: 'Regra fiscal não encontrada.' };
  let item: Omit<TTaxTransitionRequest, 'anoInicial' | 'anoFinal' | 'diaMes'> | null = null;
  try {
    item = buildSimulationItem({ view, sibling, ...run });
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
        date,
      ].join('|');
      let ctx = cache.get(key);
      if (!ctx) {
        ctx = await buildCalculationContext(db, dated, date);
        cache.set(key, ctx);
      }
      contexts.set(ano, ctx);
    }
    const { anos } = calculateTransition(item as TransitionInput, (ano) => contexts.get(ano)!, {
      anos: run.anos,
      diaMes: run.diaMes,
    });
    return { ruleId, products, item, anos, erro: null };
  } catch (err) {
    const erro = describeRefusal(err);
    if (erro === null) throw err;
    return { ruleId, products, item, anos: null, erro };
  }
}
