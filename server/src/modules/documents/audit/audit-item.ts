import { checkGtin, type TTaxCalculateResponse } from '@app/contract';
import type { CatalogueProduct, FindingRow } from '../documents.repository.js';
import type { DocumentItem, FiscalDocument } from '../read/document-model.js';
import { money, sameCents, toCents } from './cents.js';
import { type Add, findingCollector } from './finding.js';
import type { ImportAudit } from './import-audit.js';
import {
  checkCfop,
  checkInterstateRate,
  checkReturnCsosn,
  ibsCbsGroupRequired,
  operationKind,
} from './operation-checks.js';
import { checkOwnFigures, type Figures, goodsProdOf, prodFormOfDocument } from './own-figures.js';
import { buildItemRequest, CLASS_NOT_FOR_NCM, type ItemContexts, recompute } from './recompute.js';
import { compareWithRule, type RuleComparison } from './rule-comparison.js';

export interface ItemAuditInput {
  doc: FiscalDocument;
  item: DocumentItem;
  direction: 'sale' | 'purchase';
  product: CatalogueProduct;
  /** The product joined the catalogue from this document: nothing to compare its classification with. */
  isNew: boolean;
  /** The product's rule as an operation (sales of a classified product only). */
  expected: RuleComparison['op'] | null;
  ncmInForce: boolean;
  cestPrefixes: Map<string, string[]>;
  date: string;
  /** The import's cache of engine contexts (one build per codes/rates/UF pair/date). */
  contexts: ItemContexts;
  /** The import's audit state: the company's PIS/COFINS base, the NCM table of cClassTrib, the Tema 69 total. */
  audit?: ImportAudit;
  /** The document's row, for the import's one Tema 69 finding. */
  documentId?: string;
}

/** ST situations that must carry a CEST (NT 2015.003, rule 806). */
const ST_CSTS = new Set(['10', '30', '60', '70']);
const ST_CSOSNS = new Set(['201', '202', '203', '500']);
/** CSTs that state a relief, for which a UF that requires cBenef rejects the item without one (NT 2019.001, rule 930). */
const RELIEF_CSTS = new Set(['20', '30', '40', '41', '50', '51', '53', '70', '90']);
/**
 * Values computed from the document's own ICMS and compared with the engine's on the document's codes and rates:
 * ST (vBCST × pICMSST − vICMS), IPI, and the DIFAL to a non-taxpayer in another state (EC 87/2015, LC 190/2022: the
 * destination's table rate, not the document's). Skipped when the ICMS or the interstate rate they start from was
 * already a finding (one cause, one finding).
 */
const DOWNSTREAM_FIELDS = [
  ['ICMS.vICMSST', 'vICMSST'],
  ['IPI.vIPI', 'vIPI'],
  ['ICMSUFDest.vICMSUFDest', 'vICMSUFDest'],
  ['ICMSUFDest.vFCPUFDest', 'vFCPUFDest'],
] as const;
/** The engine figures the audit keeps per identical line (the rest, memória included, is dropped). */
const KEPT_FIGURES = [
  'vBC',
  'vICMS',
  'vICMSST',
  'vIPI',
  'vPIS',
  'vCOFINS',
  'vICMSUFDest',
  'vFCPUFDest',
  'vBCIBSCBS',
  'pCBS',
  'vCBS',
  'pIBSUF',
  'vIBSUF',
  'pIBSMun',
  'vIBSMun',
] as const;

/**
 * Every finding of one item (issue 37, decision 058): the document against the catalogue (NCM, CEST), the official
 * tables (GTIN, NCM in force, CEST × NCM, cBenef, cClassTrib and its NCM annex), the operation (CFOP by direction,
 * place and recipient; the interstate rate by the goods' origin), the document's own figures (each value on its
 * own base and rate, PIS/COFINS on the base the issuer chose, IBS/CBS on UB16-10's base from the item's own
 * values), the values computed from them, and — for a sale — the product's fiscal rule compared by the tax due.
 * `difference` is found − expected in reais: positive when the document charged more than it should.
 */
export async function auditItem(a: ItemAuditInput): Promise<FindingRow[]> {
  const { item, product } = a;
  const p = item.prod;
  const t = item.taxes;
  const { out, add } = findingCollector({
    productId: product.id,
    internalCode: product.internalCode,
    nItem: item.nItem,
  });

  const ean = p.cEAN ?? '';
  if (!checkGtin(ean).ok) add('gtin-invalido', 'cEAN', null, ean, { rejection: '611' });

  const ncm = p.NCM ?? '';
  if (ncm && (!a.ncmInForce || (!a.isNew && product.ncm && product.ncm !== ncm)))
    add('ncm-divergente', 'NCM', a.isNew ? null : product.ncm, ncm, { rejection: a.ncmInForce ? null : '778' });

  const cest = p.CEST ?? '';
  if (!a.isNew && (product.cest ?? '') !== cest && (product.cest || cest))
    add('cest-divergente', 'CEST', product.cest, cest);
  const prefixes = cest ? a.cestPrefixes.get(cest) : undefined;
  if (cest && ncm && !prefixes?.some((x) => ncm.startsWith(x))) add('cest-incompativel', 'CEST', null, cest);
  const cst = t['ICMS.CST'] ?? '';
  const csosn = t['ICMS.CSOSN'] ?? '';
  const hasSt = Number(t['ICMS.vICMSST'] ?? 0) > 0;
  const stSituation = ST_CSTS.has(cst) || ST_CSOSNS.has(csosn) || ((cst === '90' || csosn === '900') && hasSt);
  if (!cest && stSituation) add('cest-incompativel', 'CEST', 'CEST obrigatório na ST', null, { rejection: '806' });

  checkCfop(a.doc, item, a.direction, add);
  const sale = a.direction === 'sale';
  const rateWrong = sale && checkInterstateRate(a.doc, item, add);
  if (sale) checkReturnCsosn(a.doc, item, add);

  const req = buildItemRequest(a.doc, item, a.date);
  const { ctx, refusals } = await a.contexts.get(req, a.date);
  let classWrong = false;
  for (const r of refusals) {
    if (r.field === 'item.icms.cBenef')
      add('cbenef-invalido', 'cBenef', null, p.cBenef, { rejection: r.message.includes('CST') ? '931' : '946' });
    else if (r.field === 'item.ibscbs.cClassTrib' || r.field === CLASS_NOT_FOR_NCM) classWrong = true;
  }
  if (!p.cBenef && sale && ctx?.origin?.cbenefRequired && RELIEF_CSTS.has(cst))
    add('cbenef-ausente', 'cBenef', a.expected?.icms.codBenef ?? 'cBenef da tabela da UF', null, { rejection: '930' });
  const cClassTrib = t['IBSCBS.cClassTrib'];
  if (cClassTrib && t['IBSCBS.CST'] && cClassTrib.slice(0, 3) !== t['IBSCBS.CST']) classWrong = true;
  if (
    sale &&
    !t['IBSCBS.CST'] &&
    ibsCbsGroupRequired(a.doc, a.date) &&
    (!a.audit || !a.documentId || a.audit.firstWithoutGroup(a.documentId))
  )
    // One finding per document (its issuer's system leaves the group out, not one item). In 2026 the group's
    // amounts are not collected (LC 214/2025, art. 348): told, not priced.
    add('cclasstrib-ausente', 'IBSCBS', 'grupo IBS/CBS (NT 2025.002)', null, {
      ruleCode: 'ibscbs-grupo',
      severity: a.date < '2027-01-01' ? 'informativo' : 'risco',
    });
  else if (t['IBSCBS.CST'] && !cClassTrib) add('cclasstrib-ausente', 'cClassTrib', null, null);

  // A destination the rate table does not cover: the document's own DIFAL rates stand in (the arithmetic is checked).
  if (ctx && ctx.destination?.internalRate == null && t['ICMSUFDest.pICMSUFDest']) {
    req.item.icms.pICMSUFDest = t['ICMSUFDest.pICMSUFDest'];
    req.item.icms.pFCPUFDest = t['ICMSUFDest.pFCPUFDest'] ?? '0';
  }
  const computed: Figures = ctx ? a.contexts.figures(req, a.date, () => pickFigures(recompute(req, ctx))) : null;
  if (classWrong) priceClassTrib(a, refusals, computed, add);

  const own = checkOwnFigures(
    // The goods' value: a 2027+ vProd without the IBS/CBS/IS it carries (NT 2026.008), as the request above.
    goodsProdOf(p, t, a.date, prodFormOfDocument(a.doc, a.date)),
    // A cClassTrib found wrong carries the IBS/CBS difference: its values are not compared again.
    classWrong ? withoutIbsCbs(t) : t,
    computed,
    { base: a.audit?.pisCofinsBase ?? 'auto', sale },
    add,
  );
  if (own.savingCents > 0 && a.documentId)
    a.audit?.addSaving(own.savingCents, { id: a.documentId, chave: a.doc.chave, date: a.date, number: a.doc.number });

  if (computed && !own.flagged.has('ICMS') && !rateWrong) {
    for (const [tag, field] of DOWNSTREAM_FIELDS) {
      const found = t[tag];
      if (found === undefined) continue;
      const exp = Math.round(computed[field]! * 100);
      if (!sameCents(toCents(found), exp))
        add('valor-divergente', field, money(exp), found, {
          difference: money(toCents(found) - exp),
          ruleCode: `${field}-calculo`,
        });
    }
  }
  const kind = operationKind(p.CFOP ?? '');
  // The rule describes a sale: returns, transfers, complements and adjustments are not compared with it.
  const isSale = kind === 'venda' && !['2', '3', '4'].includes(a.doc.ide.finNFe ?? '1');
  if (a.expected && ctx && isSale)
    await compareWithRule({ ...a, op: a.expected, ctx, computed, rateChecked: rateWrong, classWrong, add });
  return out;
}

/** The item's taxes without the IBS/CBS values (already priced by a cClassTrib finding). */
function withoutIbsCbs(t: Record<string, string>): Record<string, string> {
  const { 'IBSCBS.vBC': _b, ...rest } = t;
  return rest;
}

/**
 * A cClassTrib the official tables refuse for the item — unknown, not of its CST, or needing an annex of LC 214/2025
 * its NCM is not in (Receita's NCM applicability table decides, whatever the product's rule says): one
 * `cclasstrib-incompativel`, priced as the IBS/CBS charged against the engine's on the standard classification.
 */
function priceClassTrib(
  a: ItemAuditInput,
  refusals: { field: string; message: string }[],
  computed: Figures,
  add: Add,
) {
  const t = a.item.taxes;
  const code = t['IBSCBS.cClassTrib'] ?? '';
  const annex = refusals.find((r) => r.field === CLASS_NOT_FOR_NCM);
  const keys = ['vCBS', 'vIBSUF', 'vIBSMun'] as const;
  const has = keys.some((k) => t[`IBSCBS.${k}`] !== undefined);
  const difference =
    computed && has
      ? money(keys.reduce((s, k) => s + toCents(t[`IBSCBS.${k}`]) - Math.round(computed[k]! * 100), 0))
      : null;
  const expected = annex
    ? `código cujo anexo inclua o NCM ${a.item.prod.NCM ?? ''} (${a.audit?.annexOf(code, a.date) ?? 'LC 214/2025'})`
    : t['IBSCBS.CST'] && code.slice(0, 3) !== t['IBSCBS.CST']
      ? `${t['IBSCBS.CST']}xxx`
      : null;
  add('cclasstrib-incompativel', 'cClassTrib', expected, code, {
    difference,
    ruleCode: annex ? 'cclasstrib-anexo' : 'cclasstrib-tabela',
  });
}

/** The compared figures of an engine answer (the rest, memória included, is not kept). */
function pickFigures(out: TTaxCalculateResponse | null): Record<string, number> | null {
  if (!out) return null;
  const kept: Record<string, number> = {};
  for (const field of KEPT_FIGURES) kept[field] = out[field];
  return kept;
}
