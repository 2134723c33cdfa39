import { classificationMessages, type TAuditComparison, type TMessage } from '@app/contract';
import type { Db, DbOrTx } from '../../../db/client.js';
import type { Actor } from '../../../lib/actor.js';
import { AppError } from '../../../lib/app-error.js';
import { recordAudit } from '../../../lib/audit.js';
import { linkProductsToRule } from '../../fiscal-rules/rule-products.repository.js';
import { productScope } from '../../fiscal-rules/rule-scope.js';
import { insertProductAudit } from '../products.repository.js';
import { findRuleSummary, setClassified } from './audit-decision.repository.js';
import { findGlobalForUf, findScopedBindable, setReturned } from './binding.repository.js';
import { CLASSIFICATION_AUDIT } from './classification.codes.js';

/**
 * The staff audit decision (server-design step 4): a product a Member bound to a global product of
 * another GTIN waits InAudit; staff of its partner (Admin: any) approve it (Classified, the rule of the
 * global product in the company's UF) or return it (Returned with a reason, link cleared so the member
 * can fix the data and bind again). The route needs 'audit:product' (Members never hold it); the scope
 * check here makes another partner's product a 404.
 */
async function findInScope(db: DbOrTx, actor: Actor, productId: string, opts: { forUpdate?: boolean } = {}) {
  const [product] = await findScopedBindable(db, [productId], productScope(actor), opts);
  if (!product) throw new AppError('PRODUCT_NOT_FOUND');
  return product;
}

export async function findAuditComparison(db: Db, actor: Actor, productId: string): Promise<TAuditComparison> {
  const p = await findInScope(db, actor, productId);
  const global = p.fiscalServiceReferenceCode
    ? await findGlobalForUf(db, p.fiscalServiceReferenceCode, p.companyUf)
    : undefined;
  const rule = global?.ruleId ? await findRuleSummary(db, global.ruleId) : undefined;
  return {
    product: {
      id: p.id,
      internalCode: p.internalCode,
      status: p.status,
      companyName: p.companyName,
      description: p.description,
      gtin: p.gtin,
      ncm: p.ncm,
      cest: p.cest,
    },
    global: global
      ? { code: global.code, description: global.description, gtin: global.gtin, ncm: global.ncm, cest: global.cest }
      : null,
    uf: p.companyUf,
    rule: rule ?? null,
  };
}

export async function approveAudit(db: Db, actor: Actor, productId: string): Promise<TMessage> {
  return db.transaction(async (tx) => {
    const p = await findInScope(tx, actor, productId, { forUpdate: true });
    if (p.status !== 'A') throw new AppError('PRODUCT_NOT_IN_AUDIT');
    const global = p.fiscalServiceReferenceCode
      ? await findGlobalForUf(tx, p.fiscalServiceReferenceCode, p.companyUf)
      : undefined;
    if (!global) throw new AppError('GLOBAL_PRODUCT_NOT_FOUND');
    const at = new Date();
    if (global.ruleId && global.ruleNcm) {
      await linkProductsToRule(tx, [p.id], { id: global.ruleId, ncm: global.ruleNcm, cest: global.ruleCest }, at);
    } else {
      await setClassified(tx, p.id, at);
    }
    await insertProductAudit(tx, {
      companyId: p.companyId,
      productId: p.id,
      description: `Vínculo ao produto global ${global.code} aprovado na auditoria: produto classificado`,
      actor,
    });
    await recordAudit(tx, {
      code: CLASSIFICATION_AUDIT.auditApproved,
      actor,
      partnerId: p.partnerId,
      companyId: p.companyId,
      entityId: p.id,
      before: { status: 'A', fiscalServiceReferenceCode: p.fiscalServiceReferenceCode },
      after: { status: 'F', fiscalServiceReferenceCode: global.code, fiscalRuleId: global.ruleId },
    });
    return { message: classificationMessages.approved };
  });
}

export async function returnAudit(db: Db, actor: Actor, productId: string, reason: string): Promise<TMessage> {
  return db.transaction(async (tx) => {
    const p = await findInScope(tx, actor, productId, { forUpdate: true });
    if (p.status !== 'A') throw new AppError('PRODUCT_NOT_IN_AUDIT');
    await setReturned(tx, p.id, new Date());
    await insertProductAudit(tx, {
      companyId: p.companyId,
      productId: p.id,
      description: `Vínculo ao produto global ${p.fiscalServiceReferenceCode ?? '-'} devolvido na auditoria. Motivo: ${reason}`,
      actor,
    });
    await recordAudit(tx, {
      code: CLASSIFICATION_AUDIT.auditReturned,
      actor,
      partnerId: p.partnerId,
      companyId: p.companyId,
      entityId: p.id,
      before: { status: 'A', fiscalServiceReferenceCode: p.fiscalServiceReferenceCode },
      after: { status: 'D', fiscalServiceReferenceCode: null, reason },
    });
    return { message: classificationMessages.returned };
  });
}
