import type { TOperation } from '@app/contract';
import { isImportedOrigin, type NfeItemContext } from '@app/tax-engine';
import type { DocumentItem, FiscalDocument } from '../read/document-model.js';
import { money, percentCents, rateOf, sameCents, toCents } from './cents.js';
import type { Add } from './finding.js';
import type { ImportAudit } from './import-audit.js';
import type { Figures } from './own-figures.js';
import { buildItemRequest, type IcmsOverride, type ItemContexts, recompute } from './recompute.js';

export interface RuleComparison {
  doc: FiscalDocument;
  item: DocumentItem;
  date: string;
  op: TOperation;
  ctx: NfeItemContext;
  computed: Figures;
  contexts: ItemContexts;
  audit?: ImportAudit;
  /** The interstate rate was already checked by the goods' origin (its finding, if any, is the cause). */
  rateChecked: boolean;
  /** The cClassTrib was already found wrong by the official tables. */
  classWrong: boolean;
  add: Add;
}

/** CSOSN 101 (with credit) and 102 (without) differ only in the credit the Simples issuer grants: its choice. */
const SIMPLES_CHOICE = new Set(['101', '102']);
/** CSTs and CSOSNs of an ST situation (as substitute or substituted). */
const ST_CODES = new Set(['10', '30', '60', '70', '201', '202', '203', '500']);

const isInterstate = (doc: FiscalDocument) =>
  Boolean(doc.ufOrigin && doc.ufDestination && doc.ufOrigin !== doc.ufDestination);

/**
 * A sale against the product's fiscal rule, by the tax due (issue 37): the rule's CST, base reduction and rate
 * computed on the document's base give the ICMS the rule expects; a CST other than the rule's is one
 * `cst-divergente` carrying that difference (0,00 when CST 00 at an effective rate equals the rule's CST 20 with its
 * reduction); the same CST at another rate or reduction is one `aliquota-divergente` with its R$, and none when the
 * tax is the same. ST inside the state by the rule; between states by the dated agreements data (decision 065):
 * judged only where it says com-acordo or sem-acordo for the pair, CEST and date — a pair without data gives no
 * finding. cClassTrib: the NCM applicability table over the rule.
 */
export async function compareWithRule(c: RuleComparison) {
  compareIcms(c);
  if (!isInterstate(c.doc)) compareSt(c);
  else compareInterstateSt(c);
  await compareClassTrib(c);
}

function compareIcms(c: RuleComparison) {
  const t = c.item.taxes;
  const { op, add } = c;
  const csosn = t['ICMS.CSOSN'];
  const foundCst = csosn ?? t['ICMS.CST'];
  const wantCst = op.icms.csosn ?? op.icms.cst;
  if (!wantCst || !foundCst) return;
  const want = wantCst.slice(-foundCst.length);
  // A UF's internal base reduction does not follow the goods to another state unless an agreement says so: an
  // interstate sale at CST 00 where the rule's internal CST is 20 is right (decision 058).
  const internalReductionOnly =
    isInterstate(c.doc) && want === '20' && foundCst === '00' && !op.icms.redBCICMSInterestadual;
  // Between states, whether the goods are under ST depends on an agreement (Protocolos/Convênios ICMS): an ST code on
  // either side is judged once, by compareInterstateSt where the agreements data knows the pair, never here as a CST
  // (one cause, one finding; decisions 058 and 065).
  const stWithoutAgreementData = isInterstate(c.doc) && (ST_CODES.has(want) || ST_CODES.has(foundCst));
  const cstDiffers =
    want !== foundCst &&
    !internalReductionOnly &&
    !stWithoutAgreementData &&
    !(csosn && SIMPLES_CHOICE.has(want) && SIMPLES_CHOICE.has(foundCst));
  if (csosn) {
    if (cstDiffers) add('cst-divergente', 'CSOSN', wantCst, foundCst, { ruleCode: 'csosn-regra' });
    return;
  }
  const wantRate = c.rateChecked || isInterstate(c.doc) ? null : op.icms.aliqICMSOperacao;
  const foundRate = rateOf(t['ICMS.pICMS']);
  const interstate = isInterstate(c.doc);
  // Between states only an agreement's reduction applies (Convênios ICMS, in the rule as redBCICMSInterestadual):
  // a UF's internal reduction carried to an interstate sale is tax missing. One not applied is left alone.
  const wantRed = (interstate ? op.icms.redBCICMSInterestadual : op.icms.redBCICMS) ?? 0;
  const foundRed = rateOf(t['ICMS.pRedBC']) ?? 0;
  const rateDiffers = wantRate !== null && foundRate !== null && Math.abs(wantRate - foundRate) > 1e-9;
  const redDiffers = Math.abs(wantRed - foundRed) > 1e-9 && (!interstate || foundRed > wantRed);
  if (!cstDiffers && !rateDiffers && !redDiffers) return;
  const difference = icmsDifference(c, want, wantRate, wantRed);
  if (cstDiffers) add('cst-divergente', 'CST', wantCst, foundCst, { difference, ruleCode: 'icms-cst-regra' });
  else if (difference === null || difference !== '0.00')
    add(
      'aliquota-divergente',
      rateDiffers ? 'pICMS' : 'pRedBC',
      rateDiffers ? wantRate!.toFixed(2) : wantRed.toFixed(2),
      rateDiffers ? foundRate!.toFixed(2) : foundRed.toFixed(2),
      {
        difference: difference ?? fallbackDifference(c, wantRate, wantRed),
        ruleCode: interstate && !rateDiffers ? 'icms-reducao-interestadual' : 'icms-aliquota-regra',
      },
    );
}

/** vICMS charged − vICMS the rule's CST, reduction and rate give on the same operation (engine), in R$. */
function icmsDifference(c: RuleComparison, cst: string, rate: number | null, red: number): string | null {
  const t = c.item.taxes;
  const found = t['ICMS.vICMS'] ?? (c.computed ? String(c.computed.vICMS) : undefined);
  if (found === undefined) return null;
  const override: IcmsOverride = {
    cst,
    pRedBC: red > 0 ? String(red) : undefined,
    ...(rate !== null ? { pICMS: String(rate) } : {}),
  };
  const asRule = recompute(buildItemRequest(c.doc, c.item, c.date, override), c.ctx);
  if (!asRule) return null;
  const diff = toCents(found) - Math.round(asRule.vICMS * 100);
  return money(sameCents(diff, 0) ? 0 : diff);
}

/** Without the engine's answer: the document's base before its own reduction, at the rule's reduction and rate. */
function fallbackDifference(c: RuleComparison, rate: number | null, red: number): string | null {
  const t = c.item.taxes;
  const p = rate ?? rateOf(t['ICMS.pICMS']);
  const vBC = t['ICMS.vBC'];
  if (p === null || vBC === undefined) return null;
  const ownRed = rateOf(t['ICMS.pRedBC']) ?? 0;
  const gross = ownRed < 100 ? toCents(vBC) / (1 - ownRed / 100) : 0;
  const right = percentCents(Math.round(gross * (1 - red / 100)), p);
  return money(toCents(t['ICMS.vICMS']) - right);
}

function compareSt(c: RuleComparison) {
  const t = c.item.taxes;
  const { op, add } = c;
  const stFound = toCents(t['ICMS.vICMSST']);
  // ST is due on this sale when the rule has it and the company sells as substitute (CST 10/30/70, CSOSN 201–203);
  // as substituted (CST 60/500) the tax was retained before and nothing is charged.
  const ruleCode = op.icms.csosn ?? (op.icms.cst ?? '').slice(-2);
  const substitute = ['10', '30', '70', '201', '202', '203'].includes(ruleCode);
  if (op.icms.substituicaoTributaria && substitute && stFound === 0) {
    const vICMSST = stAsRule(c, {
      cst: op.icms.csosn ? undefined : (op.icms.cst ?? undefined),
      csosn: op.icms.csosn ?? undefined,
    });
    add('st-nao-destacado', 'vICMSST', vICMSST === null ? 'ICMS-ST' : vICMSST.toFixed(2), '0.00', {
      difference: vICMSST === null ? null : money(-Math.round(vICMSST * 100)),
      ruleCode: 'st-regra',
    });
  } else if (!op.icms.substituicaoTributaria && stFound > 0)
    add('st-indevido', 'vICMSST', '0.00', money(stFound), { difference: money(stFound), ruleCode: 'st-regra' });
}

/**
 * The ICMS-ST the operation's rates, MVA and reductions give on the document's own operation, or null. `code` sets
 * both the CST and the CSOSN (one of them undefined: the document's other code is not kept).
 */
function stAsRule(
  c: RuleComparison,
  code: { cst: string | undefined; csosn: string | undefined },
  opts: { pICMS?: string; mva?: number | null } = {},
): number | null {
  const { op } = c;
  const mva = opts.mva === undefined ? op.icms.ivaAjustado : opts.mva;
  const asRule = recompute(
    buildItemRequest(c.doc, c.item, c.date, {
      ...code,
      pICMS: opts.pICMS ?? (op.icms.aliqICMSOperacao === null ? undefined : String(op.icms.aliqICMSOperacao)),
      pMVAST: mva === null ? undefined : String(mva),
      pICMSST: op.icms.aliqICMSST === null ? undefined : String(op.icms.aliqICMSST),
      pRedBCST: op.icms.redBCICMSST === null ? undefined : String(op.icms.redBCICMSST),
      pFCPST: op.icms.fcpST === null ? undefined : String(op.icms.fcpST),
    }),
    c.ctx,
  );
  return asRule ? asRule.vICMSST : null;
}

/** CST 60 / CSOSN 500: the sale claims the ST was retained before (substituted), not a sale that left it out. */
const SUBSTITUTED = new Set(['60', '500']);

/**
 * ICMS-ST between states by the agreements data (issue 37, decision 065). Under an agreement in force for the pair
 * and the item's CEST (Convênio ICMS 142/2018, cláusula segunda: interstate ST needs one) the sender retains: a sale
 * the rule puts under ST (a contributor buying for resale) that charges none and does not claim it was retained
 * before (CST 60/CSOSN 500) is `st-nao-destacado`, priced at the rule's rates with the MVA adjusted from the
 * agreement's or the rule's original. Researched without agreement: ICMS-ST charged is `st-indevido`. No data for
 * the pair and segment: no finding (precision before recall). The finding's rule names the instrument and its
 * source, so the worklist says which agreement the finding stands on.
 */
function compareInterstateSt(c: RuleComparison) {
  const acordo = c.op.icms.acordoSt;
  if (!acordo || acordo.situacao === 'sem-dados') return;
  const t = c.item.taxes;
  const stFound = toCents(t['ICMS.vICMSST']);
  const ruleCode = `${acordo.situacao === 'com-acordo' ? 'st-acordo' : 'st-sem-acordo'}: ${acordo.instrumento ?? ''}${
    acordo.fonte ? ` (${acordo.fonte.url})` : ''
  }`;
  if (acordo.situacao === 'sem-acordo') {
    if (stFound > 0) c.add('st-indevido', 'vICMSST', '0.00', money(stFound), { difference: money(stFound), ruleCode });
    return;
  }
  const csosn = t['ICMS.CSOSN'];
  const found = csosn ?? t['ICMS.CST'] ?? '';
  if (!c.op.icms.substituicaoTributaria || stFound > 0 || SUBSTITUTED.has(found)) return;
  // The sender retains as substitute: CST 10, or for a Simples sender CSOSN 201 (with credit) / 202 (without), whose
  // MVA is the original (Conv. ICMS 35/2011, cláusula primeira). The own ICMS deducted is at the document's rate: its
  // interstate rate was judged by the goods' origin already (one cause, one finding).
  const code = csosn ? { cst: undefined, csosn: csosn === '101' ? '201' : '202' } : { cst: '10', csosn: undefined };
  // Imported goods (origin 1, 2, 3 or 8) travel at 4 % (Resolução do Senado 13/2012): the MVA is adjusted to that rate.
  const orig = Number(t['ICMS.orig']);
  const imported = isImportedOrigin(Number.isFinite(orig) ? orig : null);
  const mva = csosn ? c.op.icms.iva : imported ? c.op.import.ivaAjustado4 : c.op.icms.ivaAjustado;
  const vICMSST = mva === null ? null : stAsRule(c, code, { pICMS: t['ICMS.pICMS'], mva });
  c.add('st-nao-destacado', 'vICMSST', vICMSST === null ? 'ICMS-ST' : vICMSST.toFixed(2), '0.00', {
    difference: vICMSST === null ? null : money(-Math.round(vICMSST * 100)),
    ruleCode,
  });
}

/**
 * The law over the catalogue (Receita's NCM applicability table, ref_rtc_ncm): a document code the table admits
 * for the NCM, or a rule code the table does not admit for it, is the rule to update (informative); otherwise a
 * code other than the rule's is `cclasstrib-incompativel`, priced as the IBS/CBS the rule's code gives.
 */
async function compareClassTrib(c: RuleComparison) {
  const t = c.item.taxes;
  const ruleClass = c.op.cbsIbs.cClassTrib;
  const docClass = t['IBSCBS.cClassTrib'];
  if (c.classWrong || !ruleClass || !docClass || ruleClass === docClass) return;
  const ncm = c.item.prod.NCM ?? '';
  const audit = c.audit;
  if (
    audit &&
    ((audit.restricted(docClass, c.date) && audit.allows(docClass, ncm, c.date)) ||
      (audit.restricted(ruleClass, c.date) && !audit.allows(ruleClass, ncm, c.date)))
  ) {
    c.add('regra-desatualizada', 'cClassTrib', docClass, ruleClass, { ruleCode: 'cclasstrib-tabela-ncm' });
    return;
  }
  c.add('cclasstrib-incompativel', 'cClassTrib', ruleClass, docClass, {
    difference: await classDifference(c, ruleClass),
    ruleCode: 'cclasstrib-regra',
  });
}

async function classDifference(c: RuleComparison, ruleClass: string): Promise<string | null> {
  const t = c.item.taxes;
  if (!c.computed || !t['IBSCBS.CST']) return null;
  const req = buildItemRequest(c.doc, c.item, c.date);
  req.item.ibscbs = { cst: ruleClass.slice(0, 3), cClassTrib: ruleClass };
  const { ctx } = await c.contexts.get(req, c.date);
  const asRule = ctx ? recompute(req, ctx) : null;
  if (!asRule) return null;
  const keys = ['vCBS', 'vIBSUF', 'vIBSMun'] as const;
  const found = (k: (typeof keys)[number]) => t[`IBSCBS.${k}`] ?? String(c.computed![k]);
  return money(keys.reduce((s, k) => s + toCents(found(k)) - Math.round(asRule[k] * 100), 0));
}
