import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.js';
import { apiKeys, companies, users } from '../../../db/schema/index.js';

export async function insertApiKey(db: DbOrTx, values: typeof apiKeys.$inferInsert) {
  const [row] = await db.insert(apiKeys).values(values).returning();
  return row!;
}

const revokers = alias(users, 'revokers');

/**
 * Keys the filter selects with company, creator and revoker names: live ones first (newest first), then the
 * revoked ones (latest revocation first), which the screen lists as revoked: who and when (issue 38).
 */
export async function findApiKeys(db: DbOrTx, filter: SQL | undefined) {
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.keyPrefix,
      companyId: apiKeys.companyId,
      companyName: companies.nomeFantasia,
      createdBy: users.name,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
      revokedBy: revokers.name,
    })
    .from(apiKeys)
    .leftJoin(companies, eq(companies.id, apiKeys.companyId))
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .leftJoin(revokers, eq(revokers.id, apiKeys.revokedBy))
    .where(filter)
    .orderBy(
      asc(sql`${apiKeys.revokedAt} IS NOT NULL`),
      desc(sql`coalesce(${apiKeys.revokedAt}, ${apiKeys.createdAt})`),
      apiKeys.id,
    )
    .limit(500);
}

export async function findLiveApiKey(db: DbOrTx, id: string) {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .limit(1);
  return row;
}

export async function revokeApiKey(db: DbOrTx, id: string, revokedBy: string) {
  await db.update(apiKeys).set({ revokedAt: sql`now()`, revokedBy }).where(eq(apiKeys.id, id));
}

/** Companies a Member is linked to (their keys are the ones they may see). */
export function memberCompaniesFilter(userId: string): SQL {
  return inArray(apiKeys.companyId, sql`(SELECT company_id FROM user_companies WHERE user_id = ${userId})`);
}
