import type { Decimal } from 'decimal.js';
import { TaxDecimal, type TaxValue } from '../decimal.js';
import { LAST_YEAR_WITHOUT_IBS_CBS } from '../nfe-rules/rules-item-total.js';
import { money } from './format.js';

/**
 * The IBS, CBS and IS an item shows in its tax groups, as printed: gIBSCBS/vIBS and gCBS/vCBS, or the monophasic
 * gMonoPadrao/vIBSMono and vCBSMono (the layout's IBSCBS is one or the other), and IS/vIS.
 */
export interface ItemTaxesShown {
  vIBS?: TaxValue;
  vCBS?: TaxValue;
  vIBSMono?: TaxValue;
  vCBSMono?: TaxValue;
  vIS?: TaxValue;
}

/**
 * Whether an item's vProd carries its IBS, CBS and IS: from 2027, "compondo o valor informado no campo vProd"
 * (NT 2026.008 v1.00, introdução; I11 observação: "A partir de 2027, os valores de IBS, CBS e IS compõem o Valor
 * Total Bruto, exceto nas notas de importação", so not for a CFOP 3xxx); never through 2026 (decision 075).
 */
export const prodCarriesTaxes = (year: number, cfop: string | undefined): boolean =>
  year > LAST_YEAR_WITHOUT_IBS_CBS && !(cfop ?? '').startsWith('3');

/**
 * THE amount an item's vProd carries besides the value of the goods, in the year and CFOP: the item's printed
 * IBS + CBS (monophasic when shown) + IS from 2027, nothing before or in imports. The completion adds it to the
 * ERP's vProd (write-totals.ts, taxesInProd); a reader of an issued NF-e takes it out (goodsValueOf).
 */
export function taxesCarried(shown: ItemTaxesShown, year: number, cfop: string | undefined): Decimal {
  if (!prodCarriesTaxes(year, cfop)) return new TaxDecimal(0);
  const printed = (v: TaxValue | undefined) => new TaxDecimal(money(v ?? 0));
  const mono = shown.vIBSMono !== undefined || shown.vCBSMono !== undefined;
  const ibsCbs = mono
    ? printed(shown.vIBSMono).plus(printed(shown.vCBSMono))
    : printed(shown.vIBS).plus(printed(shown.vCBS));
  return ibsCbs.plus(printed(shown.vIS));
}

/** What a stored or read item shows, from its taxes as 'GROUP.tag' (the documents' shape and nfeItemTagsOf's). */
export function shownTaxesOf(taxes: Readonly<Record<string, string | undefined>>): ItemTaxesShown {
  return {
    vIBS: taxes['IBSCBS.vIBS'],
    vCBS: taxes['IBSCBS.vCBS'],
    vIBSMono: taxes['IBSCBS.vIBSMono'],
    vCBSMono: taxes['IBSCBS.vCBSMono'],
    vIS: taxes['IS.vIS'],
  };
}

/**
 * The value of the goods of an issued item (its vProd without the IBS/CBS/IS it carries, taxesCarried), to 2
 * places: what every base is computed on (NT 2026.008: the inclusion "não implica sua inclusão na base de cálculo
 * desses tributos"). The inverse of the completion's prodOfYear, to the cent; a vProd through 2026 or of an import
 * comes back as it is. A missing vProd is 0.
 */
export function goodsValueOf(
  vProd: string | undefined,
  shown: ItemTaxesShown,
  year: number,
  cfop: string | undefined,
): string {
  const carried = taxesCarried(shown, year, cfop);
  if (carried.isZero()) return vProd ?? '0';
  return money(new TaxDecimal(vProd || '0').minus(carried));
}

/**
 * A document's totals as printed, for prodFormOf: ICMSTot/vNF, total/vNFTot, IBSCBSTot's gIBS/vIBS, gCBS/vCBS and
 * gMono/vIBSMono, vCBSMono, ISTot/vIS.
 */
export interface DocumentTaxTotals {
  vNF?: string;
  vNFTot?: string;
  vIBS?: string;
  vCBS?: string;
  vIBSMono?: string;
  vCBSMono?: string;
  vIS?: string;
}

/**
 * Which form an issued document's vProd has. 'bruto': NT 2026.008's, the item's IBS/CBS/IS inside vProd from 2027
 * (taxesCarried). 'liquido': NT 2025.002 v1.31's, vProd without them and the taxes added on top, vNFTot = vNF +
 * vIBS + vCBS + vIS (+ the monophasic ones: v1.31's vItem adds vTotIBSMonoItem and vTotCBSMonoItem; W60-10 sums
 * vItem). VB01-10/20 and W60-05/10 are only alerts while the NTs say "Implementação futura" (decision 075), so
 * SEFAZ can authorise a 2027 document in either form: the document's own totals decide. Net only on evidence —
 * a vNFTot that differs from vNF by exactly the document's taxes (to the cent); with no vNFTot, or one equal to
 * vNF, or taxes that add nothing, the NT in force (gross). Through 2026 the taxes are outside vProd in both forms.
 */
export function prodFormOf(totals: DocumentTaxTotals, year: number): 'bruto' | 'liquido' {
  if (year <= LAST_YEAR_WITHOUT_IBS_CBS || !totals.vNFTot || !totals.vNF) return 'bruto';
  const cents = (v: string | undefined) => new TaxDecimal(v || '0').toDecimalPlaces(2);
  const taxes = [totals.vIBS, totals.vCBS, totals.vIBSMono, totals.vCBSMono, totals.vIS].reduce(
    (sum: Decimal, v) => sum.plus(cents(v)),
    new TaxDecimal(0),
  );
  if (taxes.isZero()) return 'bruto';
  return cents(totals.vNFTot).equals(cents(totals.vNF).plus(taxes)) ? 'liquido' : 'bruto';
}
