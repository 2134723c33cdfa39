import { TaxInputError } from '../input-checks.js';
import { at, child, children, firstChild, text, type XNode } from '../nfe-rules/xml-node.js';

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

type Leaves = Record<string, string>;

/** The leaves of a group (and of its single inner group, as ICMS/ICMS00), by tag name. */
function leavesOf(node: XNode | undefined): Leaves {
  const out: Leaves = {};
  const walk = (n: XNode) => {
    for (const c of n.children) {
      if (c.children.length === 0) out[c.name] = c.text;
      else walk(c);
    }
  };
  if (node) walk(node);
  return out;
}

/** The direct leaf children of a node, by tag name. */
function ownLeaves(node: XNode): Leaves {
  const out: Leaves = {};
  for (const c of node.children) if (c.children.length === 0) out[c.name] = c.text;
  return out;
}

/** Copies the leaves named in `names` (request name ← tag name) that are present. */
function pick(leaves: Leaves, names: Record<string, string>, numeric: readonly string[] = []) {
  const out: Record<string, unknown> = {};
  for (const [key, tag] of Object.entries(names)) {
    const v = leaves[tag];
    if (v === undefined || v === '') continue;
    out[key] = numeric.includes(key) ? Number(v) : v;
  }
  return out;
}

const same = (...tags: string[]) => Object.fromEntries(tags.map((t) => [t, t]));

const icmsRates = same(
  'modBC',
  'pICMS',
  'pRedBC',
  'modBCST',
  'pMVAST',
  'pRedBCST',
  'pICMSST',
  'pFCP',
  'pFCPST',
  'motDesICMS',
  'pDif',
  'pCredSN',
  'vBCSTRet',
  'pST',
  'vICMSSubstituto',
  'vBCFCPSTRet',
  'pFCPSTRet',
  'pRedBCEfet',
  'pICMSEfet',
  'indDeduzDeson',
);

/** The ICMS group of the request: CST or CSOSN and the rates the issuer decides (values are recomputed). */
function readIcms(imposto: XNode, prod: XNode, nItem: number) {
  const group = firstChild(child(imposto, 'ICMS'));
  if (!group)
    throw new TaxInputError(
      `det[nItem=${nItem}]/imposto/ICMS`,
      `Item ${nItem}: informe o grupo ICMS com o CST ou o CSOSN (imposto/ICMS).`,
    );
  const leaves = leavesOf(group);
  const icms: Record<string, unknown> = {
    ...pick(leaves, { cst: 'CST', csosn: 'CSOSN' }),
    ...pick(leaves, icmsRates, ['modBC', 'modBCST', 'indDeduzDeson']),
  };
  // The DIFAL rates an issuer may state (the state rule's are used otherwise).
  Object.assign(icms, pick(leavesOf(child(imposto, 'ICMSUFDest')), same('pICMSUFDest', 'pFCPUFDest')));
  const cBenef = text(prod, 'cBenef');
  if (cBenef) icms.cBenef = cBenef;
  return { icms, orig: leaves.orig };
}

/** PIS or COFINS: CST and its rate (per value or per unit). */
function readContribution(imposto: XNode, tax: 'PIS' | 'COFINS') {
  const node = child(imposto, tax);
  if (!node) return undefined;
  const leaves = leavesOf(node);
  return pick(leaves, { cst: 'CST', [`p${tax}`]: `p${tax}`, qBCProd: 'qBCProd', vAliqProd: 'vAliqProd' });
}

function readIpiGroup(node: XNode) {
  const inner = child(node, 'IPITrib') ?? child(node, 'IPINT');
  const leaves = leavesOf(inner);
  return {
    ...pick(leaves, { cst: 'CST', pIPI: 'pIPI', qUnid: 'qUnid', vUnid: 'vUnid' }),
    ...pick(ownLeaves(node), { cEnq: 'cEnq' }),
  };
}

const spheres = { IBSUF: 'gIBSUF', IBSMun: 'gIBSMun', CBS: 'gCBS' } as const;

/** IBSCBS: CST, cClassTrib and what the issuer states (deferral, refund, regular regime, presumed credit). */
function readIbsCbs(imposto: XNode, gov: Record<string, unknown> | undefined) {
  const node = child(imposto, 'IBSCBS');
  if (!node) return undefined;
  const out: Record<string, unknown> = pick(ownLeaves(node), {
    cst: 'CST',
    cClassTrib: 'cClassTrib',
  });
  const g = child(node, 'gIBSCBS');
  const gDif: Record<string, string> = {};
  const gDevTrib: Record<string, string> = {};
  for (const [tax, tag] of Object.entries(spheres)) {
    const pDif = text(g, `${tag}/gDif/pDif`);
    if (pDif) gDif[`pDif${tax}`] = pDif;
    const vDev = text(g, `${tag}/gDevTrib/vDevTrib`);
    if (vDev) gDevTrib[`vDevTrib${tax}`] = vDev;
  }
  if (Object.keys(gDif).length > 0) out.gDif = gDif;
  if (Object.keys(gDevTrib).length > 0) out.gDevTrib = gDevTrib;
  const reg = child(g, 'gTribRegular');
  if (reg) out.gTribRegular = pick(leavesOf(reg), same('CSTReg', 'cClassTribReg'));
  const cred = child(node, 'gCredPresOper');
  if (cred) {
    const cp: Record<string, unknown> = pick(ownLeaves(cred), {
      cCredPres: 'cCredPres',
    });
    const ibs = child(cred, 'gIBSCredPres');
    const cbs = child(cred, 'gCBSCredPres');
    if (ibs) cp.pCredPresIBS = text(ibs, 'pCredPres');
    if (cbs) cp.pCredPresCBS = text(cbs, 'pCredPres');
    if (child(ibs ?? cbs, 'vCredPresCondSus')) cp.condicaoSuspensiva = true;
    out.gCredPres = cp;
  }
  if (gov) out.gTribCompraGov = gov;
  return out;
}

function readIs(imposto: XNode) {
  const node = child(imposto, 'IS');
  if (!node) return undefined;
  return pick(leavesOf(node), same('CSTIS', 'cClassTribIS', 'pIS', 'pISEspec', 'uTrib', 'qTrib'));
}

/** The NFe of an NFe or nfeProc tree; the caller has checked that it is one (model 55/65). */
export function nfeElementOf(root: XNode): XNode {
  return root.name === 'nfeProc' ? (child(root, 'NFe') ?? root) : root;
}

/** Reads the operation and every item's request from an NF-e tree (NFe or nfeProc). */
export function readNfeToComplete(root: XNode): NfeToComplete {
  const nfe = nfeElementOf(root);
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
    contribuinte: text(dest, 'indIEDest') === '1',
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
    if (child(imposto, 'ISSQN'))
      throw new TaxInputError(
        `det[nItem=${nItem}]/imposto/ISSQN`,
        `Item ${nItem}: itens de serviço (ISSQN) não são calculados por este serviço; informe os impostos do item.`,
      );
    const p = ownLeaves(prod);
    const { icms, orig } = readIcms(imposto, prod, nItem);
    const item: Record<string, unknown> = {
      ...pick(p, {
        vProd: 'vProd',
        vFrete: 'vFrete',
        vSeg: 'vSeg',
        vOutro: 'vOutro',
        vDesc: 'vDesc',
        qCom: 'qCom',
        vUnCom: 'vUnCom',
        uCom: 'uCom',
        qTrib: 'qTrib',
        vUnTrib: 'vUnTrib',
        uTrib: 'uTrib',
        ncm: 'NCM',
        cest: 'CEST',
      }),
      icms,
    };
    if (orig !== undefined && orig !== '') item.origem = Number(orig);
    const vII = text(imposto, 'II/vII');
    if (vII) item.vII = vII;
    const optional = {
      ipi: readIpiGroupOf(imposto),
      pis: readContribution(imposto, 'PIS'),
      cofins: readContribution(imposto, 'COFINS'),
      ibscbs: readIbsCbs(imposto, gov),
      is: readIs(imposto),
    };
    for (const [k, v] of Object.entries(optional)) if (v) item[k] = v;
    return { nItem, det, item };
  });
  return { nfe, infNFe, data: dhEmi.slice(0, 10), operacao, dets };
}

function readIpiGroupOf(imposto: XNode) {
  const node = child(imposto, 'IPI');
  return node ? readIpiGroup(node) : undefined;
}
