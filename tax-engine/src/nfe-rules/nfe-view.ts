import { child, children, firstChild, text, type XNode } from './xml-node.js';

/** One det: its number, prod and imposto nodes, and the tag path prefix used in findings. */
export interface ItemView {
  nItem: number;
  node: XNode;
  prod: XNode | undefined;
  imposto: XNode | undefined;
  /** The ICMS group actually sent (ICMS00, ICMSSN102 …), or undefined. */
  icms: XNode | undefined;
  /** IBSCBS group of NT 2025.002, or undefined. */
  ibscbs: XNode | undefined;
  path: string;
}

/**
 * The parts of an NF-e the rules read, located once: ide, emit, dest, each det and the totals. Paths in findings
 * start at NFe/infNFe, whether the document came as NFe or nfeProc.
 */
export interface NfeView {
  /**
   * The NFe element (parent of infNFe), where the caller has it: infNFeSupl (the NFC-e's QR-Code) and Signature are
   * siblings of infNFe (rules-qrcode.ts). validateNfeRules always passes it.
   */
  nfe?: XNode;
  infNFe: XNode;
  ide: XNode | undefined;
  emit: XNode | undefined;
  dest: XNode | undefined;
  items: ItemView[];
  total: XNode | undefined;
  icmsTot: XNode | undefined;
  ibscbsTot: XNode | undefined;
  modelo: string;
  crt: string;
  /** AAAA-MM-DD of dhEmi (the emitter's local date as written). */
  emissao: string | null;
}

export const root = 'NFe/infNFe';

export function viewNfe(infNFe: XNode, nfe?: XNode): NfeView {
  const ide = child(infNFe, 'ide');
  const total = child(infNFe, 'total');
  const items = children(infNFe, 'det').map((det, i): ItemView => {
    const nItem = Number(det.attrs.nItem) || i + 1;
    const imposto = child(det, 'imposto');
    return {
      nItem,
      node: det,
      prod: child(det, 'prod'),
      imposto,
      icms: firstChild(child(imposto, 'ICMS')),
      ibscbs: child(imposto, 'IBSCBS'),
      path: `${root}/det[nItem=${nItem}]`,
    };
  });
  const dhEmi = text(ide, 'dhEmi');
  return {
    nfe,
    infNFe,
    ide,
    emit: child(infNFe, 'emit'),
    dest: child(infNFe, 'dest'),
    items,
    total,
    icmsTot: child(total, 'ICMSTot'),
    ibscbsTot: child(total, 'IBSCBSTot'),
    modelo: text(ide, 'mod') ?? '',
    crt: text(infNFe, 'emit/CRT') ?? '',
    emissao: dhEmi && /^\d{4}-\d{2}-\d{2}/.test(dhEmi) ? dhEmi.slice(0, 10) : null,
  };
}

/** A field of ide ('finNFe', 'idDest' …). */
export const ide = (d: NfeView, tag: string) => text(d.ide, tag);

/** The item's CFOP ('' when absent). */
export const cfopOf = (it: ItemView) => text(it.prod, 'CFOP') ?? '';

/** The item's ICMS CST (undefined with a CSOSN or no ICMS group). */
export const cstOf = (it: ItemView) => text(it.icms, 'CST');

/** The path of the item's ICMS group as sent (…/imposto/ICMS/ICMS00), for findings. */
export const icmsPath = (it: ItemView) => `${it.path}/imposto/ICMS/${it.icms?.name ?? 'ICMS'}`;

/** A group inside imposto (IPI, II, PISST, COFINSST, ISSQN, ICMSUFDest; impostoDevol is beside imposto). */
export const taxGroup = (it: ItemView, name: string) => child(it.imposto, name);

// The engine's one finder of the NFe in an NFe or nfeProc tree (nfe-element.ts).
export { findInfNFe, findNfe } from '../nfe-element.js';
