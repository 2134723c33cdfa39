import {
  GLOBAL_PRODUCTS_PAGE_SIZE,
  type TGlobalIntegratorSearch,
  type TIntegratorProductPage,
  type TProductRuleDetails,
} from '@app/contract';
import type { DbOrTx } from '../../../db/client.js';
import { AppError } from '../../../lib/app-error.js';
import { toProductRuleDetails } from '../../fiscal-rules/fiscal-rules.mapper.js';
import { findRule, findVersionView } from '../../fiscal-rules/fiscal-rules.repository.js';
import { findGlobalForUf } from '../classification/binding.repository.js';
import { searchGlobalProducts } from '../global/global-products.repository.js';
import { normalizeGlobalText } from '../global/global-products.service.js';

/**
 * The fiscal service / integrator seen by the finalized-products screen (server-design
 * "Integrations"): an adapter, so a provider's external integrator can replace the built-in one.
 * ruleCode names the rule version that applies, exceptionCode a named rule applying instead of the
 * base rule of the product's NCM/CEST.
 */
export interface FiscalServiceAdapter {
  searchProducts(
    db: DbOrTx,
    query: Omit<TGlobalIntegratorSearch, 'companyId'> & { simples: boolean; companyId: string | null },
  ): Promise<TIntegratorProductPage>;
  productDetails(
    db: DbOrTx,
    query: { productCode: string; ruleCode?: string; exceptionCode?: string; uf: string },
  ): Promise<TProductRuleDetails>;
}

/** The built-in adapter: our own global base and fiscal rules. */
export const builtInFiscalService: FiscalServiceAdapter = {
  async searchProducts(db, query) {
    const { text, pattern } = normalizeGlobalText(query.field, query.text, query.consultTypeFilter);
    const { count, rows } = await searchGlobalProducts(db, {
      uf: query.uf,
      field: query.field,
      pattern,
      text,
      page: query.page,
      companyId: query.companyId,
    });
    return {
      currentPage: query.page,
      pages: Math.max(1, Math.ceil(count / GLOBAL_PRODUCTS_PAGE_SIZE)),
      objects: rows.map((r) => ({
        id: r.id,
        description: r.description,
        gtin: r.gtin,
        ncm: r.ncm,
        cest: r.cest,
        pisCofins: r.piscofins,
        nri: r.nri,
        cstIcmsCsosn: query.simples ? (r.cstCsosn ?? r.cstIcms) : (r.cstIcms ?? r.cstCsosn),
        icms: r.icms,
        redIcms: r.redIcms,
        codeIntegrator: r.code,
        ruleCode: r.ruleVersionId,
        exceptionCode: r.isNamedRule ? r.fiscalRuleId : null,
        my: r.my,
      })),
    };
  },

  async productDetails(db, query) {
    const global = await findGlobalForUf(db, query.productCode, query.uf);
    if (!global) throw new AppError('INTEGRATOR_PRODUCT_NOT_FOUND');
    const ruleId = global.ruleId;
    if (!ruleId) throw new AppError('PRODUCT_NOT_CLASSIFIED_DETAILS');
    // Codes of another product's rule are ignored: the product's own rule in the UF is what applies.
    if (query.exceptionCode && query.exceptionCode !== ruleId) throw new AppError('INTEGRATOR_PRODUCT_NOT_FOUND');
    const rule = await findRule(db, ruleId);
    if (!rule) throw new AppError('PRODUCT_NOT_CLASSIFIED_DETAILS');
    let view = await findVersionView(db, rule.currentVersionId);
    if (query.ruleCode && query.ruleCode !== rule.currentVersionId && /^[0-9a-f-]{36}$/i.test(query.ruleCode)) {
      const asked = await findVersionView(db, query.ruleCode);
      if (asked && asked.version.fiscalRuleId === ruleId) view = asked;
    }
    if (!view) throw new AppError('PRODUCT_NOT_CLASSIFIED_DETAILS');
    return toProductRuleDetails(view, { id: global.id, description: global.description }, []);
  },
};

/** The adapter in use; a deployment with an external integrator would choose it here from the config. */
export const fiscalService: FiscalServiceAdapter = builtInFiscalService;
