import { findCbsIbsRateFacts } from '../cbs-ibs.js';
import type { CbsIbsRateFact, CbsIbsTax, ClassTribFacts } from './types.js';

type Rates = Record<CbsIbsTax, CbsIbsRateFact>;
/** The description and legal basis of one tax's step (CBS, IBS estadual, IBS municipal) outside a suspension. */
export interface CbsIbsStepTexts {
  descricao: string;
  baseLegal: string;
}

const names: Record<CbsIbsTax, string> = { CBS: 'CBS', IBSUF: 'IBS estadual', IBSMun: 'IBS municipal' };
const laws: Record<CbsIbsTax, string> = {
  CBS: 'LC 214/2025, art. 346',
  IBSUF: 'LC 214/2025, arts. 343 e 344',
  IBSMun: 'LC 214/2025, art. 344',
};

/** The built-in rates of a year, one object per year (the texts below are kept by it). */
const builtInRates = new Map<number, Rates>();
export function findBuiltInRates(year: number): Rates {
  let rates = builtInRates.get(year);
  if (!rates) {
    rates = findCbsIbsRateFacts(year);
    builtInRates.set(year, rates);
  }
  return rates;
}

const withoutClass = {};
/**
 * The texts by the rates and the cClassTrib they come from (objects of the shared facts, the same for every line on
 * a date) and the year: built once, they are the same strings on every line, which the answer's printer then finds
 * at once instead of reading new ones (issue 21 figures). Weak keys: facts replaced take their texts with them.
 */
const textsByFacts = new WeakMap<object, WeakMap<object, Map<number, Record<CbsIbsTax, CbsIbsStepTexts>>>>();

export function findCbsIbsStepTexts(
  rates: Rates,
  ct: ClassTribFacts | undefined,
  year: number,
): Record<CbsIbsTax, CbsIbsStepTexts> {
  let byClass = textsByFacts.get(rates);
  if (!byClass) {
    byClass = new WeakMap();
    textsByFacts.set(rates, byClass);
  }
  let byYear = byClass.get(ct ?? withoutClass);
  if (!byYear) {
    byYear = new Map();
    byClass.set(ct ?? withoutClass, byYear);
  }
  let texts = byYear.get(year);
  if (!texts) {
    texts = {
      CBS: buildTexts('CBS', rates, ct, ct, year),
      IBSUF: buildTexts('IBSUF', rates, ct, ct, year),
      IBSMun: buildTexts('IBSMun', rates, ct, ct, year),
    };
    byYear.set(year, texts);
  }
  return texts;
}

function buildTexts(
  tax: CbsIbsTax,
  rates: Rates,
  rateClass: ClassTribFacts | undefined,
  ct: ClassTribFacts | undefined,
  year: number,
  suspendedCst?: string,
): CbsIbsStepTexts {
  const specific = rateClass?.specificRates?.[tax];
  const ref = rates[tax];
  const rateNote =
    specific !== undefined ? ' (alíquota fixa do cClassTrib)' : ref.estimado ? ' (alíquota estimada)' : '';
  const rateBasis = specific === undefined ? `; alíquota: ${ref.source}` : '';
  const classBasis = ct ? `; cClassTrib ${ct.code} (${ct.legalBasis || 'Tabela cClassTrib'})` : '';
  if (suspendedCst === undefined)
    return {
      descricao: `${names[tax]} de ${year}${rateNote}`,
      baseLegal: `${laws[tax]}${rateBasis}${classBasis}; NT 2025.002 (gRed, gDif, gDevTrib)`,
    };
  return {
    descricao: `${names[tax]} de ${year}${rateNote}: suspenso (CST ${suspendedCst}), a tributação afastada em gTribRegular`,
    baseLegal: `${laws[tax]}${rateBasis}${classBasis}; Tabela de CST do IBS/CBS (CST 550, indicador gIBSCBS = 1); NT 2025.002 (gTribRegular, UB68)`,
  };
}

/**
 * A suspended tax's texts (CST 550): the rate named is the regular regime's (`rateClass`), the cClassTrib the
 * item's (`ct`). Rare, so built on each line.
 */
export function buildSuspendedTexts(
  tax: CbsIbsTax,
  rates: Rates,
  rateClass: ClassTribFacts | undefined,
  ct: ClassTribFacts | undefined,
  year: number,
  cst: string,
): CbsIbsStepTexts {
  return buildTexts(tax, rates, rateClass, ct, year, cst);
}
