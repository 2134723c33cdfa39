import { type TaxValue, toDecimal } from '../decimal.js';
import type { StAgreementAnswer } from './find-st-agreement.js';

export interface StMvaChoice {
  /** The MVA original to start from, %; null when neither the caller nor the agreement has one. */
  original: number | null;
  /** Where it came from: the caller's own figure (a rule's IVA, a typed MVA) or the agreement's row. */
  from: 'informada' | 'acordo' | null;
}

/**
 * The MVA original of an interstate ST operation: the one given (the rule's IVA, the calculator's field) wins; when
 * none is given and the agreement in force has one, the agreement's (Convênio ICMS 142/2018, cláusula décima
 * primeira: the MVA "prevista em convênio e protocolo"). Only an agreement that applies ST lends its MVA.
 */
export function chooseStMva(given: TaxValue | null | undefined, agreement: StAgreementAnswer | null): StMvaChoice {
  if (given !== null && given !== undefined && given !== '')
    return { original: toDecimal(given).toDecimalPlaces(4).toNumber(), from: 'informada' };
  if (agreement?.situacao === 'com-acordo' && agreement.mvaOriginal !== undefined)
    return { original: agreement.mvaOriginal, from: 'acordo' };
  return { original: null, from: null };
}
