import type { TOperationStAgreement } from '@app/contract';
import {
  calculateSt,
  chooseStMva,
  type MvaOption,
  resolveStMva,
  type StAgreementAnswer,
  type StCalculation,
  TaxInputError,
} from '@app/tax-engine';
import { parseDecimalText } from '../../../components/ui/decimal-text';

/** The calculator's typed fields (pt-BR text as shown). */
export interface StInputs {
  productValue: string;
  freight: string;
  insurance: string;
  otherExpenses: string;
  discount: string;
  ipiRate: string;
  icmsRate: string;
  stRate: string;
  fcpRate: string;
  reduction: string;
  pautaUnit: string;
  quantity: string;
}

/** Sender's regime (CRT) and the ST base method (modBCST 4 MVA or 5 pauta). */
export interface StChoices {
  option: MvaOption;
  regime: 'normal' | 'simples';
  method: 'mva' | 'pauta';
  /** Year of the operation (tax reform: IPI, ICMS and ST by year); null = the rates as typed. */
  year?: number | null;
  /** Product of incentivised industrialisation in the Zona Franca de Manaus (keeps its IPI after 2026). */
  zfm?: boolean;
}

export interface StOutcome {
  /** The MVA the base used; null when the base is a pauta or an entry is malformed. */
  mva: number | null;
  /** Where the MVA original came from: the rule's IVA, or the interstate agreement's when the rule has none. */
  mvaFrom?: 'informada' | 'acordo' | null;
  result: StCalculation | null;
  problem?: string;
}

/** The exact decimal of a typed field; an empty one counts as zero, a malformed one stops the calculation. */
function decimalOf(text: string): string {
  if (!text.trim()) return '0';
  const value = parseDecimalText(text);
  if (value === null) throw new Error('not a number');
  return value;
}

/**
 * One run of the engine's `calculateSt` for the screen: a Simples Nacional sender keeps the original MVA
 * (resolveMva), a pauta replaces total × (1 + MVA) by pauta × quantidade. Without an IVA in the rule, the MVA
 * original of the interstate agreement in force, when the calculator looked one up (issue 37, chooseStMva).
 */
export function computeStCalculation(
  inputs: StInputs,
  choices: StChoices,
  iva: string | null,
  agreement: TOperationStAgreement | null = null,
): StOutcome {
  try {
    const pauta = choices.method === 'pauta';
    const original = chooseStMva(iva, agreement as StAgreementAnswer | null);
    // The destination's internal rate is the ST rate: what the adjusted MVA equalises to.
    const mva = pauta
      ? 0
      : resolveStMva(choices.option, original.original ?? 0, decimalOf(inputs.stRate), {
          simples: choices.regime === 'simples',
          year: choices.year ?? undefined,
        });
    const result = calculateSt({
      productValue: decimalOf(inputs.productValue),
      freight: decimalOf(inputs.freight),
      insurance: decimalOf(inputs.insurance),
      otherExpenses: decimalOf(inputs.otherExpenses),
      discount: decimalOf(inputs.discount),
      ipiRate: decimalOf(inputs.ipiRate),
      icmsRate: decimalOf(inputs.icmsRate),
      icmsBaseReduction: decimalOf(inputs.reduction),
      mva,
      stRate: decimalOf(inputs.stRate),
      fcpRate: decimalOf(inputs.fcpRate),
      pauta: pauta ? { unitValue: decimalOf(inputs.pautaUnit), quantity: decimalOf(inputs.quantity) } : undefined,
      year: choices.year ?? undefined,
      zfm: choices.zfm,
    });
    return { mva: pauta ? null : mva, mvaFrom: pauta ? null : original.from, result };
  } catch (err) {
    // An unparsable entry ("1,2,3") leaves the results empty until it is fixed; a figure the engine
    // refuses (negative, a rate of 100 % or more) says why, with the message of the API.
    return { mva: null, result: null, problem: err instanceof TaxInputError ? err.message : undefined };
  }
}
