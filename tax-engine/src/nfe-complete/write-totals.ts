import type { Decimal } from 'decimal.js';
import { TaxDecimal } from '../decimal.js';
import type { NfeTotal } from '../nfe-invoice/types.js';
import type { NfeItemResult } from '../nfe-item/types.js';
import { LAST_YEAR_WITHOUT_IBS_CBS } from '../nfe-rules/rules-item-total.js';
import { el } from '../nfe-rules/sample-xml.js';
import { child, type XNode } from '../nfe-rules/xml-node.js';
import { money } from './format.js';

const sum = (answers: NfeItemResult[], pick: (r: NfeItemResult) => number | undefined): Decimal =>
  answers.reduce((s, r) => s.plus(pick(r) ?? 0), new TaxDecimal(0));

/**
 * The total group (W) from the engine's sums: ICMSTot in the schema's order, ISTot, IBSCBSTot (NT 2025.002, W34)
 * with each sphere's deferral, refund and presumed credit summed from the items (rules W36–W58 compare them with
 * the items), and vNFTot. ISSQNtot and retTrib are the issuer's and are kept as sent.
 *
 * vNFTot (W60a) is Σ vItem (W60-10), and vItem adds vIBS, vCBS and vIS to the item's ICMS-era parts "Exceção 1: Em
 * 2025 e 2026 não somar vIBS, vCBS, vIS, vTotIBSMonoItem, vTotCBSMonoItem" (NT 2025.002-RTC v1.31, VB01-10/VB01-20):
 * vNFTot = vNF in 2026, vNF + IBS + CBS + IS from 2027. (NT 2026.008 v1.00 later puts IBS/CBS/IS inside vProd from
 * 2027 instead; the engine does not write that form yet.)
 */
export function writeTotals(
  total: NfeTotal,
  answers: NfeItemResult[],
  year: number,
  sent: XNode | undefined,
  hasIbsCbs: boolean,
): XNode {
  const t = total.ICMSTot;
  const difal = answers.some((r) => r.vBCUFDest > 0);
  const icmsTot = el('ICMSTot', [
    el('vBC', money(t.vBC)),
    el('vICMS', money(t.vICMS)),
    el('vICMSDeson', money(t.vICMSDeson)),
    ...(difal
      ? [el('vFCPUFDest', money(t.vFCPUFDest)), el('vICMSUFDest', money(t.vICMSUFDest)), el('vICMSUFRemet', money(0))]
      : []),
    el('vFCP', money(t.vFCP)),
    el('vBCST', money(t.vBCST)),
    el('vST', money(t.vST)),
    el('vFCPST', money(t.vFCPST)),
    el('vFCPSTRet', money(t.vFCPSTRet)),
    el('vProd', money(t.vProd)),
    el('vFrete', money(t.vFrete)),
    el('vSeg', money(t.vSeg)),
    el('vDesc', money(t.vDesc)),
    el('vII', money(t.vII)),
    el('vIPI', money(t.vIPI)),
    el('vIPIDevol', money(t.vIPIDevol)),
    el('vPIS', money(t.vPIS)),
    el('vCOFINS', money(t.vCOFINS)),
    el('vOutro', money(t.vOutro)),
    el('vNF', money(t.vNF)),
    child(child(sent, 'ICMSTot'), 'vTotTrib'),
  ]);
  const hasIs = answers.some((r) => r.IS);
  const vIS = sum(answers, (r) => r.vIS);
  const g = (r: NfeItemResult) => r.gIBSCBS;
  const sphere = (name: 'gIBSUF' | 'gIBSMun' | 'gCBS', value: 'vIBSUF' | 'vIBSMun' | 'vCBS') => [
    el('vDif', money(sum(answers, (r) => g(r)?.[name].gDif?.vDif))),
    el('vDevTrib', money(sum(answers, (r) => g(r)?.[name].gDevTrib?.vDevTrib))),
    el(value, money(sum(answers, (r) => r[value]))),
  ];
  const credit = (name: 'gIBSCredPres' | 'gCBSCredPres') => [
    el('vCredPres', money(sum(answers, (r) => g(r)?.[name]?.vCredPres))),
    el('vCredPresCondSus', money(sum(answers, (r) => g(r)?.[name]?.vCredPresCondSus))),
  ];
  const mono = answers.some((r) => r.gIBSCBSMono);
  const ib = total.IBSCBSTot;
  const ibsCbsTot = hasIbsCbs
    ? el('IBSCBSTot', [
        el('vBCIBSCBS', money(ib.vBCIBSCBS)),
        el('gIBS', [
          el('gIBSUF', sphere('gIBSUF', 'vIBSUF')),
          el('gIBSMun', sphere('gIBSMun', 'vIBSMun')),
          el('vIBS', money(ib.gIBS.vIBS)),
          ...credit('gIBSCredPres'),
        ]),
        el('gCBS', [...sphere('gCBS', 'vCBS'), ...credit('gCBSCredPres')]),
        mono
          ? el('gMono', [
              el('vIBSMono', money(sum(answers, (r) => r.gIBSCBSMono?.vIBSMono))),
              el('vCBSMono', money(sum(answers, (r) => r.gIBSCBSMono?.vCBSMono))),
              ...['vIBSMonoReten', 'vCBSMonoReten', 'vIBSMonoRet', 'vCBSMonoRet'].map((n) => el(n, money(0))),
            ])
          : undefined,
      ])
    : undefined;
  const added =
    year > LAST_YEAR_WITHOUT_IBS_CBS ? new TaxDecimal(ib.gIBS.vIBS).plus(ib.gCBS.vCBS).plus(vIS) : new TaxDecimal(0);
  return el('total', [
    icmsTot,
    child(sent, 'ISSQNtot'),
    child(sent, 'retTrib'),
    hasIs ? el('ISTot', [el('vIS', money(vIS))]) : undefined,
    ibsCbsTot,
    hasIbsCbs || hasIs ? el('vNFTot', money(new TaxDecimal(t.vNF).plus(added))) : undefined,
  ]);
}
