import {
  countOf,
  fiscalRuleMessages,
  type TMessage,
  type TProductRuleDetails,
  type TRuleHistoryItem,
  type TRuleProducts,
} from '@app/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import { assertMemberPermission } from '../products/product-access.js';
import { AUDIT } from './fiscal-rules.codes.js';
import { toProductRuleDetails } from './fiscal-rules.mapper.js';
import * as repo from './fiscal-rules.repository.js';
import * as productsRepo from './rule-products.repository.js';
import { productScope } from './rule-scope.js';

async function findRuleOrThrow(db: DbOrTx, id: string) {
  const rule = await repo.findRule(db, id);
  if (!rule) throw new AppError('FISCAL_RULE_NOT_FOUND');
  return rule;
}

/** A product the actor may see, else 404 (foreign ids read as unknown ones). */
async function findProductOrThrow(db: DbOrTx, actor: Actor, productId: string, opts: { forUpdate?: boolean } = {}) {
  const [product] = await productsRepo.findScopedProducts(db, [productId], productScope(actor), opts);
  if (!product) throw new AppError('RULE_PRODUCT_NOT_FOUND');
  return product;
}

/**
 * Rule details, optionally for a product and "as of" a date. With a product: it must be visible
 * to the actor (Members: linked companies only, so they need productId) and classified; the version
 * shown is the one that applied to the product at `validity` (its history), else the rule's
 * version in force then, else the current one. `dates` lists the product's dated versions.
 */
export async function findRuleDetails(
  db: Db,
  actor: Actor,
  ruleId: string,
  query: { productId?: string; validity?: string },
): Promise<TProductRuleDetails> {
  if (actor.role === 'Member' && !query.productId) throw new AppError('FISCAL_RULE_NOT_FOUND');
  const at = query.validity ? new Date(query.validity) : null;
  let product: productsRepo.ScopedProduct | null = null;
  let history: productsRepo.HistoryRow[] = [];
  if (query.productId) {
    product = await findProductOrThrow(db, actor, query.productId);
    history = await productsRepo.findProductHistory(db, product.id);
    if (!product.fiscalRuleId && history.length === 0) {
      throw new AppError('PRODUCT_NOT_CLASSIFIED', fiscalRuleMessages.notClassified);
    }
    const related = product.fiscalRuleId === ruleId || history.some((h) => h.fiscalRuleId === ruleId);
    if (!related) throw new AppError('FISCAL_RULE_NOT_FOUND');
  }
  const rule = await findRuleOrThrow(db, ruleId);
  let versionId = rule.currentVersionId;
  if (at) {
    const period = history.find((h) => h.validFrom <= at && (!h.validTo || h.validTo > at));
    const inForce = period ? undefined : await repo.findVersionViewAt(db, ruleId, at);
    versionId = period?.versionId ?? inForce?.version.id ?? versionId;
  }
  const view = await repo.findVersionView(db, versionId);
  if (!view) throw new AppError('FISCAL_RULE_NOT_FOUND');
  const dates = [...new Set(history.map((h) => h.validFrom.toISOString()))];
  return toProductRuleDetails(view, product && { id: product.id, description: product.description }, dates);
}

export async function findRuleProducts(db: Db, actor: Actor, ruleId: string, search?: string): Promise<TRuleProducts> {
  const rule = await findRuleOrThrow(db, ruleId);
  return productsRepo.findRuleProductLists(db, rule, productScope(actor), search);
}

/** Check-all needs the rule Checked (spec 02 §4); both only touch the actor's products. */
export async function setAllLinksStatus(db: Db, actor: Actor, ruleId: string, to: 'Checked' | 'Unchecked') {
  const count = await db.transaction(async (tx) => {
    const rule = await repo.findRule(tx, ruleId, { forUpdate: true });
    if (!rule) throw new AppError('FISCAL_RULE_NOT_FOUND');
    if (to === 'Checked' && rule.status !== 'Checked') throw new AppError('FISCAL_RULE_NOT_CHECKED');
    const from = to === 'Checked' ? 'Unchecked' : 'Checked';
    const ids = await productsRepo.setRuleLinksStatus(tx, ruleId, productScope(actor), from, to);
    await recordAudit(tx, {
      code: to === 'Checked' ? AUDIT.productsCheckedAll : AUDIT.productsUncheckedAll,
      actor,
      partnerId: actor.partnerId,
      entityId: ruleId,
      before: { fiscalRuleStatus: from, products: ids },
      after: { fiscalRuleStatus: to, products: ids },
    });
    return ids.length;
  });
  const message =
    to === 'Checked'
      ? countOf(count, 'produto marcado como conferido', 'produtos marcados como conferidos')
      : countOf(count, 'produto desmarcado como conferido', 'produtos desmarcados como conferidos');
  return { message: `${message}!` };
}

export async function setLinkStatus(db: Db, actor: Actor, productId: string, to: 'Checked' | 'Unchecked') {
  await db.transaction(async (tx) => {
    const product = await findProductOrThrow(tx, actor, productId, { forUpdate: true });
    if (!product.fiscalRuleId) throw new AppError('RULE_PRODUCT_NOT_LINKED');
    const rule = await repo.findRule(tx, product.fiscalRuleId);
    if (to === 'Checked' && rule?.status !== 'Checked') throw new AppError('FISCAL_RULE_NOT_CHECKED');
    await productsRepo.setLinkStatus(tx, productId, to);
    await recordAudit(tx, {
      code: to === 'Checked' ? AUDIT.productChecked : AUDIT.productUnchecked,
      actor,
      partnerId: product.partnerId,
      companyId: product.companyId,
      entityId: productId,
      before: { fiscalRuleId: product.fiscalRuleId, fiscalRuleStatus: product.fiscalRuleStatus },
      after: { fiscalRuleId: product.fiscalRuleId, fiscalRuleStatus: to },
    });
  });
  return { message: to === 'Checked' ? 'Produto marcado como conferido!' : 'Produto desmarcado como conferido!' };
}

/**
 * Unbinding leaves the rule's product list (spec 02 §4): link Detached, no rule, status Pending.
 * NCM and CEST stay (they describe the product), so it shows among the rule's "Não Encontrados".
 */
export async function unbindProduct(db: Db, actor: Actor, productId: string): Promise<TMessage> {
  await db.transaction(async (tx) => {
    const product = await findProductOrThrow(tx, actor, productId, { forUpdate: true });
    if (!product.fiscalRuleId) throw new AppError('RULE_PRODUCT_NOT_LINKED');
    await productsRepo.detachProduct(tx, productId, new Date());
    await recordAudit(tx, {
      code: AUDIT.productUnbound,
      actor,
      partnerId: product.partnerId,
      companyId: product.companyId,
      entityId: productId,
      before: {
        fiscalRuleId: product.fiscalRuleId,
        fiscalRuleStatus: product.fiscalRuleStatus,
        status: product.status,
      },
      after: { fiscalRuleId: null, fiscalRuleStatus: 'Detached', status: 'P' },
    });
  });
  return { message: 'Produto desvinculado com sucesso!' };
}

export async function findProductRuleHistory(db: Db, actor: Actor, productId: string): Promise<TRuleHistoryItem[]> {
  await findProductOrThrow(db, actor, productId);
  const rows = await productsRepo.findProductHistory(db, productId);
  return rows.map((r) => ({ fiscalRuleId: r.fiscalRuleId, versionId: r.versionId, date: r.validFrom.toISOString() }));
}

/**
 * Binds products to a rule (Classified, link Unchecked, history row). Every product must be
 * visible to the actor and its company's UF must equal the rule's UF and the informed UF.
 */
export async function linkProducts(
  db: Db,
  actor: Actor,
  input: { fiscalRuleId: string; uf: string; productsId: string[] },
): Promise<TMessage> {
  // Classifying is creating a product's classification: a Member needs Create, as for binding (issue 15).
  assertMemberPermission(actor, 'Create');
  const mismatch = actor.role === 'Member' ? fiscalRuleMessages.memberUfMismatch : fiscalRuleMessages.partnerUfMismatch;
  const ids = [...new Set(input.productsId)];
  await db.transaction(async (tx) => {
    const rule = await repo.findRule(tx, input.fiscalRuleId);
    if (!rule) throw new AppError('FISCAL_RULE_NOT_FOUND');
    const products = await productsRepo.findScopedProducts(tx, ids, productScope(actor), { forUpdate: true });
    if (products.length !== ids.length) throw new AppError('RULE_PRODUCT_NOT_FOUND');
    if (rule.uf !== input.uf || products.some((p) => p.companyUf !== rule.uf)) {
      throw new AppError('RULE_UF_MISMATCH', mismatch);
    }
    await productsRepo.linkProductsToRule(tx, ids, rule, new Date());
    for (const p of products) {
      await recordAudit(tx, {
        code: AUDIT.productsLinked,
        actor,
        partnerId: p.partnerId,
        companyId: p.companyId,
        entityId: p.id,
        before: { fiscalRuleId: p.fiscalRuleId, fiscalRuleStatus: p.fiscalRuleStatus, status: p.status },
        after: { fiscalRuleId: rule.id, versionId: rule.currentVersionId, fiscalRuleStatus: 'Unchecked', status: 'F' },
      });
    }
  });
  return { message: 'Produtos vinculados com sucesso!' };
}
