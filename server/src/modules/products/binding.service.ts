import type { TProductBindingBody, TProductBindingResponse, ZProductBindingBody } from '@app/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { products } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import { findAccessibleCompany } from '../../lib/company-access.js';
import { findRule } from '../fiscal-rules/fiscal-rules.repository.js';
import { linkProductsToRule } from '../fiscal-rules/rule-products.repository.js';
import { findGlobalProductByCode } from './global/global-products.repository.js';
import { assertMemberPermission } from './product-access.js';
import { AUDIT } from './products.codes.js';
import { findProduct, insertProductAudit } from './products.repository.js';

export const bindingMessages = {
  finalized: 'Produto vinculado e classificado com sucesso!',
  inAudit:
    'Produto vinculado! Como o GTIN é diferente do produto escolhido, o vínculo será auditado pela nossa equipe.',
} as const;

type BindingBody = z.output<typeof ZProductBindingBody>;

/**
 * POST /products/binding (server-design step 4). A Member binds a Pending product to a global
 * product: the same GTIN classifies it at once (finalized); otherwise it goes InAudit (linked, not
 * finalized) until staff approve or return it. Staff binding (Pending or InAudit) always finalizes.
 * Finalizing links the rule of the global product in the company's UF (fiscal-rules linking).
 */
export async function bindProduct(db: Db, actor: Actor, body: BindingBody): Promise<TProductBindingResponse> {
  const isMember = actor.role === 'Member';
  return db.transaction(async (tx) => {
    const product = await findProduct(tx, body.productId, { forUpdate: true });
    if (!product) throw new AppError('PRODUCT_NOT_FOUND');
    const company = await findAccessibleCompany(tx, actor, product.companyId).catch(() => {
      throw new AppError('PRODUCT_NOT_FOUND');
    });
    if (isMember) {
      if (company.status === 'Blocked') throw new AppError('COMPANY_BLOCKED');
      assertMemberPermission(actor, 'Create');
    }
    const allowed = isMember ? ['P'] : ['P', 'A'];
    if (!allowed.includes(product.status)) throw new AppError('PRODUCT_BIND_NOT_ALLOWED');
    const global = await findGlobalProductByCode(tx, body.fiscalServiceProduct, company.uf);
    if (!global) throw new AppError('GLOBAL_PRODUCT_NOT_FOUND');

    const finalized = !isMember || (!!product.gtin && product.gtin === global.gtin);
    const at = new Date();
    await tx
      .update(products)
      .set({
        fiscalServiceReferenceCode: global.code,
        ncm: global.ncm,
        cest: global.cest,
        status: finalized ? 'F' : 'A',
        updatedAt: at,
      })
      .where(eq(products.id, product.id));
    if (finalized && global.ruleId) {
      const rule = await findRule(tx, global.ruleId);
      if (rule) await linkProductsToRule(tx, [product.id], rule, at);
    }
    const description = finalized
      ? `Produto vinculado ao produto global ${global.code} e classificado`
      : `Produto vinculado ao produto global ${global.code}: em auditoria (GTIN diferente)`;
    await insertProductAudit(tx, { companyId: company.id, productId: product.id, description, actor });
    await recordAudit(tx, {
      code: finalized ? AUDIT.productBound : AUDIT.productSentToAudit,
      actor,
      partnerId: company.partnerId,
      companyId: company.id,
      entityId: product.id,
      before: { status: product.status, fiscalServiceReferenceCode: product.fiscalServiceReferenceCode },
      after: { status: finalized ? 'F' : 'A', fiscalServiceReferenceCode: global.code },
    });
    return {
      linked: true,
      finalized,
      message: finalized ? bindingMessages.finalized : bindingMessages.inAudit,
    };
  });
}

export type { TProductBindingBody };
