import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { companies, partners, userCompanies, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;
export type UserCompany = { id: string; nomeFantasia: string };

/** Users of one partner (or all when partnerId is undefined), by name, accent- and case-insensitive. */
export async function selectUsers(db: DbOrTx, partnerId: string | undefined): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(partnerId ? eq(users.partnerId, partnerId) : undefined)
    .orderBy(sql`lower(f_unaccent(${users.name}))`, asc(users.id));
}

/** Linked companies per user id, by nome fantasia. */
export async function selectCompaniesOfUsers(db: DbOrTx, userIds: string[]): Promise<Map<string, UserCompany[]>> {
  const byUser = new Map<string, UserCompany[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: userCompanies.userId, id: companies.id, nomeFantasia: companies.nomeFantasia })
    .from(userCompanies)
    .innerJoin(companies, eq(companies.id, userCompanies.companyId))
    .where(inArray(userCompanies.userId, userIds))
    .orderBy(asc(companies.nomeFantasia));
  for (const { userId, ...company } of rows) {
    const list = byUser.get(userId) ?? [];
    list.push(company);
    byUser.set(userId, list);
  }
  return byUser;
}

export async function selectUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function isEmailTaken(db: DbOrTx, email: string, exceptUserId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId ? and(eq(users.email, email), ne(users.id, exceptUserId)) : eq(users.email, email))
    .limit(1);
  return !!row;
}

export async function partnerExists(db: DbOrTx, partnerId: string): Promise<boolean> {
  const [row] = await db.select({ id: partners.id }).from(partners).where(eq(partners.id, partnerId)).limit(1);
  return !!row;
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUserRow(
  db: DbOrTx,
  id: string,
  values: Partial<typeof users.$inferInsert>,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

export async function deleteUserCompanies(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(userCompanies).where(eq(userCompanies.userId, userId));
}

export async function hasUserCompany(db: DbOrTx, userId: string, companyId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: userCompanies.userId })
    .from(userCompanies)
    .where(and(eq(userCompanies.userId, userId), eq(userCompanies.companyId, companyId)))
    .limit(1);
  return !!row;
}

/** False when the link already existed (a concurrent add). */
export async function insertUserCompany(db: DbOrTx, userId: string, companyId: string): Promise<boolean> {
  const rows = await db
    .insert(userCompanies)
    .values({ userId, companyId })
    .onConflictDoNothing()
    .returning({ userId: userCompanies.userId });
  return rows.length > 0;
}

export async function deleteUserCompany(db: DbOrTx, userId: string, companyId: string): Promise<boolean> {
  const rows = await db
    .delete(userCompanies)
    .where(and(eq(userCompanies.userId, userId), eq(userCompanies.companyId, companyId)))
    .returning({ userId: userCompanies.userId });
  return rows.length > 0;
}
