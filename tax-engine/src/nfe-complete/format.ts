import { TaxDecimal, type TaxValue, toDecimal } from '../decimal.js';
import { el } from '../nfe-rules/sample-xml.js';
import type { XNode } from '../nfe-rules/xml-node.js';

/** A value of the layout's TDec_1302 (R$, 2 places). */
export const money = (v: TaxValue) => toDecimal(v).toDecimalPlaces(2).toFixed(2);
/** A rate of TDec_0302a04 / TDec_0302_04RTC (2 to 4 places): always 4. */
export const rate = (v: TaxValue) => new TaxDecimal(toDecimal(v)).toFixed(4);
/** A quantity of TDec_1104v / TDec_1204v (up to 4 places). */
export const quantity = (v: TaxValue) => toDecimal(v).toFixed(4);

export const leaf = (name: string, value: string | undefined): XNode | undefined =>
  value === undefined ? undefined : el(name, value);
export const moneyLeaf = (name: string, v: TaxValue | undefined) => (v === undefined ? undefined : el(name, money(v)));
export const rateLeaf = (name: string, v: TaxValue | undefined) => (v === undefined ? undefined : el(name, rate(v)));

/** True when a rate or value is present and above zero. */
export const positive = (v: TaxValue | undefined | null) => v !== undefined && v !== null && toDecimal(v).gt(0);
