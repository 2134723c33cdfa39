import { toDecimal } from '../decimal.js';
import { findInterstateRate, isImportedOrigin } from '../interstate-rate.js';
import type { GIbsCbs, NfeItemContext, NfeItemInput, NfeItemResult } from '../nfe-item/types.js';
import { el } from '../nfe-rules/sample-xml.js';
import { child, type XNode } from '../nfe-rules/xml-node.js';
import { money, positive, quantity, rate } from './format.js';
import { writeIcms } from './write-icms.js';

type Item = NfeItemInput['item'];

/** A base the engine recorded, or its zero when the engine charged nothing (the tax extinct in the year, a CST of entry). */
const baseValue = (b: object | undefined, key: string): string =>
  (b as Record<string, string> | undefined)?.[key] ?? '0';
const perQuantity = (b: object | undefined, key: string) => b !== undefined && key in b;

/**
 * IPI (grupo O): IPITrib for CST 00/49/50/99, IPINT otherwise; cEnq 999 (tributação normal) when not sent. The
 * base is the engine's (r.bases.ipi): the operation value it taxed (RIPI art. 190, II and §1º) or the quantity
 * (qUnid, else the item's qTrib); none when it charged nothing (0).
 */
function writeIpi(it: Item, r: NfeItemResult) {
  const ipi = it.ipi;
  if (!ipi) return undefined;
  const taxed = ['00', '49', '50', '99'].includes(ipi.cst);
  const b = r.bases?.ipi;
  const perUnit = perQuantity(b, 'qUnid') || ipi.qUnid !== undefined || ipi.vUnid !== undefined;
  return el('IPI', [
    el('cEnq', ipi.cEnq ?? '999'),
    taxed
      ? el('IPITrib', [
          el('CST', ipi.cst),
          ...(perUnit
            ? [el('qUnid', quantity(baseValue(b, 'qUnid'))), el('vUnid', quantity(ipi.vUnid ?? 0))]
            : [el('vBC', money(baseValue(b, 'vBC'))), el('pIPI', rate(ipi.pIPI ?? 0))]),
          el('vIPI', money(r.vIPI)),
        ])
      : el('IPINT', [el('CST', ipi.cst)]),
  ]);
}

/**
 * PIS or COFINS (grupos Q and S): Aliq for CST 01/02, Qtde for 03, NT for 04–09, Outr for 49–99. The base is the
 * engine's (r.bases): the operation value less the ICMS it taxed (STF RE 574.706, Tema 69), or the quantity
 * (qBCProd, else the item's qTrib); none when it charged nothing (0: a CST of entry, PIS/COFINS extinct from 2027).
 */
function writeContribution(tax: 'PIS' | 'COFINS', it: Item, r: NfeItemResult) {
  const g = tax === 'PIS' ? it.pis : it.cofins;
  if (!g) return undefined;
  const p = tax === 'PIS' ? (g as NonNullable<Item['pis']>).pPIS : (g as NonNullable<Item['cofins']>).pCOFINS;
  const value = el(`v${tax}`, money(tax === 'PIS' ? r.vPIS : r.vCOFINS));
  const b = tax === 'PIS' ? r.bases?.pis : r.bases?.cofins;
  const byValue = [el('vBC', money(baseValue(b, 'vBC'))), el(`p${tax}`, rate(p ?? 0))];
  const byQuantity = [el('qBCProd', quantity(baseValue(b, 'qBCProd'))), el('vAliqProd', quantity(g.vAliqProd ?? 0))];
  const perUnit =
    perQuantity(b, 'qBCProd') || (p === undefined && (g.qBCProd !== undefined || g.vAliqProd !== undefined));
  const cst = g.cst;
  if (cst === '01' || cst === '02') return el(tax, [el(`${tax}Aliq`, [el('CST', cst), ...byValue, value])]);
  if (cst === '03') return el(tax, [el(`${tax}Qtde`, [el('CST', cst), ...byQuantity, value])]);
  if (Number(cst) >= 4 && Number(cst) <= 9) return el(tax, [el(`${tax}NT`, [el('CST', cst)])]);
  return el(tax, [el(`${tax}Outr`, [el('CST', cst), ...(perUnit ? byQuantity : byValue), value])]);
}

/** ICMSUFDest (grupo NA, EC 87/2015): written when the engine found DIFAL due; rates as the engine used them. */
function writeDifal(input: NfeItemInput, r: NfeItemResult, ctx: NfeItemContext) {
  if (!(r.vBCUFDest > 0)) return undefined;
  const it = input.item;
  const op = input.operacao;
  const pFCPUFDest = it.icms.pFCPUFDest ?? ctx.destination?.fcpRate ?? 0;
  const pICMSUFDest = it.icms.pICMSUFDest ?? ctx.destination?.internalRate ?? 0;
  // The legal rate, also in 2029–2032 when the DIFAL is computed with its fraction: PL_010's leiauteNFe_v4.00.xsd
  // admits only 4.00, 7.00 and 12.00 here (an enumeration), so the year's 10.80 would be rejection 225.
  const inter = findInterstateRate(op.ufOrigem, op.ufDestino, { imported: isImportedOrigin(it.origem) }) ?? 0;
  return el('ICMSUFDest', [
    el('vBCUFDest', money(r.vBCUFDest)),
    ...(positive(pFCPUFDest) ? [el('vBCFCPUFDest', money(r.vBCUFDest)), el('pFCPUFDest', rate(pFCPUFDest))] : []),
    el('pICMSUFDest', rate(pICMSUFDest)),
    el('pICMSInter', toDecimal(inter).toFixed(2)),
    // The whole difference goes to the destination since 2019 (EC 87/2015, ADCT art. 99, V).
    el('pICMSInterPart', rate(100)),
    positive(pFCPUFDest) ? el('vFCPUFDest', money(r.vFCPUFDest)) : undefined,
    el('vICMSUFDest', money(r.vICMSUFDest)),
    el('vICMSUFRemet', money(0)),
  ]);
}

/** IS (grupo UB01): the engine's group. */
function writeIs(r: NfeItemResult) {
  const g = r.IS;
  if (!g) return undefined;
  return el('IS', [
    el('CSTIS', g.CSTIS),
    el('cClassTribIS', g.cClassTribIS),
    el('vBCIS', money(g.vBCIS)),
    el('pIS', rate(g.pIS)),
    positive(g.pISEspec) ? el('pISEspec', rate(g.pISEspec)) : undefined,
    ...(g.uTrib && positive(g.qTrib) ? [el('uTrib', g.uTrib), el('qTrib', quantity(g.qTrib))] : []),
    el('vIS', money(g.vIS)),
  ]);
}

type Sphere = GIbsCbs['gIBSUF'] | GIbsCbs['gIBSMun'] | GIbsCbs['gCBS'];
function writeSphere(name: string, p: string, v: string, s: Sphere) {
  const values = s as unknown as Record<string, number>;
  return el(name, [
    el(p, rate(values[p]!)),
    s.gDif ? el('gDif', [el('pDif', rate(s.gDif.pDif)), el('vDif', money(s.gDif.vDif))]) : undefined,
    s.gDevTrib ? el('gDevTrib', [el('vDevTrib', money(s.gDevTrib.vDevTrib))]) : undefined,
    s.gRed ? el('gRed', [el('pRedAliq', rate(s.gRed.pRedAliq)), el('pAliqEfet', rate(s.gRed.pAliqEfet))]) : undefined,
    el(v, money(values[v]!)),
  ]);
}

/** IBSCBS (grupo UB12 of NT 2025.002, TTribNFe of DFeTiposBasicos_v1.00.xsd) from the engine's answer. */
function writeIbsCbs(it: Item, r: NfeItemResult) {
  const req = it.ibscbs;
  if (!req) return undefined;
  const g = r.gIBSCBS;
  const mono = r.gIBSCBSMono;
  // A missing cClassTrib is written empty, never guessed: the schema (225) and UB14-10 then name it.
  const head = [el('CST', req.cst), el('cClassTrib', req.cClassTrib ?? '')];
  if (mono)
    return el('IBSCBS', [
      ...head,
      el('gIBSCBSMono', [
        el('gMonoPadrao', [
          el('qBCMono', quantity(mono.qBCMono)),
          el('adRemIBS', rate(mono.adRemIBS)),
          el('adRemCBS', rate(mono.adRemCBS)),
          el('vIBSMono', money(mono.vIBSMono)),
          el('vCBSMono', money(mono.vCBSMono)),
        ]),
        el('vTotIBSMonoItem', money(mono.vIBSMono)),
        el('vTotCBSMonoItem', money(mono.vCBSMono)),
      ]),
    ]);
  if (!g) return el('IBSCBS', head);
  const reg = g.gTribRegular;
  const gov = g.gTribCompraGov;
  const credit = (name: string, c: GIbsCbs['gIBSCredPres']) =>
    c
      ? el(name, [
          el('pCredPres', rate(c.pCredPres)),
          c.vCredPresCondSus > 0
            ? el('vCredPresCondSus', money(c.vCredPresCondSus))
            : el('vCredPres', money(c.vCredPres)),
        ])
      : undefined;
  const cp = req.gCredPres;
  return el('IBSCBS', [
    ...head,
    el('gIBSCBS', [
      el('vBC', money(g.vBC)),
      writeSphere('gIBSUF', 'pIBSUF', 'vIBSUF', g.gIBSUF),
      writeSphere('gIBSMun', 'pIBSMun', 'vIBSMun', g.gIBSMun),
      el('vIBS', money(g.vIBS)),
      writeSphere('gCBS', 'pCBS', 'vCBS', g.gCBS),
      reg
        ? el('gTribRegular', [
            el('CSTReg', reg.CSTReg),
            el('cClassTribReg', reg.cClassTribReg),
            el('pAliqEfetRegIBSUF', rate(reg.pAliqEfetRegIBSUF)),
            el('vTribRegIBSUF', money(reg.vTribRegIBSUF)),
            el('pAliqEfetRegIBSMun', rate(reg.pAliqEfetRegIBSMun)),
            el('vTribRegIBSMun', money(reg.vTribRegIBSMun)),
            el('pAliqEfetRegCBS', rate(reg.pAliqEfetRegCBS)),
            el('vTribRegCBS', money(reg.vTribRegCBS)),
          ])
        : undefined,
      gov
        ? el('gTribCompraGov', [
            el('pAliqIBSUF', rate(gov.pAliqIBSUF)),
            el('vTribIBSUF', money(gov.vTribIBSUF)),
            el('pAliqIBSMun', rate(gov.pAliqIBSMun)),
            el('vTribIBSMun', money(gov.vTribIBSMun)),
            el('pAliqCBS', rate(gov.pAliqCBS)),
            el('vTribCBS', money(gov.vTribCBS)),
          ])
        : undefined,
    ]),
    cp
      ? el('gCredPresOper', [
          el('vBCCredPres', money(g.vBC)),
          el('cCredPres', cp.cCredPres),
          credit('gIBSCredPres', g.gIBSCredPres),
          credit('gCBSCredPres', g.gCBSCredPres),
        ])
      : undefined,
  ]);
}

/**
 * The imposto group of one item in the schema's order (vTotTrib?, ICMS, IPI?, II?, PIS?, PISST?, COFINS?,
 * COFINSST?, ICMSUFDest?, IS?, IBSCBS?), every tax from the engine's answer. vTotTrib (an estimate of Lei
 * 12.741/2012), II, PISST and COFINSST are figures the engine does not compute: kept as the issuer sent them.
 */
export function writeImposto(
  input: NfeItemInput,
  r: NfeItemResult,
  ctx: NfeItemContext,
  nItem: number,
  sent?: XNode,
): XNode {
  const it = input.item;
  const kept = (name: string) => child(sent, name);
  return el('imposto', [
    kept('vTotTrib'),
    writeIcms(it.icms, r, it.origem ?? 0, nItem),
    writeIpi(it, r),
    kept('II'),
    writeContribution('PIS', it, r),
    kept('PISST'),
    writeContribution('COFINS', it, r),
    kept('COFINSST'),
    writeDifal(input, r, ctx),
    writeIs(r),
    writeIbsCbs(it, r),
  ]);
}
