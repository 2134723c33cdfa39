import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { partners } from '../../db/schema/index.js';

const publicColumns = {
  id: partners.id,
  name: partners.name,
  nameDomain: partners.nameDomain,
  urlLogo: partners.urlLogo,
  displayName: partners.displayName,
  displayNameShort: partners.displayNameShort,
};

export async function selectPartners(db: DbOrTx) {
  return db.select(publicColumns).from(partners).orderBy(sql`lower(f_unaccent(${partners.name}))`, asc(partners.id));
}

export async function selectPartnersByDomain(db: DbOrTx, nameDomain: string) {
  return db.select(publicColumns).from(partners).where(eq(partners.nameDomain, nameDomain));
}

export async function isDomainTaken(db: DbOrTx, nameDomain: string): Promise<boolean> {
  const [row] = await db.select({ id: partners.id }).from(partners).where(eq(partners.nameDomain, nameDomain)).limit(1);
  return !!row;
}

export async function insertPartner(db: DbOrTx, values: typeof partners.$inferInsert) {
  const [row] = await db.insert(partners).values(values).returning(publicColumns);
  return row!;
}
