import type { TReformRate, TReformRateUpdate } from '@app/contract';
import { toDecimal } from '@app/tax-engine';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit, registerAuditCodes } from '../../lib/audit.js';
import * as repo from './reform-rates.repository.js';

// In the Products range, with the fiscal-rule events (spec 02 §7: the log export has three categories).
registerAuditCodes({ 3095: { module: 'Products', description: 'Alíquota estimada de CBS/IBS alterada' } });

export async function listReformRates(db: DbOrTx): Promise<TReformRate[]> {
  return repo.findReformRates(db);
}

/**
 * The Admin's value for an estimated rate (or, with `rate: null`, back to the file's). A rate the law fixes is
 * not editable. The write bumps `reference_versions` (0760 trigger), so every server prices with it within a second.
 */
export async function updateReformRate(
  db: DbOrTx,
  actor: Actor,
  key: { tax: string; validFrom: string },
  input: TReformRateUpdate,
): Promise<TReformRate> {
  return db.transaction(async (tx) => {
    const before = await repo.findReformRateForUpdate(tx, key.tax, key.validFrom);
    if (!before) throw new AppError('NOT_FOUND');
    if (!before.estimated) {
      const message = 'Esta alíquota é fixada em lei e não pode ser editada; só as estimativas podem.';
      throw new AppError('VALIDATION', message, [{ field: 'rate', message }]);
    }
    const rate = input.rate === null ? null : toDecimal(input.rate).toString();
    await repo.updateReformRateOverride(tx, key, {
      rate,
      source: rate === null ? null : (input.source ?? null),
      userId: rate === null ? null : actor.id,
    });
    const after = await repo.findReformRateForUpdate(tx, key.tax, key.validFrom);
    await recordAudit(tx, {
      code: 3095,
      actor,
      partnerId: null,
      entityId: `${key.tax}:${key.validFrom}`,
      before: { rate: before.rate, source: before.source },
      after: { rate: after!.rate, source: after!.source },
    });
    return after!;
  });
}
