import type { Decimal } from 'decimal.js';
import { TaxDecimal } from '../decimal.js';
import type { NfeTotal } from '../nfe-invoice/types.js';
import type { NfeItemResult } from '../nfe-item/types.js';
import { el } from '../nfe-rules/sample-xml.js';
import { child, text, type XNode } from '../nfe-rules/xml-node.js';
import { money } from './format.js';
import { monophasicTotals, printedVNFParts } from './printed-totals.js';
import { taxesCarried } from './taxes-in-prod.js';

const sum = (answers: NfeItemResult[], pick: (r: NfeItemResult) => number | undefined): Decimal =>
  answers.reduce((s, r) => s.plus(pick(r) ?? 0), new TaxDecimal(0));

/**
 * What an item's vProd carries besides the value of the goods (taxesCarried, NT 2026.008 v1.00: from 2027 the
 * IBS, CBS — monophasic included — and IS the item shows; nothing through 2026 nor for a CFOP 3xxx), from the
 * engine's answer. The engine computes every tax from the value without them (the ERP's vProd), which the NT keeps
 * out of the bases ("não implica sua inclusão na base de cálculo"); a reader of the issued NF-e takes the same
 * amount back out (goodsValueOf).
 */
export function taxesInProd(r: NfeItemResult, year: number, cfop: string | undefined): Decimal {
  const mono = r.gIBSCBSMono;
  return taxesCarried(
    mono
      ? { vIBSMono: mono.vIBSMono, vCBSMono: mono.vCBSMono, vIS: r.IS?.vIS }
      : { vIBS: r.gIBSCBS?.vIBS, vCBS: r.gIBSCBS?.gCBS.vCBS, vIS: r.IS?.vIS },
    year,
    cfop,
  );
}

/** A unit value of TDec_1110v (up to 10 places): vProd ÷ quantity, so that quantity × unit gives vProd back. */
const unit = (vProd: Decimal, q: string | undefined) =>
  q && new TaxDecimal(q).gt(0) ? vProd.dividedBy(q).toDecimalPlaces(10).toFixed(10) : undefined;

/**
 * The det's prod with the year's vProd: from 2027 the value the ERP sent (the goods without IBS/CBS/IS, the
 * engine's base) plus taxesInProd, and vUnCom/vUnTrib re-derived from it (NT 2026.008's vUnComLiq is the unit
 * value "sem a inclusão de tributos", so vUnCom includes them). Unchanged through 2026 and in imports.
 */
export function prodOfYear(prod: XNode, r: NfeItemResult, year: number): XNode {
  const added = taxesInProd(r, year, text(prod, 'CFOP'));
  if (added.isZero()) return prod;
  const vProd = new TaxDecimal(text(prod, 'vProd') ?? '0').plus(added);
  const set: Record<string, string | undefined> = {
    vProd: money(vProd),
    vUnCom: unit(vProd, text(prod, 'qCom')),
    vUnTrib: unit(vProd, text(prod, 'qTrib')),
  };
  return {
    ...prod,
    children: prod.children.map((c) => (set[c.name] === undefined ? c : { ...c, text: set[c.name]!, children: [] })),
  };
}

/**
 * The total group (W) from the engine's sums: ICMSTot in the schema's order, ISTot, IBSCBSTot (NT 2025.002, W34)
 * with each sphere's deferral, refund and presumed credit summed from the items (rules W36–W58 compare them with
 * the items), and vNFTot. ISSQNtot and retTrib are the issuer's and are kept as sent.
 *
 * vProd and vNF are the engine's (the goods without IBS/CBS/IS) plus, from 2027, each item's taxesInProd — the
 * sum of the dets' vProd (W07-10) and vNF by W16 over it. vNFTot (W60a) is Σ vItem (W60-10), and vItem adds nothing
 * to the ICMS-era parts (NT 2026.008 v1.00 struck out NT 2025.002's "(+) vIBS (+) vCBS (+) vIS"): IBS and CBS "não
 * deverão ser adicionados novamente" to vNFTot. So vNFTot = vNF in every year: without IBS/CBS/IS through 2026,
 * with them (inside vProd) from 2027.
 *
 * `dets` are the completed dets, in order (their CFOPs: imports keep their vProd). What ICMSTot sums of what they
 * print beyond the engine's answer (printed-totals.ts): the monophasic totals of NT 2023.001 (W06b.1–W06e) and
 * vIPIDevol (Σ impostoDevol, kept as the issuer sent it); vNF, the engine's by W16-10 (vICMSMonoReten included, NT
 * 2023.001), adds that vIPIDevol (not in the faturamento direto of vehicles) and the PIS/COFINS-ST with indSoma 1.
 * vItem, which VB01-10 composes the same way, is dropped by the completion (complete-nfe.ts).
 */
export function writeTotals(
  total: NfeTotal,
  answers: NfeItemResult[],
  year: number,
  sent: XNode | undefined,
  hasIbsCbs: boolean,
  dets: XNode[] = [],
): XNode {
  const t = total.ICMSTot;
  const inProd = answers.reduce(
    (s, r, i) => s.plus(taxesInProd(r, year, text(dets[i], 'prod/CFOP'))),
    new TaxDecimal(0),
  );
  const kept = printedVNFParts(dets);
  // The engine's vIPIDevol (counted as zero: it computes no returned IPI) gives way to the dets' printed one.
  const vNF = new TaxDecimal(t.vNF)
    .minus(t.vIPIDevol)
    .plus(inProd)
    .plus(kept.direct ? 0 : kept.vIPIDevol)
    .plus(kept.stSummed);
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
    ...monophasicTotals(dets),
    el('vProd', money(new TaxDecimal(t.vProd).plus(inProd))),
    el('vFrete', money(t.vFrete)),
    el('vSeg', money(t.vSeg)),
    el('vDesc', money(t.vDesc)),
    el('vII', money(t.vII)),
    el('vIPI', money(t.vIPI)),
    el('vIPIDevol', money(kept.vIPIDevol)),
    el('vPIS', money(t.vPIS)),
    el('vCOFINS', money(t.vCOFINS)),
    el('vOutro', money(t.vOutro)),
    el('vNF', money(vNF)),
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
  return el('total', [
    icmsTot,
    child(sent, 'ISSQNtot'),
    child(sent, 'retTrib'),
    hasIs ? el('ISTot', [el('vIS', money(vIS))]) : undefined,
    ibsCbsTot,
    hasIbsCbs || hasIs ? el('vNFTot', money(vNF)) : undefined,
  ]);
}
