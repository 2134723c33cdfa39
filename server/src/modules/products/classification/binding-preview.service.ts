import {
  productStatusLabels,
  type TBindingChange,
  type TBindingPreview,
  type TBindingPreviewBody,
} from '@app/contract';
import type { Db } from '../../../db/client.js';
import type { Actor } from '../../../lib/actor.js';
import { AppError } from '../../../lib/app-error.js';
import { productScope } from '../../fiscal-rules/rule-scope.js';
import { assertMemberPermission } from '../product-access.js';
import { findGlobalForUf, findScopedBindable } from './binding.repository.js';
import { findRuleTaxes, isSimplesCompany, type RuleTaxes } from './binding-preview.repository.js';

const statusOf: Record<string, string> = {
  P: productStatusLabels.Pending,
  F: productStatusLabels.Classified,
  A: productStatusLabels.InAudit,
  D: productStatusLabels.Returned,
  E: productStatusLabels.Error,
};

const pct = (v: string | null) =>
  v === null ? null : `${Number(v).toLocaleString('pt-BR', { maximumFractionDigits: 4 })} %`;
const joined = (...parts: (string | null)[]) =>
  parts.every((p) => p === null) ? null : parts.map((p) => p ?? '—').join(' · ');
const ruleLabel = (r: RuleTaxes | null) => (r ? (r.name ?? `Regra NCM ${r.ncm} · ${r.uf}`) : null);
const change = (label: string, before: string | null, after: string | null): TBindingChange => ({
  label,
  before,
  after,
  changed: before !== after,
});

/** The taxes of the main operation (sale inside the UF) a rule gives, side by side. */
function taxRows(before: RuleTaxes | null, after: RuleTaxes | null, simples: boolean): TBindingChange[] {
  const icms = (r: RuleTaxes | null) => {
    if (!r) return null;
    const reduced = r.redBcIcms && Number(r.redBcIcms) > 0 ? ` (base reduzida em ${pct(r.redBcIcms)})` : '';
    return `${pct(r.aliqIcms) ?? '—'}${reduced}`;
  };
  return [
    change('CFOP de saída', before?.cfopSaida ?? null, after?.cfopSaida ?? null),
    simples
      ? change('CSOSN', before?.cstCsosn ?? null, after?.cstCsosn ?? null)
      : change('CST do ICMS', before?.cstIcms ?? null, after?.cstIcms ?? null),
    change('Alíquota do ICMS', icms(before), icms(after)),
    change(
      'PIS (CST · alíquota)',
      joined(before?.pisCst ?? null, pct(before?.aliqPis ?? null)),
      joined(after?.pisCst ?? null, pct(after?.aliqPis ?? null)),
    ),
    change(
      'COFINS (CST · alíquota)',
      joined(before?.cofinsCst ?? null, pct(before?.aliqCofins ?? null)),
      joined(after?.cofinsCst ?? null, pct(after?.aliqCofins ?? null)),
    ),
    change(
      'IPI (CST · alíquota)',
      joined(before?.ipiCst ?? null, pct(before?.ipiAliq ?? null)),
      joined(after?.ipiCst ?? null, pct(after?.ipiAliq ?? null)),
    ),
    change(
      'IBS/CBS (CST · cClassTrib)',
      joined(before?.cbsCst ?? null, before?.cbsCClassTrib ?? null),
      joined(after?.cbsCst ?? null, after?.cbsCClassTrib ?? null),
    ),
  ];
}

/**
 * POST /products/binding/preview: what binding the products to the global product would change, before the
 * confirmation (decision 062). Nothing is written. The first product's NCM, CEST, rule and the taxes of its
 * main operation, before and after; how many of the products would be classified at once and how many would go
 * to the partner's audit (a Member's product with another GTIN), by the same rules as the binding itself.
 */
export async function previewBinding(db: Db, actor: Actor, body: TBindingPreviewBody): Promise<TBindingPreview> {
  const isMember = actor.role === 'Member';
  if (isMember) assertMemberPermission(actor, 'Create');
  const code = String(body.fiscalServiceProduct).trim();
  const ids = [...new Set(body.productIds)];
  const rows = await findScopedBindable(db, ids, productScope(actor));
  if (rows.length !== ids.length) throw new AppError('PRODUCT_NOT_FOUND');
  if (isMember && rows.some((r) => r.companyStatus === 'Blocked')) throw new AppError('COMPANY_BLOCKED');
  const allowed = isMember ? ['P'] : ['P', 'A'];
  if (rows.some((r) => !allowed.includes(r.status))) {
    throw new AppError(rows.length === 1 ? 'PRODUCT_BIND_NOT_ALLOWED' : 'PRODUCTS_BIND_NOT_ALLOWED');
  }
  const first = rows.find((r) => r.id === body.productIds[0])!;
  const global = await findGlobalForUf(db, code, first.companyUf);
  if (!global) throw new AppError('GLOBAL_PRODUCT_NOT_FOUND');
  const isFinal = (gtin: string | null) => !isMember || (!!gtin && gtin === global.gtin);
  const finalized = rows.filter((r) => isFinal(r.gtin)).length;
  const [before, after, simples] = await Promise.all([
    findRuleTaxes(db, first.fiscalRuleId),
    findRuleTaxes(db, global.ruleId),
    isSimplesCompany(db, first.companyId),
  ]);
  const firstFinal = isFinal(first.gtin);
  // A finalized product takes the rule's NCM/CEST (linkProductsToRule); one in audit the global product's.
  const ncmAfter = firstFinal && global.ruleNcm ? global.ruleNcm : global.ncm;
  const cestAfter = firstFinal && global.ruleNcm ? global.ruleCest : global.cest;
  return {
    product: { id: first.id, description: first.description },
    global: { code: global.code, description: global.description },
    counts: { products: rows.length, finalized, inAudit: rows.length - finalized },
    changes: [
      change(
        'Situação',
        statusOf[first.status] ?? first.status,
        firstFinal ? productStatusLabels.Classified : productStatusLabels.InAudit,
      ),
      change('NCM', first.ncm, ncmAfter),
      change('CEST', first.cest, cestAfter),
      change('Regra fiscal', ruleLabel(before), ruleLabel(after)),
    ],
    taxes: taxRows(before, after, simples),
    ruleAfter: after ? `${ruleLabel(after)} (${after.uf})` : null,
  };
}
