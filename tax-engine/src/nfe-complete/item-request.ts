import type { NfeItemInput } from '../nfe-item/types.js';
import { goodsValueOf, shownTaxesOf } from './taxes-in-prod.js';

/**
 * An NF-e item as its layout writes it, in plain text: what an XML (POST /nfe/complete) and a stored document (the
 * documents audit) can both give. `prod` holds det/prod's leaves by tag; `taxes` each leaf of det/imposto as
 * 'GROUP.tag' ('ICMS.CST', 'IPI.pIPI', 'IBSCBS.cClassTrib'), the first of its name in its group — the documents'
 * stored shape. The IBS/CBS spheres repeat tag names (pDif in gIBSUF, gIBSMun and gCBS), so their leaves are read
 * by their path under imposto ('IBSCBS/gIBSCBS/gCBS/gDif/pDif'), which only a reader of the whole XML gives.
 */
export interface NfeItemTags {
  prod: Readonly<Record<string, string | undefined>>;
  taxes: Readonly<Record<string, string | undefined>>;
}

export interface ItemRequestOptions {
  /**
   * The documents audit's reading of a stored item: a value the request would refuse is left out (an NCM not of 8
   * digits, an origin outside 0–8, a tax group without its CST; a missing vProd is 0), so the rest of the item is
   * still recomputed. Without it (the completion) everything is passed on, and the request's checks name the tag.
   */
  lenient?: boolean;
  /**
   * The year of an issued NF-e whose item is read (the documents audit): from 2027 its vProd carries the item's
   * printed IBS/CBS/IS (NT 2026.008 v1.00), so the request's vProd is the goods' value without them
   * (goodsValueOf, the inverse of the completion's prodOfYear; tags.prod.CFOP and the tags IBSCBS.vIBS,
   * IBSCBS.vCBS, IBSCBS.vIBSMono, IBSCBS.vCBSMono and IS.vIS are read for it). Without it (the completion) vProd
   * is taken as the goods' value already: a draft's price, before any tax is added (decision 075).
   */
  issuedIn?: number;
}

type Item = NfeItemInput['item'];

const opt = (v: string | undefined) => (v === undefined || v === '' ? undefined : v);

/** The ICMS tags the request takes as the issuer wrote them (values of the group are the engine's to compute). */
const icmsTags = [
  'pICMS',
  'pRedBC',
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
  // Monophasic fuels (NT 2023.001, grupos ICMS02/15/53/61): quantities and ad rem rates.
  'qBCMono',
  'adRemICMS',
  'qBCMonoReten',
  'adRemICMSReten',
  'qBCMonoRet',
  'adRemICMSRet',
  'pRedAdRem',
  'motRedAdRem',
] as const;
const icmsCodes = ['modBC', 'modBCST', 'indDeduzDeson'] as const;
const prodTags = {
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
} as const;

/** The leaves of `group` named in `names` (request name ← tag), those present and not empty. */
function pick(t: NfeItemTags['taxes'], group: string, names: Record<string, string>, sep = '.') {
  const out: Record<string, string> = {};
  for (const [key, tag] of Object.entries(names)) {
    const v = opt(t[`${group}${sep}${tag}`]);
    if (v !== undefined) out[key] = v;
  }
  return out;
}

const same = (...tags: string[]) => Object.fromEntries(tags.map((tag) => [tag, tag]));

/** A group is sent when it has a leaf (strict) or its CST (lenient: a group without CST is left out). */
function hasGroup(t: NfeItemTags['taxes'], group: string, cst: string, lenient: boolean): boolean {
  if (lenient) return opt(t[`${group}.${cst}`]) !== undefined;
  const prefix = `${group}.`;
  const path = `${group}/`;
  for (const k in t) if (k.startsWith(prefix) || k.startsWith(path)) return true;
  return false;
}

function icmsOf(tags: NfeItemTags): Item['icms'] {
  const t = tags.taxes;
  const icms: Record<string, unknown> = {
    ...pick(t, 'ICMS', { cst: 'CST', csosn: 'CSOSN' }),
    ...pick(t, 'ICMS', same(...icmsTags)),
  };
  for (const [k, v] of Object.entries(pick(t, 'ICMS', same(...icmsCodes)))) icms[k] = Number(v);
  // The DIFAL rates an issuer may state (the state rule's are used otherwise).
  Object.assign(icms, pick(t, 'ICMSUFDest', same('pICMSUFDest', 'pFCPUFDest')));
  const cBenef = opt(tags.prod.cBenef);
  if (cBenef) icms.cBenef = cBenef;
  return icms as Item['icms'];
}

const spheres = { IBSUF: 'gIBSUF', IBSMun: 'gIBSMun', CBS: 'gCBS' } as const;

/** IBSCBS: CST, cClassTrib and what the issuer states (deferral, refund, regular regime, presumed credit). */
function ibsCbsOf(t: NfeItemTags['taxes']): NonNullable<Item['ibscbs']> {
  const out: Record<string, unknown> = pick(t, 'IBSCBS', { cst: 'CST', cClassTrib: 'cClassTrib' });
  const g = 'IBSCBS/gIBSCBS';
  const gDif: Record<string, string> = {};
  const gDevTrib: Record<string, string> = {};
  for (const [tax, tag] of Object.entries(spheres)) {
    const pDif = opt(t[`${g}/${tag}/gDif/pDif`]);
    if (pDif) gDif[`pDif${tax}`] = pDif;
    const vDev = opt(t[`${g}/${tag}/gDevTrib/vDevTrib`]);
    if (vDev) gDevTrib[`vDevTrib${tax}`] = vDev;
  }
  if (Object.keys(gDif).length > 0) out.gDif = gDif;
  if (Object.keys(gDevTrib).length > 0) out.gDevTrib = gDevTrib;
  // CST 620 (monophasic fuels): the quantity taxed is the issuer's; the ad rem rates and the values are the engine's.
  const qBCMono = opt(t['IBSCBS/gIBSCBSMono/gMonoPadrao/qBCMono']);
  if (qBCMono) out.qBCMono = qBCMono;
  const reg = pick(t, `${g}/gTribRegular`, same('CSTReg', 'cClassTribReg'), '/');
  if (Object.keys(reg).length > 0) out.gTribRegular = reg;
  const cp = 'IBSCBS/gCredPresOper';
  const cred: Record<string, unknown> = {};
  const cCredPres = opt(t[`${cp}/cCredPres`]);
  if (cCredPres) cred.cCredPres = cCredPres;
  const pIbs = opt(t[`${cp}/gIBSCredPres/pCredPres`]);
  const pCbs = opt(t[`${cp}/gCBSCredPres/pCredPres`]);
  if (pIbs !== undefined) cred.pCredPresIBS = pIbs;
  if (pCbs !== undefined) cred.pCredPresCBS = pCbs;
  const sus = (s: string) => t[`${cp}/${s}/vCredPresCondSus`] !== undefined;
  if (pIbs !== undefined ? sus('gIBSCredPres') : sus('gCBSCredPres')) cred.condicaoSuspensiva = true;
  if (Object.keys(cred).length > 0 || opt(t[`${cp}/vBCCredPres`])) out.gCredPres = cred;
  return out as unknown as NonNullable<Item['ibscbs']>;
}

/**
 * THE mapping of an NF-e item to the engine's request item (POST /tax/calculate's `item`): the request's fields are
 * the layout's tags. Only what the issuer decides is read — product values, CST/CSOSN, cClassTrib and the rates
 * the law leaves to the issuer; a value or base the item carries in its tax groups is never taken, because the
 * engine computes it. Used by POST /nfe/complete and by the documents audit's recomputation.
 */
export function itemRequestOf(tags: NfeItemTags, opts: ItemRequestOptions = {}): Item {
  const lenient = opts.lenient === true;
  const t = tags.taxes;
  const item: Record<string, unknown> = {};
  for (const [key, tag] of Object.entries(prodTags)) {
    const v = opt(tags.prod[tag]);
    if (v !== undefined) item[key] = v;
  }
  if (lenient) {
    item.vProd = tags.prod.vProd ?? '0';
    if (!/^\d{8}$/.test(tags.prod.NCM ?? '')) delete item.ncm;
  }
  if (opts.issuedIn !== undefined && item.vProd !== undefined)
    item.vProd = goodsValueOf(item.vProd as string, shownTaxesOf(t), opts.issuedIn, tags.prod.CFOP);
  const orig = opt(t['ICMS.orig']);
  // The goods' origin decides the interstate rate (4 % for imported goods, Resolução do Senado 13/2012).
  if (orig !== undefined && (!lenient || /^[0-8]$/.test(orig))) item.origem = Number(orig);
  item.icms = icmsOf(tags);
  const vII = opt(t['II.vII']);
  if (vII) item.vII = vII;
  if (hasGroup(t, 'IPI', 'CST', lenient))
    item.ipi = pick(t, 'IPI', { cst: 'CST', cEnq: 'cEnq', pIPI: 'pIPI', qUnid: 'qUnid', vUnid: 'vUnid' });
  for (const tax of ['PIS', 'COFINS'] as const)
    if (hasGroup(t, tax, 'CST', lenient))
      item[tax.toLowerCase()] = pick(t, tax, {
        cst: 'CST',
        [`p${tax}`]: `p${tax}`,
        qBCProd: 'qBCProd',
        vAliqProd: 'vAliqProd',
      });
  if (hasGroup(t, 'IBSCBS', 'CST', lenient)) item.ibscbs = ibsCbsOf(t);
  if (hasGroup(t, 'IS', 'CSTIS', lenient))
    item.is = pick(t, 'IS', same('CSTIS', 'cClassTribIS', 'pIS', 'pISEspec', 'uTrib', 'qTrib'));
  return item as unknown as Item;
}

/**
 * THE reading of "contribuinte do ICMS" from an NF-e's dest/indIEDest (MOC 7.0, campo E16a; leiaute PL_010:
 * "1 – Contribuinte ICMS; 2 – Contribuinte isento de inscrição; 9 – Não Contribuinte"): 1 and 2 are contributors
 * — 2 is one the state exempts from registering, still a contributor — and 9, or no dest at all (an NFC-e to an
 * unidentified consumer), is not. It decides the DIFAL by the seller, due only to a "consumidor final não
 * contribuinte" in another state (CF art. 155, §2º, VII, EC 87/2015; LC 190/2022; Conv. ICMS 236/2021), which the
 * layout ties to indIEDest 9: the ICMSUFDest group in any other case is rejection 695 (rule NA01-30). Used by
 * POST /nfe/complete (read-nfe.ts) and by the documents audit.
 */
export const icmsContributorOf = (indIEDest: string | undefined): boolean => indIEDest === '1' || indIEDest === '2';
