import { randomUUID } from 'node:crypto';
import type { TMunicipalRate, TMunicipalRateInput } from '@app/contract';
import { toDecimal } from '@app/tax-engine';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit, registerAuditCodes } from '../../lib/audit.js';
import { checkMunicipalityCode } from '../tax/reform-facts.js';
import * as repo from './municipal-rates.repository.js';

registerAuditCodes({ 3096: { module: 'Products', description: 'Alíquota municipal do IBS alterada' } });

const brDate = (date: string) => date.split('-').reverse().join('/');

export async function listMunicipalRates(db: DbOrTx): Promise<TMunicipalRate[]> {
  return repo.findMunicipalRates(db);
}

/**
 * Creates (id null) or replaces one dated IBS rate of a município. The IBGE code must belong to the UF (the check
 * /tax/calculate makes on cMunFG) and the period must not meet another of the same município; one transaction,
 * serialised per município, with its audit event. The write bumps the tax facts (0810 trigger).
 */
export async function saveMunicipalRate(
  db: DbOrTx,
  actor: Actor,
  id: string | null,
  input: TMunicipalRateInput,
): Promise<TMunicipalRate> {
  checkMunicipalityCode(input.cMun, input.uf, 'cMun', 'Município');
  const values: repo.MunicipalRateValues = {
    uf: input.uf,
    cMun: input.cMun,
    validFrom: input.validFrom,
    validTo: input.validTo ?? null,
    rate: toDecimal(input.rate).toString(),
    source: input.source,
    estimated: input.estimated,
    userId: actor.id,
  };
  return db.transaction(async (tx) => {
    const before = id ? await repo.findMunicipalRate(tx, id) : null;
    if (id && !before) throw new AppError('NOT_FOUND');
    await repo.lockMunicipality(tx, input.cMun);
    const overlap = await repo.findOverlap(tx, input.cMun, values.validFrom, values.validTo, id);
    if (overlap) {
      const message = `Já há uma alíquota do município ${input.cMun} vigente no período (início ${brDate(overlap.validFrom)}).`;
      throw new AppError('VALIDATION', message, [{ field: 'validFrom', message }]);
    }
    const rowId = id ?? randomUUID();
    if (id) await repo.updateMunicipalRate(tx, id, values);
    else await repo.insertMunicipalRate(tx, rowId, values);
    const after = (await repo.findMunicipalRate(tx, rowId))!;
    await recordAudit(tx, { code: 3096, actor, partnerId: null, entityId: rowId, before, after });
    return after;
  });
}

/** Removes a município's rate: the reference rate applies again for its period. */
export async function removeMunicipalRate(db: DbOrTx, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await repo.findMunicipalRate(tx, id);
    if (!before) throw new AppError('NOT_FOUND');
    await repo.deleteMunicipalRate(tx, id);
    await recordAudit(tx, { code: 3096, actor, partnerId: null, entityId: id, before, after: null });
  });
}
