import type { Decimal } from 'decimal.js';
import { applyRateReduction } from '../cbs-ibs.js';
import {
  atLeastZero,
  decimalToNumber,
  minusUnlessZero,
  percentOf,
  type TaxValue,
  toDecimal,
  ZERO,
} from '../decimal.js';
import type { CbsIbsTax, GIbsCbsTax } from './types.js';

/** One tax of gIBSCBS computed: nominal and effective rates, operation value, deferral, refund, value due. */
export interface CbsIbsTaxResult {
  nominal: Decimal;
  effective: Decimal;
  vOp: Decimal;
  vDif: Decimal;
  vDevTrib: Decimal;
  value: Decimal;
  group: GIbsCbsTax;
}

/**
 * NT 2025.002 (UB17–UB36): pCBS/pIBSUF/pIBSMun carry the nominal rate; with a reduction (gRed) the value uses
 * pAliqEfet = nominal × (1 − pRedAliq) (4 places); a government purchase applies its redutor on top
 * (LC 214/2025, art. 370); the deferral (gDif) is pDif of that value and a refund (gDevTrib) is subtracted.
 */
export function calculateCbsIbsTax(opts: {
  tax: CbsIbsTax;
  vBC: Decimal;
  nominal: TaxValue;
  pRed: TaxValue;
  showRed: boolean;
  pRedutor?: TaxValue;
  pDif?: TaxValue;
  vDevTrib?: TaxValue;
}): CbsIbsTaxResult {
  const nominal = toDecimal(opts.nominal);
  let effective = toDecimal(applyRateReduction(nominal, opts.pRed));
  if (opts.pRedutor !== undefined) effective = toDecimal(applyRateReduction(effective, opts.pRedutor));
  const vOp = percentOf(opts.vBC, effective);
  const vDif = opts.pDif === undefined ? ZERO : percentOf(vOp, opts.pDif);
  const vDevTrib = toDecimal(opts.vDevTrib ?? 0);
  // Without a deferral or a refund (most items) the value is vOp itself: no copy, no rounding pass.
  const value = atLeastZero(minusUnlessZero(minusUnlessZero(vOp, vDif), vDevTrib));
  const group: GIbsCbsTax = { p: decimalToNumber(nominal), v: decimalToNumber(value) };
  if (opts.pDif !== undefined)
    group.gDif = { pDif: decimalToNumber(toDecimal(opts.pDif)), vDif: decimalToNumber(vDif) };
  if (opts.vDevTrib !== undefined) group.gDevTrib = { vDevTrib: decimalToNumber(vDevTrib) };
  if (opts.showRed || opts.pRedutor !== undefined)
    group.gRed = { pRedAliq: decimalToNumber(toDecimal(opts.pRed)), pAliqEfet: decimalToNumber(effective) };
  return { nominal, effective, vOp, vDif, vDevTrib, value, group };
}
