import { atLeastZero, money, percentOf, round2, type TaxValue, toDecimal } from './decimal.js';
import { assertRate } from './input-checks.js';

/** DIFAL calculation type (spec 02 §9): 0 Nao tem, 1 Base simples, 2 Base dupla. */
export type DifalType = 0 | 1 | 2;

export const difalTypeOptions: readonly { value: DifalType; label: string }[] = [
  { value: 0, label: 'Nao tem' },
  { value: 1, label: 'Base simples' },
  { value: 2, label: 'Base dupla' },
];

export interface DifalInput {
  type: DifalType;
  /** Operation value: goods + freight + insurance + IPI + other charges − discount. */
  operationValue: TaxValue;
  /** Interstate rate of the origin, % (4, 7 or 12). */
  interstateRate: TaxValue;
  /** Destination's internal rate, %, without FCP. */
  internalRate: TaxValue;
  /** Destination FCP, %: charged on the DIFAL base. */
  fcpRate?: TaxValue;
  /** Base dupla: the state grosses up by internal + FCP (1 − (internal + FCP)) instead of the internal rate alone. */
  fcpInGrossUp?: boolean;
}

export interface DifalResult {
  type: DifalType;
  /** DIFAL base at the destination (vBCUFDest). */
  base: number;
  /** ICMS of the interstate operation, owed to the origin. */
  icmsOrigin: number;
  /** ICMS at the destination's internal rate on `base`. */
  icmsDestination: number;
  /** DIFAL owed to the destination (vICMSUFDest). */
  difal: number;
  /** FCP owed to the destination (vFCPUFDest). */
  fcp: number;
}

/**
 * DIFAL of an interstate operation to a final consumer (EC 87/2015, LC 190/2022).
 *  - Base simples ("por fora"): base = operation value; DIFAL = base × (internal − interstate),
 *    rounded once.
 *  - Base dupla ("por dentro", LC 190/2022): ICMS origin = value × interstate (rounded);
 *    base = (value − ICMS origin) / (1 − internal) (rounded); ICMS destination = base × internal
 *    (rounded); DIFAL = ICMS destination − ICMS origin.
 * FCP is base × FCP rate. Nothing is owed when the internal rate is not above the interstate one.
 */
export function calculateDifal(input: DifalInput): DifalResult {
  const value = round2(input.operationValue);
  const icmsOrigin = percentOf(value, input.interstateRate);
  if (input.type === 0) {
    return { type: 0, base: 0, icmsOrigin: money(icmsOrigin), icmsDestination: 0, difal: 0, fcp: 0 };
  }
  const internal = toDecimal(input.internalRate);
  assertRate('aliqIcmsInterna', 'Alíquota interna', input.internalRate);
  if (input.type === 1) {
    const difal = atLeastZero(percentOf(value, internal.minus(toDecimal(input.interstateRate))));
    return {
      type: 1,
      base: money(value),
      icmsOrigin: money(icmsOrigin),
      icmsDestination: money(percentOf(value, internal)),
      difal: money(difal),
      fcp: money(percentOf(value, input.fcpRate)),
    };
  }
  const grossUpRate = input.fcpInGrossUp ? internal.plus(toDecimal(input.fcpRate)) : internal;
  const base = round2(value.minus(icmsOrigin).times(100).div(toDecimal(100).minus(grossUpRate)));
  const icmsDestination = percentOf(base, internal);
  return {
    type: 2,
    base: money(base),
    icmsOrigin: money(icmsOrigin),
    icmsDestination: money(icmsDestination),
    difal: money(atLeastZero(icmsDestination.minus(icmsOrigin))),
    fcp: money(percentOf(base, input.fcpRate)),
  };
}
