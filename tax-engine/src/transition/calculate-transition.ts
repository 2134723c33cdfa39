import type { Decimal } from 'decimal.js';
import { round2, TaxDecimal, toDecimal } from '../decimal.js';
import { calculateNfeItem } from '../nfe-item/calculate-nfe-item.js';
import type { MemoriaStep, NfeItemContext, NfeItemInput, NfeItemResult } from '../nfe-item/types.js';
import { findSimplesDas, type SimplesDas } from './simples-das.js';
import { findBurden, type TransitionCompany, transitionExtraFields } from './transition-burden.js';

/** The years of the transition to the CBS/IBS (EC 132/2023, art. 125–133 ADCT; LC 214/2025, arts. 343–346). */
export const transitionYears = [2026, 2027, 2028, 2029, 2030, 2031, 2032, 2033] as const;

/**
 * The taxes of one year's row, NF-e tag names. `vFCPUFDest` (the DIFAL's poverty fund) is listed too: it is
 * collected on the item like the rest, so leaving it out would understate the load of a sale to a consumer.
 */
export const transitionTaxFields = [
  'vICMS',
  'vICMSST',
  'vFCP',
  'vFCPST',
  'vICMSUFDest',
  'vFCPUFDest',
  'vIPI',
  'vPIS',
  'vCOFINS',
  'vCBS',
  'vIBSUF',
  'vIBSMun',
  'vIS',
] as const;
export type TransitionTaxField = (typeof transitionTaxFields)[number];

/**
 * Every figure of a year's burden, in stack order: the NF-e item's taxes the company pays, the ICMS charged before
 * the sale (ST retained, monophasic) and the Simples Nacional DAS shares. vTotal is their sum.
 */
export const transitionBurdenFields = [...transitionTaxFields, ...transitionExtraFields] as const;
export type TransitionBurdenField = (typeof transitionBurdenFields)[number];

export type TransitionYearRow = Record<TransitionBurdenField, number> & {
  ano: number;
  /** 2026: the CBS and IBS of the item, compensated against PIS/COFINS (LC 214/2025, art. 346), not in vTotal. */
  vCBSIBSCompensado: number;
  /** Taxes on the NF-e item the company does not pay (IPI of a non-taxpayer, PIS/COFINS of a Simples company). */
  vNaoDevido: number;
  /** Sum of the burden fields (ICMS-ST and FCP-ST included; vICMSDeson and vICMSDif, not collected, excluded). */
  vTotal: number;
  /** vTotal ÷ value of the operation × 100, 4 decimal places, half-up. */
  pCarga: number;
  /** The year's figures rest on rates the law has not fixed yet (the engine says so per item). */
  estimado: boolean;
  /** Simples Nacional from 2027: the total and load if CBS and IBS are paid by the regular regime (LC 214, art. 41 §3º). */
  vTotalRegular: number | null;
  pCargaRegular: number | null;
  memoria?: MemoriaStep[];
};

/** An item request without its date: the transition dates it once per year. */
export type TransitionInput = Omit<NfeItemInput, 'operacao'> & {
  operacao: Omit<NfeItemInput['operacao'], 'ano' | 'data'>;
};

export interface TransitionOptions {
  /** Years to compute, in order (default: 2026–2033). */
  anos?: readonly number[];
  /** Day of each year the item is dated, "MM-DD" (default "07-01": mid-year, clear of January's rate changes). */
  diaMes?: string;
  /** Keep each year's calculation memory in its row. */
  memoria?: boolean;
  /** The seller: Simples Nacional (RBT12) and IPI taxpayer or not; absent, a regular-regime IPI taxpayer. */
  empresa?: TransitionCompany;
}

/** A year the engine (or the facts of that year) refused: the year and the original error. */
export class TransitionYearError extends Error {
  constructor(
    readonly ano: number,
    override readonly cause: unknown,
  ) {
    super(`Ano ${ano}: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'TransitionYearError';
  }
}

export const DEFAULT_TRANSITION_DAY = '07-01';

/** The date an item is computed at in a year: "YYYY-MM-DD"; a day the year does not have is refused. */
export function findTransitionDate(ano: number, diaMes: string = DEFAULT_TRANSITION_DAY): string {
  const m = /^(\d{2})-(\d{2})$/.exec(diaMes);
  const date = `${ano}-${diaMes}`;
  const d = m ? new Date(`${date}T12:00:00Z`) : null;
  if (!d || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== date)
    throw new RangeError(`diaMes: ${diaMes} não é um dia válido de ${ano} (use MM-DD).`);
  return date;
}

/** Value of the operation (the denominator of pCarga): vProd + vFrete + vSeg + vOutro − vDesc. */
function findOperationValue(item: TransitionInput['item']): Decimal {
  return round2(
    toDecimal(item.vProd)
      .plus(toDecimal(item.vFrete))
      .plus(toDecimal(item.vSeg))
      .plus(toDecimal(item.vOutro))
      .minus(toDecimal(item.vDesc)),
  );
}

const load = (total: Decimal, value: Decimal) =>
  value.isZero() ? 0 : total.div(value).times(100).toDecimalPlaces(4).toNumber();

/** One year's row from the engine's answer for an item dated in that year: what the company bears. */
export function toTransitionRow(
  ano: number,
  result: NfeItemResult,
  operationValue: Decimal,
  input: Pick<NfeItemInput, 'item'>,
  empresa: TransitionCompany = {},
  das: SimplesDas | null = null,
  steps: MemoriaStep[] | null = null,
): TransitionYearRow {
  // Fields the engine does not answer (vIS before the Imposto Seletivo exists in it) count as no tax.
  const answer = result as unknown as Record<string, unknown>;
  const numbers: Record<string, number> = {};
  for (const [k, x] of Object.entries(answer)) if (typeof x === 'number') numbers[k] = x;
  const burden = findBurden(ano, numbers, input, operationValue, empresa, das, steps);
  const row = { ano } as TransitionYearRow;
  let total = new TaxDecimal(0);
  for (const field of transitionBurdenFields) {
    const value = burden.values[field] ?? 0;
    row[field] = value;
    total = total.plus(value);
  }
  row.vCBSIBSCompensado = burden.vCBSIBSCompensado;
  row.vNaoDevido = burden.vNaoDevido;
  row.vTotal = round2(total).toNumber();
  row.pCarga = load(total, operationValue);
  row.estimado = answer.estimado === true;
  const regular = burden.cbsIbsRegular && total.minus(row.vDASCBS).minus(row.vDASIBS).plus(burden.cbsIbsRegular);
  row.vTotalRegular = regular ? round2(regular).toNumber() : null;
  row.pCargaRegular = regular ? load(regular, operationValue) : null;
  return row;
}

/**
 * The same item computed on one day of each year of the transition. Pure: `contextFor` gives the dated facts
 * of each year (state rules, cClassTrib row in force). A year the engine or its facts refuse stops the whole
 * answer with a TransitionYearError naming the year, never a silent row of zeros.
 */
export function calculateTransition(
  input: TransitionInput,
  contextFor: (ano: number, data: string) => NfeItemContext,
  options: TransitionOptions = {},
): { anos: TransitionYearRow[] } {
  const operationValue = findOperationValue(input.item);
  const empresa = options.empresa ?? {};
  const das = empresa.rbt12 !== undefined ? findSimplesDas(empresa.rbt12) : null;
  const anos = (options.anos ?? transitionYears).map((ano) => {
    try {
      const data = findTransitionDate(ano, options.diaMes);
      const dated: NfeItemInput = { ...input, operacao: { ...input.operacao, data } };
      const result = calculateNfeItem(dated, contextFor(ano, data));
      const steps = options.memoria ? [...result.memoria] : null;
      const row = toTransitionRow(ano, result, operationValue, dated, empresa, das, steps);
      if (steps) row.memoria = steps;
      return row;
    } catch (err) {
      throw err instanceof TransitionYearError ? err : new TransitionYearError(ano, err);
    }
  });
  return { anos };
}
