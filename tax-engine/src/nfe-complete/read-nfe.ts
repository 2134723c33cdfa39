import { TaxInputError } from '../input-checks.js';
import { at, child, children, firstChild, text, type XNode } from '../nfe-rules/xml-node.js';
import { icmsContributorOf, itemRequestOf, type NfeItemTags } from './item-request.js';

/**
 * An NF-e whose taxes are to be completed, read from its element tree: the operation and, per det, the request
 * item of POST /tax/calculate (tag names, values as the XML writes them). Only what the issuer decides is read —
 * product values, CST/CSOSN, cClassTrib and the rates the law leaves to the issuer; any value or base the XML
 * carries in its tax groups is ignored, because the engine computes it.
 */
export interface NfeToComplete {
  /** The NFe element (of an NFe or nfeProc root). */
  nfe: XNode;
  infNFe: XNode;
  /** AAAA-MM-DD of dhEmi. */
  data: string;
  operacao: Record<string, unknown>;
  dets: { nItem: number; det: XNode; item: Record<string, unknown> }[];
}

/**
 * The item's tags (itemRequestOf's plain description): det/prod's own leaves, and each leaf of det/imposto as
 * 'GROUP.tag' (the first of its name, as the documents store it) and under its path ('IBSCBS/gIBSCBS/gCBS/gDif/pDif').
 */
export function nfeItemTagsOf(prod: XNode, imposto: XNode): NfeItemTags {
  const p: Record<string, string> = {};
  for (const c of prod.children) if (c.children.length === 0) p[c.name] = c.text;
  const taxes: Record<string, string> = {};
  const walk = (group: string, path: string, n: XNode) => {
    for (const c of n.children) {
      if (c.children.length > 0) {
        walk(group, `${path}/${c.name}`, c);
        continue;
      }
      const flat = `${group}.${c.name}`;
      if (!taxes[flat]) taxes[flat] = c.text;
      taxes[`${path}/${c.name}`] = c.text;
    }
  };
  for (const g of imposto.children) walk(g.name, g.name, g);
  return { prod: p, taxes };
}

/**
 * The item groups the engine does not compute, and why (MOC 7.0 annex I): the completion refuses the item naming
 * the group rather than write a group of another kind in its place (an ICMSPart carries CST 10 or 90, an ICMSST
 * CST 41 or 60, which ICMS10/90/40/60 would otherwise take, dropping the partilha or the repasse).
 */
function notComputedGroup(imposto: XNode): { path: string; why: string } | undefined {
  if (child(imposto, 'ISSQN'))
    return { path: 'ISSQN', why: 'o ISSQN, imposto municipal dos serviços (LC 116/2003, grupo U do MOC)' };
  const icms = firstChild(child(imposto, 'ICMS'));
  if (icms?.name === 'ICMSPart')
    return {
      path: 'ICMS/ICMSPart',
      why: 'a partilha do ICMS entre a UF de origem e a UF definida na legislação (pBCOp, UFST; grupo N10a do MOC)',
    };
  if (icms?.name === 'ICMSST')
    return {
      path: 'ICMS/ICMSST',
      why: 'o repasse à UF de destino do ICMS-ST retido anteriormente (vBCSTDest, vICMSSTDest; grupo N10b do MOC)',
    };
  return undefined;
}

/** Reads the operation and every item's request from an NFe element (readNfeBody or findNfe finds it). */
export function readNfeToComplete(nfe: XNode): NfeToComplete {
  const infNFe = child(nfe, 'infNFe')!;
  const ide = child(infNFe, 'ide');
  const emit = child(infNFe, 'emit');
  const dest = child(infNFe, 'dest');
  const dhEmi = text(ide, 'dhEmi') ?? '';
  const ufOrigem = text(emit, 'enderEmit/UF');
  const operacao: Record<string, unknown> = {
    ufOrigem,
    // An NFC-e to an unidentified consumer has no dest: the sale is at the issuer's own state.
    ufDestino: text(dest, 'enderDest/UF') ?? ufOrigem,
    consumidorFinal: text(ide, 'indFinal') === '1',
    // 1 and 2 (isento de inscrição) are contributors; 9 or no dest is not (icmsContributorOf, decision 074).
    contribuinte: icmsContributorOf(text(dest, 'indIEDest')),
    data: dhEmi.slice(0, 10),
  };
  const crt = text(emit, 'CRT');
  if (crt) operacao.crt = Number(crt);
  const cMunFGIBS = text(ide, 'cMunFGIBS');
  if (cMunFGIBS) operacao.cMunFG = cMunFGIBS;
  const govNode = at(ide, 'gCompraGov');
  const gov = govNode
    ? { tpEnteGov: Number(text(govNode, 'tpEnteGov')), pRedutor: text(govNode, 'pRedutor') }
    : undefined;
  const dets = children(infNFe, 'det').map((det, i) => {
    const nItem = Number(det.attrs.nItem ?? i + 1);
    const prod = child(det, 'prod');
    const imposto = child(det, 'imposto');
    if (!prod || !imposto)
      throw new TaxInputError(
        `det[nItem=${nItem}]/${prod ? 'imposto' : 'prod'}`,
        `Item ${nItem}: o det precisa dos grupos prod e imposto.`,
      );
    const notComputed = notComputedGroup(imposto);
    if (notComputed)
      throw new TaxInputError(
        `det[nItem=${nItem}]/imposto/${notComputed.path}`,
        `Item ${nItem}: grupo ${notComputed.path}: o motor não calcula ${notComputed.why}; informe os impostos deste item no ERP e envie a NF-e sem ele, ou valide-a pronta em /nfe/validate.`,
      );
    if (!firstChild(child(imposto, 'ICMS')))
      throw new TaxInputError(
        `det[nItem=${nItem}]/imposto/ICMS`,
        `Item ${nItem}: informe o grupo ICMS com o CST ou o CSOSN (imposto/ICMS).`,
      );
    const item = itemRequestOf(nfeItemTagsOf(prod, imposto)) as Record<string, unknown>;
    // A government purchase (ide/gCompraGov) is the operation's; the request states it in each item's IBSCBS.
    if (gov && item.ibscbs) (item.ibscbs as Record<string, unknown>).gTribCompraGov = gov;
    return { nItem, det, item };
  });
  return { nfe, infNFe, data: dhEmi.slice(0, 10), operacao, dets };
}
