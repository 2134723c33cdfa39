import { TaxInputError } from '../input-checks.js';
import type { NfeItemIcms, NfeItemResult } from '../nfe-item/types.js';
import { el } from '../nfe-rules/sample-xml.js';
import type { XNode } from '../nfe-rules/xml-node.js';
import { money, moneyLeaf, positive, quantity, rate, rateLeaf } from './format.js';

type Parts = (XNode | undefined)[];

/**
 * The ICMS group of an item (MOC 7.0 grupo N, PL_010 leiauteNFe_v4.00.xsd): the group the CST or CSOSN names,
 * its elements in the schema's order, values from the engine and rates from the request. Optional sequences of
 * the schema (FCP, ST's FCP, relief, deferral) are written whole or not at all.
 */
export function writeIcms(icms: NfeItemIcms, r: NfeItemResult, orig: number, nItem: number): XNode {
  const o = el('orig', String(orig));
  const fcp = positive(icms.pFCP)
    ? [el('vBCFCP', money(r.vBC)), el('pFCP', rate(icms.pFCP!)), el('vFCP', money(r.vFCP))]
    : [];
  // pRedBC comes before vBC in ICMS20/70 and after it in ICMS90/ICMSSN900 (the schema's orders differ).
  const own = (red: 'none' | 'before' | 'after'): Parts => [
    el('modBC', String(icms.modBC ?? 3)),
    red === 'before' ? rateLeaf('pRedBC', icms.pRedBC) : undefined,
    el('vBC', money(r.vBC)),
    red === 'after' ? rateLeaf('pRedBC', icms.pRedBC) : undefined,
    el('pICMS', rate(icms.pICMS ?? 0)),
    el('vICMS', money(r.vICMS)),
  ];
  const st = (): Parts => [
    el('modBCST', String(icms.modBCST ?? 4)),
    positive(r.pMVAST) ? el('pMVAST', rate(r.pMVAST)) : undefined,
    rateLeaf('pRedBCST', icms.pRedBCST),
    el('vBCST', money(r.vBCST)),
    el('pICMSST', rate(icms.pICMSST ?? 0)),
    el('vICMSST', money(r.vICMSST)),
    ...(positive(icms.pFCPST)
      ? [el('vBCFCPST', money(r.vBCFCPST)), el('pFCPST', rate(icms.pFCPST!)), el('vFCPST', money(r.vFCPST))]
      : []),
  ];
  const relief = (): Parts =>
    icms.motDesICMS
      ? [
          el('vICMSDeson', money(r.vICMSDeson)),
          el('motDesICMS', icms.motDesICMS),
          icms.indDeduzDeson === undefined ? undefined : el('indDeduzDeson', String(icms.indDeduzDeson)),
        ]
      : [];
  const retained = (): Parts => [
    ...(icms.vBCSTRet !== undefined
      ? [
          moneyLeaf('vBCSTRet', r.vBCSTRet),
          rateLeaf('pST', icms.pST ?? 0),
          moneyLeaf('vICMSSubstituto', icms.vICMSSubstituto === undefined ? undefined : r.vICMSSubstituto),
          moneyLeaf('vICMSSTRet', r.vICMSSTRet),
        ]
      : []),
    ...(icms.vBCFCPSTRet !== undefined
      ? [
          el('vBCFCPSTRet', money(r.vBCFCPSTRet)),
          rateLeaf('pFCPSTRet', icms.pFCPSTRet ?? 0),
          el('vFCPSTRet', money(r.vFCPSTRet)),
        ]
      : []),
    ...(icms.pICMSEfet !== undefined
      ? [
          rateLeaf('pRedBCEfet', icms.pRedBCEfet ?? 0),
          el('vBCEfet', money(r.vBCEfet)),
          el('pICMSEfet', rate(icms.pICMSEfet)),
          el('vICMSEfet', money(r.vICMSEfet)),
        ]
      : []),
  ];
  const credit = (): Parts =>
    positive(icms.pCredSN) ? [el('pCredSN', rate(icms.pCredSN!)), el('vCredICMSSN', money(r.vCredICMSSN))] : [];
  const monoOwn = (): Parts => [el('qBCMono', quantity(icms.qBCMono ?? 0)), el('adRemICMS', rate(icms.adRemICMS ?? 0))];
  const group = (name: string, code: Parts, body: Parts) => el('ICMS', [el(name, [o, ...code, ...body])]);

  if (icms.csosn) {
    const c = [el('CSOSN', icms.csosn)];
    switch (icms.csosn) {
      case '101':
        return group('ICMSSN101', c, [el('pCredSN', rate(icms.pCredSN ?? 0)), el('vCredICMSSN', money(r.vCredICMSSN))]);
      case '102':
      case '103':
      case '300':
      case '400':
        return group('ICMSSN102', c, []);
      case '201':
        return group('ICMSSN201', c, [
          ...st(),
          el('pCredSN', rate(icms.pCredSN ?? 0)),
          el('vCredICMSSN', money(r.vCredICMSSN)),
        ]);
      case '202':
      case '203':
        return group('ICMSSN202', c, st());
      case '500':
        return group('ICMSSN500', c, retained());
      case '900':
        return group('ICMSSN900', c, [
          ...(icms.pICMS !== undefined ? own('after') : []),
          ...(icms.pICMSST !== undefined ? st() : []),
          ...credit(),
        ]);
    }
  }
  const cst = icms.cst ?? '';
  const c = [el('CST', cst)];
  switch (cst) {
    case '00':
      return group('ICMS00', c, [...own('none'), ...fcp.slice(1)]);
    case '10':
      return group('ICMS10', c, [...own('none'), ...fcp, ...st()]);
    case '20':
      return group('ICMS20', c, [...own('before'), ...fcp, ...relief()]);
    case '30':
      return group('ICMS30', c, [...st(), ...relief()]);
    case '40':
    case '41':
    case '50':
      return group('ICMS40', c, relief());
    case '51':
      return group('ICMS51', c, [
        el('modBC', String(icms.modBC ?? 3)),
        rateLeaf('pRedBC', icms.pRedBC),
        el('vBC', money(r.vBC)),
        el('pICMS', rate(icms.pICMS ?? 0)),
        el('vICMSOp', money(r.vICMSOp)),
        el('pDif', rate(icms.pDif ?? 0)),
        el('vICMSDif', money(r.vICMSDif)),
        el('vICMS', money(r.vICMS)),
        ...fcp,
      ]);
    case '60':
      return group('ICMS60', c, retained());
    // Monophasic fuels (LC 192/2022; NT 2023.001, grupos ICMS02/15/53/61): quantity × ad rem rate per unit.
    case '02':
      return group('ICMS02', c, [...monoOwn(), el('vICMSMono', money(r.vICMSMono))]);
    case '15':
      return group('ICMS15', c, [
        ...monoOwn(),
        el('vICMSMono', money(r.vICMSMono)),
        el('qBCMonoReten', quantity(icms.qBCMonoReten ?? 0)),
        el('adRemICMSReten', rate(icms.adRemICMSReten ?? 0)),
        el('vICMSMonoReten', money(r.vICMSMonoReten)),
      ]);
    case '53':
      return group('ICMS53', c, [
        ...monoOwn(),
        el('vICMSMonoOp', money(r.vICMSMonoOp)),
        el('pDif', rate(icms.pDif ?? 0)),
        el('vICMSMonoDif', money(r.vICMSMonoDif)),
        el('vICMSMono', money(r.vICMSMono)),
      ]);
    case '61':
      return group('ICMS61', c, [
        el('qBCMonoRet', quantity(icms.qBCMonoRet ?? 0)),
        el('adRemICMSRet', rate(icms.adRemICMSRet ?? 0)),
        el('vICMSMonoRet', money(r.vICMSMonoRet)),
      ]);
    case '70':
      return group('ICMS70', c, [...own('before'), ...fcp, ...st(), ...relief()]);
    case '90':
      return group('ICMS90', c, [
        ...(icms.pICMS !== undefined ? [...own('after'), ...fcp] : []),
        ...(icms.pICMSST !== undefined ? st() : []),
        ...relief(),
      ]);
  }
  throw new TaxInputError(
    `det[nItem=${nItem}]/imposto/ICMS`,
    `Item ${nItem}: o CST ${cst || icms.csosn || '(ausente)'} do ICMS não tem grupo que este serviço complete.`,
  );
}
