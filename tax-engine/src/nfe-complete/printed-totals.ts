import type { Decimal } from 'decimal.js';
import { TaxDecimal } from '../decimal.js';
import { el } from '../nfe-rules/sample-xml.js';
import { child, firstChild, text, type XNode } from '../nfe-rules/xml-node.js';
import { money } from './format.js';

/** Σ of a leaf over the completed dets, read as printed (what the totals rules compare), and whether any det has it. */
function sumOf(dets: XNode[], pick: (det: XNode) => string | undefined): { any: boolean; sum: Decimal } {
  let any = false;
  let sum = new TaxDecimal(0);
  for (const det of dets) {
    const v = pick(det);
    if (v === undefined || v === '') continue;
    any = true;
    sum = sum.plus(v);
  }
  return { any, sum };
}

const icmsLeaf = (tag: string) => (det: XNode) => text(firstChild(child(child(det, 'imposto'), 'ICMS')), tag);

/**
 * ICMSTot's monophasic fuel totals (NT 2023.001, leiaute W06b.1–W06e; PL_009_V4 and PL_010 leiauteNFe_v4.00.xsd,
 * each `TDec_1302 minOccurs="0"`, between vFCPSTRet and vProd), in the schema's order, each "correspondente ao total
 * da soma dos campos" of the items: qBCMono (N37a) and vICMSMono (N39) of ICMS02/15/53, qBCMonoReten (N39a) and
 * vICMSMonoReten (N41) of ICMS15, qBCMonoRet (N43a) and vICMSMonoRet (N45) of ICMS61 — rules W06b.1-10 to W06e-10
 * of the NT. A pair is written when some item carries its values, and left out otherwise (the layout's minOccurs 0).
 * The quantity totals are of type TDec_1302 (2 places) while the items' are TDec_1104v (up to 4): the sum of the
 * printed quantities is rounded half-up to the cent, the only form the schema admits.
 */
export function monophasicTotals(dets: XNode[]): XNode[] {
  const out: XNode[] = [];
  for (const [q, v] of [
    ['qBCMono', 'vICMSMono'],
    ['qBCMonoReten', 'vICMSMonoReten'],
    ['qBCMonoRet', 'vICMSMonoRet'],
  ] as const) {
    const value = sumOf(dets, icmsLeaf(v));
    const quantity = sumOf(dets, icmsLeaf(q));
    if (!value.any && !quantity.any) continue;
    out.push(el(q, money(quantity.sum)), el(v, money(value.sum)));
  }
  return out;
}

/**
 * What vNF adds beyond the engine's sum (which has vICMSMonoReten, sumNfeTotals), from what the completed dets print
 * and the engine did not compute (W16-10 as NT 2023.004 v1.20 publishes it: "(+) vPIS (id: R06, campo: PISST/vPIS),
 * se indSomaPISST=1 (+) vCofins (id: T06, campo: COFINSST/vCOFINS), se indSomaCOFINSST=1", since NT 2020.005;
 * "(+) vIPIDevol (id: W12a)" outside Exceção 1):
 * - `vIPIDevol`: Σ det/impostoDevol/IPI/vIPIDevol (UA04) — the issuer's group, kept as sent (the engine computes no
 *   returned IPI): ICMSTot/vIPIDevol "corresponde ao total da soma dos campos id: UA04" (the XSD's documentation);
 * - `stSummed`: PISST/vPIS and COFINSST/vCOFINS whose indSoma is 1 — the issuer's groups, kept as sent.
 * `direct` is the faturamento direto of new vehicles (veicProd/tpOp = 2), whose vNF leaves vIPIDevol out (Exceção 1).
 */
export function printedVNFParts(dets: XNode[]): {
  vIPIDevol: Decimal;
  stSummed: Decimal;
  direct: boolean;
} {
  const imp = (det: XNode, group: string) => child(child(det, 'imposto'), group);
  const summed = (group: 'PISST' | 'COFINSST', flag: string, value: string) => (det: XNode) =>
    text(imp(det, group), flag) === '1' ? text(imp(det, group), value) : undefined;
  return {
    vIPIDevol: sumOf(dets, (det) => text(det, 'impostoDevol/IPI/vIPIDevol')).sum,
    stSummed: sumOf(dets, summed('PISST', 'indSomaPISST', 'vPIS')).sum.plus(
      sumOf(dets, summed('COFINSST', 'indSomaCOFINSST', 'vCOFINS')).sum,
    ),
    direct: dets.some((det) => text(det, 'prod/veicProd/tpOp') === '2'),
  };
}
