import { API_KEY_PREFIX, type TApiKey, type TApiKeyCreated } from '@app/contract';
import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { apiKeys } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/actor.js';
import { AppError } from '../../../lib/app-error.js';
import { recordAudit } from '../../../lib/audit.js';
import { hashToken, newToken } from '../../../lib/tokens.js';
import { assertWriteAccess, findManagedCompany, iso } from '../integration-access.js';
import { AUDIT } from '../integrations.codes.js';
import * as repo from './api-keys.repository.js';

/**
 * POST /api-keys: a key for one company (its staff or a Member with write access) or, without
 * companyId, for every company of the creator's partner (partner staff). The key is returned once.
 */
export async function createApiKey(
  db: Db,
  actor: Actor,
  body: { name: string; companyId?: string | null },
): Promise<TApiKeyCreated> {
  let partnerId: string;
  if (body.companyId) {
    partnerId = (await findManagedCompany(db, actor, body.companyId)).partnerId;
  } else {
    if (actor.role === 'Member' || !actor.partnerId) throw new AppError('API_KEY_PARTNER_SCOPE');
    partnerId = actor.partnerId;
  }
  const key = `${API_KEY_PREFIX}${newToken(30)}`;
  return db.transaction(async (tx) => {
    const row = await repo.insertApiKey(tx, {
      name: body.name,
      keyHash: hashToken(key),
      keyPrefix: key.slice(0, API_KEY_PREFIX.length + 6),
      createdBy: actor.id,
      partnerId,
      companyId: body.companyId ?? null,
    });
    await recordAudit(tx, {
      code: AUDIT.keyCreated,
      actor,
      partnerId,
      companyId: row.companyId,
      entityId: row.id,
      after: { name: row.name, prefix: row.keyPrefix, companyId: row.companyId },
    });
    return { id: row.id, key };
  });
}

/** GET /api-keys: the keys the caller may manage, live and revoked (never the key itself). */
export async function listApiKeys(db: Db, actor: Actor, companyId?: string): Promise<TApiKey[]> {
  assertWriteAccess(actor);
  let filter: SQL | undefined;
  if (companyId) {
    const company = await findManagedCompany(db, actor, companyId);
    // Staff also see the partner-wide keys, which reach this company too.
    filter =
      actor.role === 'Member'
        ? eq(apiKeys.companyId, company.id)
        : or(
            eq(apiKeys.companyId, company.id),
            and(isNull(apiKeys.companyId), eq(apiKeys.partnerId, company.partnerId)),
          );
  } else if (actor.role === 'Member') {
    filter = repo.memberCompaniesFilter(actor.id);
  } else if (actor.role !== 'Admin') {
    filter = eq(apiKeys.partnerId, actor.partnerId ?? '00000000-0000-0000-0000-000000000000');
  }
  const rows = await repo.findApiKeys(db, filter);
  return rows.map((r) => ({
    ...r,
    scope: r.companyId ? 'company' : 'partner',
    createdAt: iso(r.createdAt)!,
    lastUsedAt: iso(r.lastUsedAt),
    revokedAt: iso(r.revokedAt),
  }));
}

/** DELETE /api-keys/{id}: revoked at once (keys are never cached, decision 032). */
export async function revokeApiKey(db: Db, actor: Actor, id: string): Promise<void> {
  const key = await repo.findLiveApiKey(db, id);
  if (!key) throw new AppError('API_KEY_NOT_FOUND');
  if (key.companyId) {
    await findManagedCompany(db, actor, key.companyId).catch(() => {
      throw new AppError('API_KEY_NOT_FOUND');
    });
  } else if (actor.role === 'Member' || (actor.role !== 'Admin' && actor.partnerId !== key.partnerId)) {
    throw new AppError('API_KEY_NOT_FOUND');
  }
  await db.transaction(async (tx) => {
    await repo.revokeApiKey(tx, id, actor.id);
    await recordAudit(tx, {
      code: AUDIT.keyRevoked,
      actor,
      partnerId: key.partnerId,
      companyId: key.companyId,
      entityId: key.id,
      before: { name: key.name, prefix: key.keyPrefix },
    });
  });
}
