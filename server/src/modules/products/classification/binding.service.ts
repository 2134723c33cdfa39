import { countOf, type TBindingInBatchResponse, type TProductBindingResponse } from '@app/contract';
import type { Db } from '../../../db/client.js';
import type { Actor } from '../../../lib/actor.js';
import { AppError } from '../../../lib/app-error.js';
import type { AuditInput } from '../../../lib/audit.js';
import { linkProductsToRule } from '../../fiscal-rules/rule-products.repository.js';
import { productScope } from '../../fiscal-rules/rule-scope.js';
import { assertMemberPermission } from '../product-access.js';
import { AUDIT } from '../products.codes.js';
import {
  type BindableProduct,
  findGlobalForUf,
  findScopedBindable,
  insertProductAudits,
  recordAudits,
  setGlobalLink,
} from './binding.repository.js';
import { recordBinding } from './binding-undo.repository.js';

export const bindingMessages = {
  finalized: 'Produto vinculado e classificado com sucesso!',
  inAudit:
    'Produto vinculado! Como o GTIN é diferente do produto escolhido, o vínculo será auditado pela nossa equipe.',
  /**
   * A Member does not see products in audit (spec 02 §6): the product leaves their list, so say where it went
   * and how it comes back (issue 24), after the spec's own sentence.
   */
  inAuditForMember:
    'Produto vinculado! Como o GTIN é diferente do produto escolhido, o vínculo será auditado pela nossa equipe. ' +
    'Ele foi para a auditoria do parceiro e não aparece na sua lista até a decisão: aprovado, volta como ' +
    'Classificado; devolvido, como Devolvido.',
  batch: (c: { linked: number; finalized: number; inAudit: number }) =>
    `${countOf(c.linked, 'produto vinculado', 'produtos vinculados')}: ` +
    `${countOf(c.finalized, 'classificado', 'classificados')} e ${c.inAudit.toLocaleString('pt-BR')} em auditoria.`,
} as const;

const groupByUf = (rows: BindableProduct[]) => {
  const groups = new Map<string, BindableProduct[]>();
  for (const r of rows) groups.set(r.companyUf, [...(groups.get(r.companyUf) ?? []), r]);
  return groups;
};

/**
 * Binds products to a global product (server-design step 4), all or nothing. A Member binds Pending
 * products of linked, unblocked companies: the same GTIN classifies at once (finalized, the rule of
 * the global product in the company's UF); otherwise the product goes InAudit until staff decide.
 * Staff bind Pending or InAudit products of their partner (Admin: any), possibly of several
 * companies, and their binding is the decision: always finalized. An id outside the caller's scope
 * answers 404 for the whole call, so foreign ids cannot be probed and nothing changes.
 */
export async function bindProducts(
  db: Db,
  actor: Actor,
  input: { ids: string[]; fiscalServiceProduct: string },
): Promise<TBindingInBatchResponse> {
  const isMember = actor.role === 'Member';
  if (isMember) assertMemberPermission(actor, 'Create');
  return db.transaction(async (tx) => {
    const rows = await findScopedBindable(tx, input.ids, productScope(actor), { forUpdate: true });
    if (rows.length !== input.ids.length) throw new AppError('PRODUCT_NOT_FOUND');
    if (isMember && rows.some((r) => r.companyStatus === 'Blocked')) throw new AppError('COMPANY_BLOCKED');
    const allowed = isMember ? ['P'] : ['P', 'A'];
    if (rows.some((r) => !allowed.includes(r.status))) {
      throw new AppError(rows.length === 1 ? 'PRODUCT_BIND_NOT_ALLOWED' : 'PRODUCTS_BIND_NOT_ALLOWED');
    }

    const at = new Date();
    const items: { companyId: string; productId: string; description: string }[] = [];
    const events: AuditInput[] = [];
    let finalizedCount = 0;
    for (const [uf, group] of groupByUf(rows)) {
      const global = await findGlobalForUf(tx, input.fiscalServiceProduct, uf);
      if (!global) throw new AppError('GLOBAL_PRODUCT_NOT_FOUND');
      const isFinal = (r: BindableProduct) => !isMember || (!!r.gtin && r.gtin === global.gtin);
      const finalizedIds = group.filter(isFinal).map((r) => r.id);
      const auditIds = group.filter((r) => !isFinal(r)).map((r) => r.id);
      await setGlobalLink(tx, { finalizedIds, auditIds, global, at });
      if (global.ruleId && global.ruleNcm && finalizedIds.length > 0) {
        await linkProductsToRule(
          tx,
          finalizedIds,
          { id: global.ruleId, ncm: global.ruleNcm, cest: global.ruleCest },
          at,
        );
      }
      finalizedCount += finalizedIds.length;
      for (const r of group) {
        const finalized = isFinal(r);
        items.push({
          companyId: r.companyId,
          productId: r.id,
          description: finalized
            ? `Produto vinculado ao produto global ${global.code} e classificado`
            : `Produto vinculado ao produto global ${global.code}: em auditoria (GTIN diferente)`,
        });
        events.push({
          code: finalized ? AUDIT.productBound : AUDIT.productSentToAudit,
          actor,
          partnerId: r.partnerId,
          companyId: r.companyId,
          entityId: r.id,
          before: { status: r.status, fiscalServiceReferenceCode: r.fiscalServiceReferenceCode },
          after: { status: finalized ? 'F' : 'A', fiscalServiceReferenceCode: global.code },
        });
      }
    }
    await insertProductAudits(tx, items, actor);
    await recordAudits(tx, events);
    const bindingId = await recordBinding(tx, actor, input.fiscalServiceProduct, rows, at);

    const counts = { linked: rows.length, finalized: finalizedCount, inAudit: rows.length - finalizedCount };
    const message =
      rows.length > 1
        ? bindingMessages.batch(counts)
        : counts.finalized === 1
          ? bindingMessages.finalized
          : isMember
            ? bindingMessages.inAuditForMember
            : bindingMessages.inAudit;
    return { linked: true, finalized: counts.inAudit === 0, message, counts, bindingId };
  });
}

/** POST /products/binding: one product, the same rules as a batch. */
export async function bindProduct(
  db: Db,
  actor: Actor,
  body: { productId: string; fiscalServiceProduct: string },
): Promise<TProductBindingResponse> {
  const { linked, finalized, message, bindingId } = await bindProducts(db, actor, {
    ids: [body.productId],
    fiscalServiceProduct: body.fiscalServiceProduct,
  });
  return { linked, finalized, message, bindingId };
}
