import { countOf, type TChangeCheckResult } from '@app/contract';
import type { Db } from '../../../db/client.js';
import type { Actor } from '../../../lib/actor.js';
import { recordAudit } from '../../../lib/audit.js';
import { lockCompanyProductWrites } from '../../products/matching/upsert-products.js';
import { findCompanyFor } from '../../products/product-access.js';
import { AUDIT } from '../classifying.codes.js';
import { applyGlobalChanges, insertChangeCheck } from './change-check.repository.js';

/**
 * GET /products/fiscalservice/consult?company: compares, applies and records the run (the indicators
 * screen's history). Under the company's product write lock, so an import or a fan-out job of the
 * company waits instead of interleaving.
 */
export async function runChangeCheck(db: Db, actor: Actor, companyId: string): Promise<TChangeCheckResult> {
  const company = await findCompanyFor(db, actor, companyId);
  const counts = await db.transaction(async (tx) => {
    await lockCompanyProductWrites(tx, company.id);
    const found = await applyGlobalChanges(tx, { companyId: company.id, uf: company.uf, actor });
    await insertChangeCheck(tx, { ...found, companyId: company.id, userId: actor.id });
    await recordAudit(tx, {
      code: AUDIT.changeCheck,
      actor,
      partnerId: company.partnerId,
      companyId: company.id,
      entityId: company.id,
      after: found,
    });
    return found;
  });
  return { ...counts, message: describeChangeCheck(counts) };
}

export function describeChangeCheck(c: { amount: number; missing: number; changed: number; finished: number }): string {
  if (c.amount === 0) return 'Consulta concluída: a empresa não possui produtos classificados pela base global.';
  const checked = countOf(c.amount, 'produto verificado', 'produtos verificados');
  if (c.missing === 0 && c.changed === 0) return `Consulta concluída: ${checked}, nenhuma alteração na base global.`;
  return (
    `Consulta concluída: ${checked}; ${c.missing.toLocaleString('pt-BR')} sem referência na base global; ` +
    `${countOf(c.changed, 'alterado', 'alterados')}; ${countOf(c.finished, 'atualizado', 'atualizados')}.`
  );
}
