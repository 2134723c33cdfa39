import { checkGtin, type TDocumentFindingKind, type TOperation, type TTaxCalculateResponse } from '@app/contract';
import { toDecimal } from '@app/tax-engine';
import type { CatalogueProduct, FindingRow } from '../documents.repository.js';
import type { DocumentItem, FiscalDocument } from '../read/document-model.js';
import { buildItemRequest, type ItemContext, type ItemContexts, recompute } from './recompute.js';

export interface ItemAuditInput {
  doc: FiscalDocument;
  item: DocumentItem;
  direction: 'sale' | 'purchase';
  product: CatalogueProduct;
  /** The product joined the catalogue from this document: nothing to compare its classification with. */
  isNew: boolean;
  /** The product's rule as an operation (sales of a classified product only). */
  expected: TOperation | null;
  ncmInForce: boolean;
  cestPrefixes: Map<string, string[]>;
  date: string;
  /** The import's cache of engine contexts (one build per codes/rates/UF pair/date). */
  contexts: ItemContexts;
}

/** ST situations that must carry a CEST (NT 2015.003, rule 806). */
const ST_CSTS = new Set(['10', '30', '60', '70']);
const ST_CSOSNS = new Set(['201', '202', '203', '500']);
/** CSTs that state a relief, for which a UF that requires cBenef rejects the item without one (NT 2019.001, rule 930). */
const RELIEF_CSTS = new Set(['20', '30', '40', '41', '50', '51', '53', '70', '90']);
/** Value fields recomputed and compared: the tag in the document ↔ the engine's field. */
const VALUE_FIELDS = [
  ['ICMS.vICMS', 'vICMS'],
  ['ICMS.vICMSST', 'vICMSST'],
  ['IPI.vIPI', 'vIPI'],
  ['PIS.vPIS', 'vPIS'],
  ['COFINS.vCOFINS', 'vCOFINS'],
  // DIFAL to a non-taxpayer in another state (EC 87/2015, LC 190/2022): the destination's table rate, not the
  // document's, so a wrong internal rate shows as the reais it moved.
  ['ICMSUFDest.vICMSUFDest', 'vICMSUFDest'],
  ['ICMSUFDest.vFCPUFDest', 'vFCPUFDest'],
  // The reform's group (NT 2025.002, UB16-10 base): CBS and both IBS shares.
  ['IBSCBS.vCBS', 'vCBS'],
  ['IBSCBS.vIBSUF', 'vIBSUF'],
  ['IBSCBS.vIBSMun', 'vIBSMun'],
] as const;

/** A value as the NF-e stores money: at most two decimals (a number of cents exact in floating point). */
const cents = /^-?\d{1,13}(\.\d{1,2})?$/;
const money = (v: unknown) => toDecimal(String(v ?? 0)).toDecimalPlaces(2);
const differs = (a: string | number | null | undefined, b: string | number | null | undefined) =>
  !toDecimal(String(a ?? 0)).equals(toDecimal(String(b ?? 0)));

/**
 * Every finding of one item: the document against the catalogue (NCM, CEST), the official tables (GTIN, NCM in
 * force, CEST × NCM, cBenef, cClassTrib), the operation (CFOP), the product's fiscal rule (CST, rates, ST,
 * cBenef, cClassTrib — sales the company issued) and the engine's recomputation of the item's taxes. `difference`
 * is found − expected in reais: positive when the document charged more than it should.
 */
export async function auditItem(a: ItemAuditInput): Promise<FindingRow[]> {
  const { item, product, expected } = a;
  const p = item.prod;
  const t = item.taxes;
  const out: FindingRow[] = [];
  const add = (
    kind: TDocumentFindingKind,
    field: string,
    exp: unknown,
    found: unknown,
    extra: Partial<FindingRow> = {},
  ) => {
    const row: FindingRow = {
      productId: product.id,
      internalCode: product.internalCode,
      nItem: item.nItem,
      kind,
      field,
      expected: exp == null || exp === '' ? null : String(exp),
      found: found == null || found === '' ? null : String(found),
      difference: null,
      rejection: null,
      severity: 'risco',
      ruleCode: null,
      ...extra,
    };
    if (row.rejection && !extra.severity) row.severity = 'rejeicao';
    row.ruleCode ??= row.rejection;
    out.push(row);
  };

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

  checkCfop(a, add);

  const req = buildItemRequest(a.doc, item, a.date);
  const { ctx, refusals } = await a.contexts.get(req, a.date);
  for (const r of refusals) {
    if (r.field === 'item.icms.cBenef')
      add('cbenef-invalido', 'cBenef', null, p.cBenef, { rejection: r.message.includes('CST') ? '931' : '946' });
    else if (r.field === 'item.ibscbs.cClassTrib')
      add('cclasstrib-incompativel', 'cClassTrib', null, t['IBSCBS.cClassTrib']);
  }
  if (!p.cBenef && a.direction === 'sale' && ctx?.origin?.cbenefRequired && RELIEF_CSTS.has(cst))
    add('cbenef-ausente', 'cBenef', expected?.icms.codBenef ?? 'cBenef da tabela da UF', null, { rejection: '930' });
  const cClassTrib = t['IBSCBS.cClassTrib'];
  if (cClassTrib && t['IBSCBS.CST'] && cClassTrib.slice(0, 3) !== t['IBSCBS.CST'])
    add('cclasstrib-incompativel', 'cClassTrib', `${t['IBSCBS.CST']}xxx`, cClassTrib);

  // A destination the rate table does not cover: the document's own DIFAL rates stand in (the arithmetic is checked).
  if (ctx && ctx.destination?.internalRate == null && t['ICMSUFDest.pICMSUFDest']) {
    req.item.icms.pICMSUFDest = t['ICMSUFDest.pICMSUFDest'];
    req.item.icms.pFCPUFDest = t['ICMSUFDest.pFCPUFDest'] ?? '0';
  }
  const computed = ctx ? a.contexts.figures(req, a.date, () => pickFigures(recompute(req, ctx))) : null;
  if (computed) {
    for (const [tag, field] of VALUE_FIELDS) {
      const found = t[tag];
      if (found === undefined) continue;
      // Most lines agree to the cent: told in integer cents, without building decimals.
      if (cents.test(found) && Math.abs(Math.round(Number(found) * 100) - Math.round(computed[field]! * 100)) <= 1)
        continue;
      const diff = money(found).minus(money(computed[field]));
      if (diff.abs().greaterThan('0.01'))
        add('valor-divergente', field, money(computed[field]).toFixed(2), found, { difference: diff.toFixed(2) });
    }
  }
  if (expected && ctx) compareWithRule(a, expected, computed, ctx, add);
  return out;
}

/** The compared figures of an engine answer (the rest, memória included, is not kept). */
function pickFigures(out: TTaxCalculateResponse | null): Record<string, number> | null {
  if (!out) return null;
  const kept: Record<string, number> = {};
  for (const [, field] of VALUE_FIELDS) kept[field] = out[field];
  return kept;
}

type Add = (
  kind: TDocumentFindingKind,
  field: string,
  exp: unknown,
  found: unknown,
  extra?: Partial<FindingRow>,
) => void;

/** CFOP against the document's direction (MOC rules 518/519) and the UFs (5/1 inside the state, 6/2 between, 7/3 abroad). */
function checkCfop(a: ItemAuditInput, add: Add) {
  const cfop = a.item.prod.CFOP ?? '';
  if (!/^\d{4}$/.test(cfop)) return;
  const outgoing = a.doc.source === 'xml' ? a.doc.ide.tpNF !== '0' : a.direction === 'sale';
  const first = cfop[0]!;
  if (outgoing && !'567'.includes(first))
    return add('cfop-incompativel', 'CFOP', '5xxx, 6xxx ou 7xxx (saída)', cfop, { rejection: '518' });
  if (!outgoing && !'123'.includes(first))
    return add('cfop-incompativel', 'CFOP', '1xxx, 2xxx ou 3xxx (entrada)', cfop, { rejection: '519' });
  if (first === '7' || first === '3') return;
  const interstate = a.doc.ufOrigin && a.doc.ufDestination && a.doc.ufOrigin !== a.doc.ufDestination;
  const want = outgoing ? (interstate ? '6' : '5') : interstate ? '2' : '1';
  if (first !== want)
    add('cfop-incompativel', 'CFOP', `${want}xxx (${interstate ? 'interestadual' : 'interna'})`, cfop);
}

function compareWithRule(
  a: ItemAuditInput,
  op: TOperation,
  computed: Record<string, number> | null,
  ctx: NonNullable<ItemContext['ctx']>,
  add: Add,
) {
  const t = a.item.taxes;
  const cst = t['ICMS.CST'];
  const csosn = t['ICMS.CSOSN'];
  const wantCst = op.icms.csosn ?? op.icms.cst;
  const foundCst = csosn ?? cst;
  if (wantCst && foundCst && wantCst.slice(-foundCst.length) !== foundCst)
    add('cst-divergente', csosn ? 'CSOSN' : 'CST', wantCst, foundCst);

  const foundRate = t['ICMS.pICMS'];
  const wantRate = op.icms.aliqICMSOperacao;
  if (foundRate !== undefined && wantRate !== null && differs(foundRate, wantRate)) {
    const asRule = recompute(buildItemRequest(a.doc, a.item, a.date, { pICMS: String(wantRate) }), ctx);
    add('aliquota-divergente', 'pICMS', toDecimal(wantRate).toFixed(2), foundRate, {
      difference: asRule && computed ? money(t['ICMS.vICMS']).minus(money(asRule.vICMS)).toFixed(2) : null,
    });
  }

  const stFound = money(t['ICMS.vICMSST']);
  // ST is due on this sale when the rule has it and the company sells as substitute (CST 10/30/70, CSOSN 201–203);
  // as substituted (CST 60/500) the tax was retained before and nothing is charged.
  const ruleCode = op.icms.csosn ?? (op.icms.cst ?? '').slice(-2);
  const substitute = ['10', '30', '70', '201', '202', '203'].includes(ruleCode);
  if (op.icms.substituicaoTributaria && substitute && stFound.isZero()) {
    const asRule = recompute(
      buildItemRequest(a.doc, a.item, a.date, {
        cst: op.icms.csosn ? undefined : (op.icms.cst ?? undefined),
        csosn: op.icms.csosn ?? undefined,
        pICMS: op.icms.aliqICMSOperacao === null ? undefined : String(op.icms.aliqICMSOperacao),
        pMVAST: op.icms.ivaAjustado === null ? undefined : String(op.icms.ivaAjustado),
        pICMSST: op.icms.aliqICMSST === null ? undefined : String(op.icms.aliqICMSST),
        pRedBCST: op.icms.redBCICMSST === null ? undefined : String(op.icms.redBCICMSST),
        pFCPST: op.icms.fcpST === null ? undefined : String(op.icms.fcpST),
      }),
      ctx,
    );
    add('st-nao-destacado', 'vICMSST', asRule ? money(asRule.vICMSST).toFixed(2) : 'ICMS-ST', '0.00', {
      difference: asRule ? money(asRule.vICMSST).negated().toFixed(2) : null,
    });
  } else if (!op.icms.substituicaoTributaria && stFound.greaterThan(0))
    add('st-indevido', 'vICMSST', '0.00', stFound.toFixed(2), { difference: stFound.toFixed(2) });

  const ruleClass = op.cbsIbs.cClassTrib;
  const docClass = t['IBSCBS.cClassTrib'];
  if (ruleClass && !docClass) add('cclasstrib-ausente', 'cClassTrib', ruleClass, null);
  else if (ruleClass && docClass && ruleClass !== docClass)
    add('cclasstrib-incompativel', 'cClassTrib', ruleClass, docClass);
}
