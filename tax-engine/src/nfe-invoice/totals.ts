import type { Decimal } from 'decimal.js';
import { round2, TaxDecimal } from '../decimal.js';
import { type NfeItemInput, type NfeItemResult, nfeItemValueFields } from '../nfe-item/types.js';
import { type IcmsTotField, icmsTotFields, type NfeTotal } from './types.js';

/** Each ICMSTot figure that sums an item answer field, and that field (vST sums the item's vICMSST). */
const summedFromAnswers = {
  vBC: 'vBC',
  vICMS: 'vICMS',
  vICMSDeson: 'vICMSDeson',
  vFCP: 'vFCP',
  vBCST: 'vBCST',
  vST: 'vICMSST',
  vFCPST: 'vFCPST',
  vFCPSTRet: 'vFCPSTRet',
  vIPI: 'vIPI',
  vIPIDevol: 'vIPIDevol',
  vPIS: 'vPIS',
  vCOFINS: 'vCOFINS',
  vFCPUFDest: 'vFCPUFDest',
  vICMSUFDest: 'vICMSUFDest',
} as const satisfies Partial<Record<IcmsTotField, string>>;
/**
 * ICMSTot figures that sum what the request says of each item (prod group I11–I17; vII from the II group, P04):
 * with nfeTotalSourceFields and icms.indDeduzDeson, what a server that computed the items elsewhere must keep of
 * each request item to sum them.
 */
export const nfeTotalRequestFields = ['vProd', 'vFrete', 'vSeg', 'vDesc', 'vOutro', 'vII'] as const;

/**
 * THE one place where a total may count an item figure as zero: the item answer fields a total sums that the
 * item calculation does not return (yet) — today IPI devolvido (vIPIDevol). Derived from `nfeItemValueFields`, so the day the item answer
 * carries one of them the total sums it with no change here; any other field must exist.
 */
export const itemFieldsCountedAsZero: readonly string[] = Object.values(summedFromAnswers).filter(
  (f) => !(nfeItemValueFields as readonly string[]).includes(f),
);

/**
 * Every item answer field the totals read (sumNfeTotals): what a server that computed the items elsewhere must
 * keep of each answer to sum them.
 */
export const nfeTotalSourceFields: readonly string[] = [
  ...new Set([
    ...Object.values(summedFromAnswers).filter((f) => !itemFieldsCountedAsZero.includes(f)),
    'vICMSDeson',
    'vICMSMonoReten',
    'vBCIBSCBS',
    'vIBSUF',
    'vIBSMun',
    'vCBS',
  ]),
];

/** Below it an amount has at most 13 significant digits in cents: its shortest text is exactly `cents / 100`. */
const CENTS_EXACT_BELOW = 1e11;

/**
 * The exact sum of one figure of every item answer, as the decimal sum of their printed values would give it: in
 * integer cents while every value is a whole number of cents below 10^11 and the sum a safe integer (what the
 * engine's rounded figures are), else in decimals. 500 × 20 decimal additions, each parsing a number's text, were
 * a tenth of the engine's time on a whole invoice (issue 21 figures).
 */
function sumAmounts(answers: Record<string, number>[], source: string): Decimal {
  let cents = 0;
  for (const answer of answers) {
    const value = answer[source]!;
    const c = Math.round(value * 100);
    if (c / 100 !== value || !(Math.abs(value) < CENTS_EXACT_BELOW) || !Number.isSafeInteger(cents + c)) {
      let sum = new TaxDecimal(0);
      for (const a of answers) sum = sum.plus(a[source]!);
      return sum;
    }
    cents += c;
  }
  return new TaxDecimal(cents).dividedBy(100);
}

/**
 * total/ICMSTot and total/IBSCBSTot of a whole NF-e: each figure is the sum of the items' (rule 5xx of the MOC:
 * "Total … difere do somatório dos itens"), in decimals, so 990 items of cents add up exactly.
 *
 * vNF (W16, rejeição 610 of the MOC 7.0 as amended by NT 2023.001 and NT 2023.004, text of NT 2023.004 v1.20):
 *   vProd − vDesc − vICMSDeson + vST + vFCPST + vICMSMonoReten + vFrete + vSeg + vOutro + vII + vIPI + vIPIDevol
 *   (+ vServ, no services here; + PIS/COFINS-ST with indSoma 1, which the engine does not compute: the NF-e
 *   writer adds them from the issuer's groups), where vICMSDeson is deducted only for items whose indDeduzDeson
 *   is not 0. vICMSMonoReten is the monophasic ICMS the seller retains for the next stage (CST 15, NT 2023.001).
 * These are the figures of the goods without IBS/CBS/IS, what every base is computed from. In the NF-e, from 2027
 * each item's vProd also carries its IBS, CBS and IS (NT 2026.008 v1.00, I11), and so vNF and vNFTot do: the writer
 * adds them (nfe-complete/write-totals.ts, taxesInProd; decision 075). Through 2026 vNFTot = vNF without them.
 */
export function sumNfeTotals(items: NfeItemInput['item'][], answers: NfeItemResult[]): NfeTotal {
  const sums = {} as Record<IcmsTotField, Decimal>;
  for (const field of Object.keys(summedFromAnswers) as (keyof typeof summedFromAnswers)[]) {
    const source = summedFromAnswers[field];
    if (itemFieldsCountedAsZero.includes(source)) {
      sums[field] = new TaxDecimal(0);
      continue;
    }
    sums[field] = sumAmounts(answers as unknown as Record<string, number>[], source);
  }
  for (const field of nfeTotalRequestFields) {
    let sum = new TaxDecimal(0);
    // Each item's value as the NF-e stores it (2 decimals), then the sum.
    for (const item of items) if (item[field] !== undefined) sum = sum.plus(round2(item[field]));
    sums[field] = sum;
  }
  let deducted = new TaxDecimal(0);
  for (let i = 0; i < items.length; i++)
    if (items[i]!.icms.indDeduzDeson !== 0) deducted = deducted.plus(answers[i]!.vICMSDeson);
  sums.vNF = sums.vProd
    .minus(sums.vDesc)
    .minus(deducted)
    .plus(sums.vST)
    .plus(sums.vFCPST)
    .plus(sums.vFrete)
    .plus(sums.vSeg)
    .plus(sums.vOutro)
    .plus(sums.vII)
    .plus(sums.vIPI)
    .plus(sums.vIPIDevol)
    .plus(sumAmounts(answers as unknown as Record<string, number>[], 'vICMSMonoReten'));

  const ICMSTot = {} as Record<IcmsTotField, number>;
  // The layout's order (icmsTotFields), which is also the order the answer prints.
  for (const field of icmsTotFields) ICMSTot[field] = sums[field].toNumber();
  const sumOf = (field: 'vBCIBSCBS' | 'vIBSUF' | 'vIBSMun' | 'vCBS') =>
    sumAmounts(answers as unknown as Record<string, number>[], field);
  const vIBSUF = sumOf('vIBSUF');
  const vIBSMun = sumOf('vIBSMun');
  return {
    ICMSTot,
    IBSCBSTot: {
      vBCIBSCBS: sumOf('vBCIBSCBS').toNumber(),
      gIBS: {
        vIBS: vIBSUF.plus(vIBSMun).toNumber(),
        gIBSUF: { vIBSUF: vIBSUF.toNumber() },
        gIBSMun: { vIBSMun: vIBSMun.toNumber() },
      },
      gCBS: { vCBS: sumOf('vCBS').toNumber() },
    },
  };
}
