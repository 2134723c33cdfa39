import type {
  TGlobalIntegratorDetailsQuery,
  TGlobalIntegratorSearch,
  TIntegratorProductPage,
  TProductRuleDetails,
} from '@app/contract';
import type { Db } from '../../../db/client.js';
import type { Actor } from '../../../lib/actor.js';
import { findCompanyFor } from '../product-access.js';
import { fiscalService } from './fiscal-service-adapter.js';

/**
 * GET /products/globalintegrator: the finalized-products search through the fiscal-service adapter.
 * With a company (member side) its UF is used and its own products come back marked `my` (blue);
 * the company must be one the caller may act on.
 */
export async function searchIntegrator(
  db: Db,
  actor: Actor,
  query: TGlobalIntegratorSearch,
): Promise<TIntegratorProductPage> {
  const company = query.companyId ? await findCompanyFor(db, actor, query.companyId) : null;
  return fiscalService.searchProducts(db, {
    ...query,
    uf: (company?.uf ?? query.uf) as TGlobalIntegratorSearch['uf'],
    simples: company ? company.crt !== 'RegimeNormal' : false,
    companyId: company?.id ?? null,
  });
}

/** GET /products/globalintegratordetails: the rule of an integrator product in a UF. */
export async function findIntegratorDetails(
  db: Db,
  actor: Actor,
  query: TGlobalIntegratorDetailsQuery,
): Promise<TProductRuleDetails> {
  const company = query.companyId ? await findCompanyFor(db, actor, query.companyId) : null;
  return fiscalService.productDetails(db, {
    productCode: query.productCode,
    ruleCode: query.ruleCode,
    exceptionCode: query.exceptionCode,
    uf: company?.uf ?? query.uf,
  });
}
