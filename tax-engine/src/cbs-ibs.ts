import { money, percentOf, rememberByValues, type TaxValue, toDecimal } from './decimal.js';

/**
 * Tax-reform test year 2026 (LC 214/2025): CBS 0.9 % (art. 346) and IBS 0.1 % (art. 343, state
 * part; no municipal part in 2026). In 2027–2028 IBS is 0.05 % state + 0.05 % municipal (art. 344).
 */
export const cbsIbsRates2026 = { cbs: 0.9, ibsUf: 0.1, ibsMun: 0 } as const;

const estimate =
  'Estimativa: calculadora de referência da RFB (dados abertos V0029, 30/01/2026); alíquota ainda não fixada pelo Senado';

/**
 * The reference rates per year 2026–2033 when the server supplies none (a pure call of the engine): the values
 * the official calculator is configured with (reference-data/rtc/aliquotas.json). The server reads the dated
 * table ref_cbs_ibs_rates instead, where the Admin may replace an estimate. CBS 2027–2028 is the reference rate
 * minus 0.1 point (ADCT art. 127, EC 132/2023); from 2029 IBS rises as ICMS and ISS shrink (ADCT art. 128), at
 * rates the Senate fixes: every row from CBS 2027 and IBS 2029 on is an estimate.
 */
const builtInRates: Record<number, [number, number, number]> = {
  2026: [0.9, 0.1, 0],
  2027: [8.4, 0.05, 0.05],
  2028: [8.4, 0.05, 0.05],
  2029: [8.5, 1.6, 0.25],
  2030: [8.5, 3.2, 0.5],
  2031: [8.5, 4.8, 0.75],
  2032: [8.5, 6.4, 1.0],
  2033: [8.5, 16.0, 2.5],
};

export function findCbsIbsRates(year: number): { cbs: number; ibsUf: number; ibsMun: number } {
  const [cbs, ibsUf, ibsMun] = builtInRates[Math.min(Math.max(year, 2026), 2033)]!;
  return { cbs, ibsUf, ibsMun };
}

/** The built-in rates of a year as dated facts, each saying whether it is an estimate and its source. */
export function findCbsIbsRateFacts(
  year: number,
): Record<'CBS' | 'IBSUF' | 'IBSMun', { rate: number; estimado: boolean; source: string }> {
  const r = findCbsIbsRates(year);
  const fixedIbs = year <= 2028;
  return {
    CBS: {
      rate: r.cbs,
      estimado: year >= 2027,
      source: year >= 2027 ? estimate : 'LC 214/2025, art. 346',
    },
    IBSUF: {
      rate: r.ibsUf,
      estimado: !fixedIbs,
      source: fixedIbs ? (year === 2026 ? 'LC 214/2025, art. 343' : 'ADCT, art. 127; LC 214/2025, art. 344') : estimate,
    },
    IBSMun: {
      rate: r.ibsMun,
      estimado: !fixedIbs,
      source: fixedIbs ? (year === 2026 ? 'LC 214/2025, art. 343' : 'ADCT, art. 127; LC 214/2025, art. 344') : estimate,
    },
  };
}

/** A rate reduced by a cClassTrib reduction (pRedCBS/pRedIBS): rate × (1 − reduction), 4 places like pAliqEfet. */
export const applyRateReduction: (ratePercent: TaxValue, reductionPercent: TaxValue | null | undefined) => number =
  // Remembered: the same few rates and reductions come back on every line (a long division each).
  rememberByValues((ratePercent: TaxValue, reductionPercent: TaxValue | null | undefined) =>
    toDecimal(ratePercent)
      .times(toDecimal(100).minus(toDecimal(reductionPercent)))
      .div(100)
      .toDecimalPlaces(4)
      .toNumber(),
  );

export interface CbsIbsInput {
  base: TaxValue;
  cbsRate?: TaxValue;
  ibsUfRate?: TaxValue;
  ibsMunRate?: TaxValue;
  /** cClassTrib reductions, % (ibs-cbs-cclasstrib.json p_red_cbs / p_red_ibs). */
  pRedCBS?: TaxValue | null;
  pRedIBS?: TaxValue | null;
}

export interface CbsIbsResult {
  cbsRate: number;
  cbsEffectiveRate: number;
  cbs: number;
  ibsUfRate: number;
  ibsMunRate: number;
  ibsUfEffectiveRate: number;
  ibsMunEffectiveRate: number;
  ibs: number;
}

/** CBS and IBS on a base (2026 test rates unless given), each value rounded half-up to cents. */
export function calculateCbsIbs(input: CbsIbsInput): CbsIbsResult {
  const cbsRate = toDecimal(input.cbsRate ?? cbsIbsRates2026.cbs).toNumber();
  const ibsUfRate = toDecimal(input.ibsUfRate ?? cbsIbsRates2026.ibsUf).toNumber();
  const ibsMunRate = toDecimal(input.ibsMunRate ?? cbsIbsRates2026.ibsMun).toNumber();
  const cbsEffectiveRate = applyRateReduction(cbsRate, input.pRedCBS);
  const ibsUfEffectiveRate = applyRateReduction(ibsUfRate, input.pRedIBS);
  const ibsMunEffectiveRate = applyRateReduction(ibsMunRate, input.pRedIBS);
  const ibs = percentOf(input.base, ibsUfEffectiveRate).plus(percentOf(input.base, ibsMunEffectiveRate));
  return {
    cbsRate,
    cbsEffectiveRate,
    cbs: money(percentOf(input.base, cbsEffectiveRate)),
    ibsUfRate,
    ibsMunRate,
    ibsUfEffectiveRate,
    ibsMunEffectiveRate,
    ibs: money(ibs),
  };
}
