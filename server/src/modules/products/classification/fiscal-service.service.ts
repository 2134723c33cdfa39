import {
  FISCAL_SERVICE_RESULTS,
  type TBindingCandidate,
  type TFiscalServiceResponse,
  type TProductRuleDetails,
} from '@app/contract';
import type { Db } from '../../../db/client.js';
import type { Actor } from '../../../lib/actor.js';
import { AppError } from '../../../lib/app-error.js';
import { findProductHistory } from '../../fiscal-rules/rule-products.repository.js';
import { findRuleDetails } from '../../fiscal-rules/rule-products.service.js';
import { productScope } from '../../fiscal-rules/rule-scope.js';
import { searchGlobalProducts } from '../global/global-products.repository.js';
import { toSharedProduct } from '../global/global-products.service.js';
import { findScopedBindable } from './binding.repository.js';
import { matchCandidate } from './binding-match.js';

/** A product the actor may see (Members: linked, unblocked companies), else 404 / 403. */
export async function findVisibleProduct(db: Db, actor: Actor, productId: string) {
  const [product] = await findScopedBindable(db, [productId], productScope(actor));
  if (!product) throw new AppError('PRODUCT_NOT_FOUND');
  if (actor.role === 'Member' && product.companyStatus === 'Blocked') throw new AppError('COMPANY_BLOCKED');
  return product;
}

/**
 * GET /products/fiscalservice: the bind-code modal's candidates for a product, in its company's UF
 * (the rule columns are that UF's). The global product with the product's own GTIN comes first (it
 * classifies at once); then the SIMILAR matches of the typed description (word-corrected, ranked:
 * docs/decisions/010-similar-word-correction.md), because a description typed by a client rarely
 * starts like the base's.
 */
export async function findBindingCandidates(
  db: Db,
  actor: Actor,
  query: { productId: string; productDescription: string },
): Promise<TFiscalServiceResponse> {
  const product = await findVisibleProduct(db, actor, query.productId);
  const base = { uf: product.companyUf, page: 1, companyId: product.companyId };
  // Independent reads on two pool connections at once (the SIMILAR one is most of the time).
  const [gtinHits, similar] = await Promise.all([
    product.gtin
      ? searchGlobalProducts(db, { ...base, field: 'GTIN', pattern: 'INICIA COM', text: product.gtin })
      : null,
    searchGlobalProducts(db, { ...base, field: 'Descrição', pattern: 'SIMILAR', text: query.productDescription }),
  ]);
  const sameGtin = gtinHits?.rows.filter((r) => r.gtin === product.gtin) ?? [];
  const seen = new Set<string>();
  const products: TBindingCandidate[] = [];
  for (const r of [...sameGtin, ...similar.rows]) {
    if (seen.has(r.id) || products.length >= FISCAL_SERVICE_RESULTS) continue;
    seen.add(r.id);
    const shared = toSharedProduct(r, false);
    products.push({ ...shared, match: matchCandidate(product, shared) });
  }
  // Ranked by their reasons (decision 062); equal scores keep the search's order (Array.sort is stable).
  products.sort((a, b) => b.match.score - a.match.score);
  return { products };
}

/**
 * GET /products/details: the rule of a product as it applied at `validity` (its rule history), else
 * its current rule; a product without any rule is "Produto não está classificado".
 */
export async function findProductDetails(
  db: Db,
  actor: Actor,
  query: { productId: string; validity?: string },
): Promise<TProductRuleDetails> {
  const product = await findVisibleProduct(db, actor, query.productId);
  const at = query.validity ? new Date(query.validity) : null;
  const history = at ? await findProductHistory(db, product.id) : [];
  const period = at ? history.find((h) => h.validFrom <= at && (!h.validTo || h.validTo > at)) : undefined;
  const ruleId = period?.fiscalRuleId ?? product.fiscalRuleId;
  if (!ruleId) throw new AppError('PRODUCT_NOT_CLASSIFIED_DETAILS');
  return findRuleDetails(db, actor, ruleId, query);
}
