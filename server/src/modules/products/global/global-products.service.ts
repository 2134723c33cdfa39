import {
  GLOBAL_PRODUCTS_PAGE_SIZE,
  globalProductMessages,
  type TGlobalProductSearch,
  type TGlobalSearchField,
  type TSearchPattern,
  type TSharedProduct,
  type TSharedProductPage,
} from '@app/contract';
import type { Db } from '../../../db/client.js';
import type { Actor } from '../../../lib/actor.js';
import { AppError } from '../../../lib/app-error.js';
import { findCompanyFor } from '../product-access.js';
import { type SharedProductRow, searchGlobalProducts } from './global-products.repository.js';

/**
 * GET /products/global. The member side sends its company: the company's UF is used (the screen
 * fixes it) and `my` marks global products its products are linked to. GTIN and NCM take digits
 * (dots and spaces dropped) and always search with INICIA COM. SIMILAR counts at most 250 ranked
 * matches (docs/decisions/009-similar-search.md), so its `pages` tops out at 10; its typed words are
 * corrected against the base's words first (docs/decisions/010-similar-word-correction.md).
 */
export async function searchGlobal(db: Db, actor: Actor, query: TGlobalProductSearch): Promise<TSharedProductPage> {
  const company = query.companyId ? await findCompanyFor(db, actor, query.companyId) : null;
  const { text, pattern } = normalizeGlobalText(query.field, query.text, query.searchPattern);
  const simples = company ? company.crt !== 'RegimeNormal' : false;
  const { count, rows } = await searchGlobalProducts(db, {
    uf: company?.uf ?? query.uf,
    field: query.field,
    pattern,
    text,
    page: query.page,
    companyId: company?.id ?? null,
  });
  return {
    currentPage: query.page,
    pages: Math.max(1, Math.ceil(count / GLOBAL_PRODUCTS_PAGE_SIZE)),
    objects: rows.map((r) => toSharedProduct(r, simples)),
  };
}

/** A Simples Nacional company sees the CSOSN, any other the CST ICMS (each falls back to the other). */
export function toSharedProduct(r: SharedProductRow, simples: boolean): TSharedProduct {
  return {
    id: r.id,
    code: r.code,
    description: r.description,
    gtin: r.gtin,
    ncm: r.ncm,
    cest: r.cest,
    piscofins: r.piscofins,
    nri: r.nri,
    csticmscsosn: simples ? (r.cstCsosn ?? r.cstIcms) : (r.cstIcms ?? r.cstCsosn),
    icms: r.icms,
    redICMS: r.redIcms,
    my: r.my,
    fiscalRuleId: r.fiscalRuleId,
  };
}

/** GTIN and NCM take digits (dots and spaces dropped) and always search with INICIA COM. */
export function normalizeGlobalText(field: TGlobalSearchField, typed: string, pattern: TSearchPattern) {
  const text = typed.trim();
  if (field === 'Descrição') return { text, pattern };
  const digits = text.replace(/[.\s]/g, '');
  if (!/^\d+$/.test(digits)) throw new AppError('VALIDATION', globalProductMessages.digitsOnly);
  return { text: digits, pattern: 'INICIA COM' as const };
}
