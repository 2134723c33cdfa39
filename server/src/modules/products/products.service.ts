import {
  checkProductDateRange,
  checkProductInput,
  normalizeProductSearchText,
  PRODUCTS_PAGE_SIZE,
  productMessages,
  type TMessage,
  type TProductAuditItem,
  type TProductCreateResponse,
  type TProductCreationItem,
  type TProductListFilters,
  type TProductListResponse,
  type TProductOccurrence,
  type ZProductCreateBody,
} from '@app/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import { findAccessibleCompany } from '../../lib/company-access.js';
import { detachProduct } from '../fiscal-rules/rule-products.repository.js';
import { type IncomingProduct, recordClassificationBatch, upsertProducts } from './matching/upsert-products.js';
import { findCompanyFor } from './product-access.js';
import { countListedProducts } from './product-counts.repository.js';
import { AUDIT } from './products.codes.js';
import { toProduct } from './products.mapper.js';
import * as repo from './products.repository.js';

type CreateBody = z.output<typeof ZProductCreateBody>;

/** GET /products: the company's catalogue page with the spec 02 §5 search rules. */
export async function listProducts(db: Db, actor: Actor, query: TProductListFilters): Promise<TProductListResponse> {
  const company = await findCompanyFor(db, actor, query.companyId);
  const dateProblem = checkProductDateRange(query.startDate, query.endDate);
  if (dateProblem) throw new AppError('VALIDATION', dateProblem);
  const text = normalizeProductSearchText(query.field, query.text);
  const filters = { ...query, text };
  const isMember = actor.role === 'Member';
  // Not in a transaction: the count and the page run at once on two pool connections.
  const [count, rows] = await Promise.all([
    countListedProducts(db, company.id, filters, isMember),
    repo.findProductPage(
      db,
      repo.listFilter(company.id, filters, isMember),
      query.page,
      filters.sort,
      filters.order ?? (filters.sort === 'updatedAt' ? 'desc' : 'asc'),
    ),
  ]);
  const pages = Math.max(1, Math.ceil(count / PRODUCTS_PAGE_SIZE));
  return { pages, currentPage: query.page, count, objects: rows.map(toProduct) };
}

/**
 * POST /products: each item is validated on its own (Error items carry the spec messages and are
 * not saved); valid ones are created or updated by internal code and classified by GTIN on arrival.
 * A repeated code in the same call is reported as an error of the later item.
 */
export async function createProducts(db: Db, actor: Actor, body: CreateBody): Promise<TProductCreateResponse> {
  const company = await findCompanyFor(db, actor, body.companyId, 'Create');
  const answers: TProductCreationItem[] = [];
  const valid: IncomingProduct[] = [];
  const seen = new Set<string>();
  body.products.forEach((item, index) => {
    const checked = checkProductInput(item);
    const errors = checked.errors.map((message) => ({ message }));
    if (!errors.length && seen.has(checked.internalCode)) {
      errors.push({ message: 'Código Interno repetido na mesma requisição.' });
    }
    answers.push({
      id: null,
      companyId: company.id,
      internalCode: checked.internalCode || String(item.internalCode ?? ''),
      description: checked.description || String(item.description ?? ''),
      gtin: checked.gtin ?? (String(item.gtin ?? '') || null),
      ncm: null,
      cest: null,
      status: null,
      fiscalServiceReferenceCode: null,
      fiscalRuleId: null,
      fiscalRuleStatus: null,
      createdAt: null,
      updatedAt: null,
      creationState: 'Error',
      errors,
    });
    if (!errors.length) {
      seen.add(checked.internalCode);
      valid.push({
        line: index,
        internalCode: checked.internalCode,
        description: checked.description,
        gtin: checked.gtin,
      });
    }
  });
  if (!valid.length) return { products: answers };

  await db.transaction(async (tx) => {
    const saved = await upsertProducts(tx, { companyId: company.id, companyUf: company.uf, actor, via: '' }, valid);
    const rows = new Map(
      (
        await repo.findProductsByIds(
          tx,
          saved.map((s) => s.id),
        )
      ).map((r) => [r.id, r]),
    );
    for (const s of saved) {
      const row = rows.get(s.id)!;
      answers[s.line] = { ...toProduct(row), creationState: s.inserted ? 'Created' : 'Updated', errors: [] };
      await recordAudit(tx, {
        code: s.inserted ? AUDIT.productCreated : AUDIT.productUpdated,
        actor,
        partnerId: company.partnerId,
        companyId: company.id,
        entityId: s.id,
        after: { internalCode: row.internalCode, description: row.description, gtin: row.gtin, status: row.status },
      });
    }
    await recordClassificationBatch(tx, {
      companyId: company.id,
      userId: actor.id,
      source: 'Create',
      sent: saved.length,
      classified: saved.filter((s) => s.classified).length,
    });
  });
  return { products: answers };
}

/** The product, when its company is one the actor may act on (foreign ids read as not found). */
async function findProductFor(db: DbOrTx, actor: Actor, productId: string, forUpdate = false) {
  const product = await repo.findProduct(db, productId, { forUpdate });
  if (!product) throw new AppError('PRODUCT_NOT_FOUND');
  try {
    const company = await findAccessibleCompany(db, actor, product.companyId);
    return { product, company };
  } catch {
    throw new AppError('PRODUCT_NOT_FOUND');
  }
}

/** DELETE /products/{id}: Classified or Pending for everyone; Returned too for staff (spec 02 §6). */
export async function deleteProduct(db: Db, actor: Actor, productId: string): Promise<TMessage> {
  return db.transaction(async (tx) => {
    const { product, company } = await findProductFor(tx, actor, productId, true);
    await findCompanyFor(tx, actor, company.id, 'Delete');
    const allowed = actor.role === 'Member' ? ['F', 'P'] : ['F', 'P', 'D'];
    if (!allowed.includes(product.status)) throw new AppError('PRODUCT_DELETE_NOT_ALLOWED');
    await repo.deleteProductRow(tx, product.id);
    await recordAudit(tx, {
      code: AUDIT.productDeleted,
      actor,
      partnerId: company.partnerId,
      companyId: company.id,
      entityId: product.id,
      before: { internalCode: product.internalCode, description: product.description, gtin: product.gtin },
    });
    return { message: productMessages.deleted };
  });
}

/**
 * DELETE /products/binding (staff): a Classified product with an integration code goes back to
 * Pending with NCM, CEST and the code cleared; its rule link is detached (fiscal-rules history).
 */
export async function unbindProduct(db: Db, actor: Actor, productId: string): Promise<TMessage> {
  if (actor.role === 'Member') throw new AppError('FORBIDDEN');
  return db.transaction(async (tx) => {
    const { product, company } = await findProductFor(tx, actor, productId, true);
    if (product.status !== 'F' || !product.fiscalServiceReferenceCode) throw new AppError('PRODUCT_UNBIND_NOT_ALLOWED');
    const at = new Date();
    if (product.fiscalRuleId) await detachProduct(tx, product.id, at);
    await repo.clearGlobalLink(tx, product.id, at);
    await repo.insertProductAudit(tx, {
      companyId: company.id,
      productId: product.id,
      description: `Produto desvinculado do produto global ${product.fiscalServiceReferenceCode}: Pendente`,
      actor,
    });
    await recordAudit(tx, {
      code: AUDIT.productUnbound,
      actor,
      partnerId: company.partnerId,
      companyId: company.id,
      entityId: product.id,
      before: {
        status: product.status,
        ncm: product.ncm,
        cest: product.cest,
        fiscalServiceReferenceCode: product.fiscalServiceReferenceCode,
        fiscalRuleId: product.fiscalRuleId,
      },
      after: { status: 'P', ncm: null, cest: null, fiscalServiceReferenceCode: null, fiscalRuleId: null },
    });
    return { message: productMessages.unbound };
  });
}

/** GET /products/{id}/audits: the Audit details modal. */
export async function listProductAudits(db: Db, actor: Actor, productId: string): Promise<TProductAuditItem[]> {
  await findProductFor(db, actor, productId);
  const rows = await repo.findProductAudits(db, productId);
  return rows.map((r) => ({ description: r.description, createdAt: new Date(r.createdAt).toISOString() }));
}

/** GET /products/audits?company&product: the occurrences of a product of that company. */
export async function listOccurrences(
  db: Db,
  actor: Actor,
  companyId: string,
  productId: string,
): Promise<TProductOccurrence[]> {
  const company = await findCompanyFor(db, actor, companyId);
  const { product } = await findProductFor(db, actor, productId);
  if (product.companyId !== company.id) throw new AppError('PRODUCT_NOT_FOUND');
  const rows = await repo.findProductAudits(db, productId);
  return rows.map((r) => ({
    id: String(r.id),
    productInternalCode: r.internalCode,
    description: r.description,
    createdAt: new Date(r.createdAt).toISOString(),
  }));
}
