import { atLeastZero, money, percentOf, reduceBase, round2, type TaxValue, toDecimal } from './decimal.js';
import { assertRate, assertValue } from './input-checks.js';
import { adjustMva, type MvaOption, mvaOptions } from './mva.js';
import { findIcmsShare } from './nfe-item/reform-year.js';

/**
 * The calculator's inputs checked by the rules of POST /tax/calculate, under the same NF-e tag names, so
 * "pICMS deve ser menor que 100%." reads the same on the screen and in the API (TaxInputError).
 */
function checkStInput(input: StCalculationInput): void {
  const values = [
    ['vProd', input.productValue],
    ['vFrete', input.freight],
    ['vSeg', input.insurance],
    ['vOutro', input.otherExpenses],
    ['vDesc', input.discount],
    ['pMVAST', input.mva],
  ] as const;
  for (const [tag, value] of values) assertValue(tag, tag, value);
  if (input.pauta) {
    assertValue('vPauta', 'vPauta', input.pauta.unitValue);
    assertValue('qTrib', 'qTrib', input.pauta.quantity);
  }
  const rates = [
    ['pICMS', input.icmsRate],
    ['pRedBC', input.icmsBaseReduction],
    ['pIPI', input.ipiRate],
    ['pICMSST', input.stRate],
    ['pRedBCST', input.stBaseReduction],
    ['pFCPST', input.fcpRate],
  ] as const;
  for (const [tag, value] of rates) assertRate(tag, tag, value);
}

export interface StCalculationInput {
  /** Value of the goods. */
  productValue: TaxValue;
  freight?: TaxValue;
  insurance?: TaxValue;
  otherExpenses?: TaxValue;
  discount?: TaxValue;
  /** Own ICMS rate, % (the interstate rate in an interstate sale). */
  icmsRate: TaxValue;
  /** Reduction of the own ICMS base, % (CST 20/70). */
  icmsBaseReduction?: TaxValue;
  /** IPI rate, %: IPI is part of the ST base. */
  ipiRate?: TaxValue;
  /** Margin (MVA/IVA), % — already adjusted when the operation is interstate (see resolveMva). */
  mva: TaxValue;
  /** ICMS-ST rate, %: the destination's internal rate. */
  stRate: TaxValue;
  /** Reduction of the ST base, % (CST 70). */
  stBaseReduction?: TaxValue;
  /** FCP-ST, %: added to the ST rate (spec 02 §9 "ICMS-ST rate = ICMS-ST plus FCP"). */
  fcpRate?: TaxValue;
  /** modBCST 5: the ST base is the pauta per unit × the taxable quantity, not total × (1 + MVA). */
  pauta?: { unitValue: TaxValue; quantity: TaxValue };
  /**
   * Year of the operation (tax reform, EC 132/2023 ADCT arts. 126–129); absent = today's rules, rates as typed.
   * From 2027 the IPI is zero outside the Zona Franca de Manaus; 2029–2032 the ICMS, ICMS-ST and FCP rates are
   * 9/10 … 6/10 of the typed (state) rates; from 2033 there is no ICMS and no ST.
   */
  year?: number;
  /** Product of incentivised industrialisation in the Zona Franca de Manaus: keeps its IPI after 2026. */
  zfm?: boolean;
}

export interface StCalculation {
  subtotal: number;
  icmsBase: number;
  icms: number;
  ipi: number;
  total: number;
  stBase: number;
  /** ST rate plus FCP, %. */
  stRateWithFcp: number;
  /** ICMS-ST to retain, FCP-ST included. */
  stValue: number;
  /** The FCP-ST part of stValue. */
  fcpSt: number;
  /** The ICMS-ST part of stValue (stValue − fcpSt). */
  icmsSt: number;
  /** stValue / subtotal × 100, %. */
  effectiveCost: number;
  /** Share of the typed ICMS rates the year keeps (1; 0.9 … 0.6 in 2029–2032; 0 from 2033). */
  icmsShare: number;
  /** The IPI typed was set to zero by the year (2027 on, outside the ZFM). */
  ipiZeroed: boolean;
}

/**
 * The typed rates as the year has them (ADCT arts. 126, III and 128–129): what calculateSt computes with.
 * Exported so the screen can say which rates it used.
 */
export function applyStYear(input: StCalculationInput): StCalculationInput & { icmsShare: number; ipiZeroed: boolean } {
  if (input.year === undefined) return { ...input, icmsShare: 1, ipiZeroed: false };
  const share = findIcmsShare(input.year);
  const scaled = (v: TaxValue | undefined) => (v === undefined ? undefined : toDecimal(v).times(share));
  const ipiZeroed = input.year >= 2027 && !input.zfm && !toDecimal(input.ipiRate).isZero();
  return {
    ...input,
    icmsRate: scaled(input.icmsRate) ?? 0,
    stRate: scaled(input.stRate) ?? 0,
    fcpRate: scaled(input.fcpRate),
    ipiRate: ipiZeroed ? 0 : input.ipiRate,
    icmsShare: share,
    ipiZeroed,
  };
}

/**
 * The MVA of a calculator choice in a year: in 2029–2032 the adjusted MVA equalises the year's rates (the
 * interstate and internal rates both at the year's share, ADCT art. 128), not the state's full ones.
 */
export function resolveStMva(
  option: MvaOption,
  iva: TaxValue,
  internalRate: TaxValue,
  opts: { simples?: boolean; year?: number } = {},
): number {
  const interstate = mvaOptions.find((o) => o.value === option)?.interstateRate ?? null;
  const share = opts.year === undefined ? 1 : findIcmsShare(opts.year);
  if (interstate === null || opts.simples || share === 0) return round2(toDecimal(iva)).toNumber();
  return adjustMva({
    mva: iva,
    interstateRate: toDecimal(interstate).times(share),
    internalRate: toDecimal(internalRate).times(share),
  });
}

/**
 * ICMS-ST calculator of spec 02 §9. Rounding (half-up, 2 places) happens exactly where an NF-e
 * field would be filled, so every printed figure is reproducible from the previous ones:
 *  1. subtotal   = products + freight + insurance + other expenses − discount      (rounded)
 *  2. icmsBase   = subtotal × (1 − icmsBaseReduction)                             (rounded, vBC)
 *  3. icms       = icmsBase × icmsRate                                            (rounded, vICMS)
 *  4. ipi        = subtotal × ipiRate                                             (rounded, vIPI)
 *  5. total      = subtotal + ipi
 *  6. stBase     = total × (1 + mva) × (1 − stBaseReduction)                      (rounded once, vBCST)
 *                 or, by pauta (modBCST 5), unitValue × quantity × (1 − stBaseReduction)
 *  7. stValue    = stBase × (stRate + fcpRate) − icms, never below zero          (rounded, vICMSST+vFCPST)
 *  8. fcpSt      = stBase × fcpRate                                               (rounded, vFCPST); icmsSt = stValue − fcpSt
 *  9. effectiveCost = stValue / subtotal × 100                                   (rounded, %)
 */
export function calculateSt(typed: StCalculationInput): StCalculation {
  checkStInput(typed);
  const input = applyStYear(typed);
  // From 2033 there is no ICMS: no own ICMS, no ST base, nothing to retain (ADCT art. 129).
  const extinct = input.icmsShare === 0;
  const subtotal = round2(
    toDecimal(input.productValue)
      .plus(toDecimal(input.freight))
      .plus(toDecimal(input.insurance))
      .plus(toDecimal(input.otherExpenses))
      .minus(toDecimal(input.discount)),
  );
  const icmsBase = extinct ? toDecimal(0) : reduceBase(subtotal, input.icmsBaseReduction);
  const icms = percentOf(icmsBase, input.icmsRate);
  const ipi = percentOf(subtotal, input.ipiRate);
  const total = subtotal.plus(ipi);
  const grossStBase = input.pauta
    ? toDecimal(input.pauta.unitValue).times(toDecimal(input.pauta.quantity))
    : total.times(toDecimal(input.mva).plus(100)).div(100);
  const stBase = extinct
    ? toDecimal(0)
    : round2(grossStBase.times(toDecimal(100).minus(toDecimal(input.stBaseReduction))).div(100));
  const stRateWithFcp = toDecimal(input.stRate).plus(toDecimal(input.fcpRate));
  const stValue = atLeastZero(round2(stBase.times(stRateWithFcp).div(100).minus(icms)));
  const fcpSt = stValue.isZero() ? toDecimal(0) : percentOf(stBase, input.fcpRate);
  const icmsSt = atLeastZero(stValue.minus(fcpSt));
  const effectiveCost = subtotal.isZero() ? toDecimal(0) : stValue.div(subtotal).times(100);
  return {
    subtotal: money(subtotal),
    icmsBase: money(icmsBase),
    icms: money(icms),
    ipi: money(ipi),
    total: money(total),
    stBase: money(stBase),
    stRateWithFcp: money(stRateWithFcp),
    stValue: money(stValue),
    fcpSt: money(fcpSt),
    icmsSt: money(icmsSt),
    effectiveCost: money(effectiveCost),
    icmsShare: input.icmsShare,
    ipiZeroed: input.ipiZeroed,
  };
}
