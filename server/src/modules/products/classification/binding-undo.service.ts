import { bindingMessages, type TBindingUndoResponse, type TNoEquivalentBody } from '@app/contract';
import type { Db } from '../../../db/client.js';
import type { Actor } from '../../../lib/actor.js';
import { AppError } from '../../../lib/app-error.js';
import type { AuditInput } from '../../../lib/audit.js';
import { insertProductAudits, recordAudits } from './binding.repository.js';
import { findBindingForUpdate, lockUntouchedSince, markUndone, restoreBefore } from './binding-undo.repository.js';
import { CLASSIFICATION_AUDIT } from './classification.codes.js';
import { findVisibleProduct } from './fiscal-service.service.js';

const statusCodeLabel: Record<string, string> = { P: 'Pendente', F: 'Classificado', A: 'Em Auditoria', D: 'Devolvido' };

/**
 * POST /products/binding/{bindingId}/undo (decision 062): the user who bound, in the same session, puts every
 * product of the binding back as it was — all or nothing, and only while none of them changed since (an audit
 * decision, a rule or an edit came after: 409). The undo is an audit event of its own; the binding's stays.
 */
export async function undoBinding(db: Db, actor: Actor, bindingId: string): Promise<TBindingUndoResponse> {
  return db.transaction(async (tx) => {
    const b = await findBindingForUpdate(tx, bindingId);
    if (!b || b.actorId !== actor.id) throw new AppError('BINDING_NOT_FOUND');
    if (b.sessionId !== actor.sessionId) throw new AppError('BINDING_UNDO_OTHER_SESSION');
    if (b.undoneAt) throw new AppError('BINDING_ALREADY_UNDONE');
    const ids = b.items.map((i) => i.id);
    const untouched = await lockUntouchedSince(tx, ids, b.globalCode, b.boundAt);
    if (untouched !== ids.length) throw new AppError('BINDING_UNDO_CHANGED');
    const at = new Date();
    await restoreBefore(tx, b.items, at);
    await markUndone(tx, b.id, at);
    await insertProductAudits(
      tx,
      b.items.map((i) => ({
        companyId: i.companyId,
        productId: i.id,
        description: `Vínculo ao produto global ${b.globalCode} desfeito: voltou a ${statusCodeLabel[i.status] ?? i.status}`,
      })),
      actor,
    );
    const events: AuditInput[] = b.items.map((i) => ({
      code: CLASSIFICATION_AUDIT.bindingUndone,
      actor,
      partnerId: i.partnerId,
      companyId: i.companyId,
      entityId: i.id,
      before: { fiscalServiceReferenceCode: b.globalCode, bindingId: b.id },
      after: { status: i.status, fiscalServiceReferenceCode: i.fiscalServiceReferenceCode },
    }));
    await recordAudits(tx, events);
    return { message: bindingMessages.undone(ids.length), count: ids.length };
  });
}

/**
 * POST /products/binding/none: "Nenhum equivalente" is an answer — the product stays Pending and the audit
 * trail says who looked, when and for what, so staff know the base lacks it.
 */
export async function recordNoEquivalent(db: Db, actor: Actor, body: TNoEquivalentBody) {
  const product = await findVisibleProduct(db, actor, body.productId);
  if (product.status !== 'P') throw new AppError('NO_EQUIVALENT_NOT_PENDING');
  const searched = body.searched?.trim();
  await db.transaction(async (tx) => {
    await insertProductAudits(
      tx,
      [
        {
          companyId: product.companyId,
          productId: product.id,
          description: `Nenhum equivalente na base compartilhada${searched ? ` (pesquisa: ${searched})` : ''}`,
        },
      ],
      actor,
    );
    await recordAudits(tx, [
      {
        code: CLASSIFICATION_AUDIT.noEquivalent,
        actor,
        partnerId: product.partnerId,
        companyId: product.companyId,
        entityId: product.id,
        after: { status: 'P', searched: searched ?? null },
      },
    ]);
  });
  return { message: bindingMessages.noEquivalent };
}
