import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { companies, partners, users } from '../../db/schema/index.js';
import type { CompanyRow } from '../../lib/company-access.js';

export type CompanyInsert = typeof companies.$inferInsert;

/**
 * "In use" warns before a delete: the company has linked members or products (spec: emUso).
 */
// Written with explicit aliases: Drizzle renders columns unqualified inside sql``, and an unqualified "id"
// in the subquery would bind to the inner table.
const emUso = sql<boolean>`(exists (select 1 from user_companies uc where uc.company_id = "companies"."id")
  or exists (select 1 from products p where p.company_id = "companies"."id"))`;

const companyColumns = {
  id: companies.id,
  partnerId: companies.partnerId,
  document: companies.document,
  cnae: companies.cnae,
  useCnae: companies.useCnae,
  uf: companies.uf,
  razaoSocial: companies.razaoSocial,
  nomeFantasia: companies.nomeFantasia,
  crt: companies.crt,
  regimeTributario: companies.regimeTributario,
  regimeEspecial: companies.regimeEspecial,
  codigoFaixaEnquadramento: companies.codigoFaixaEnquadramento,
  contribuinteIcms: companies.contribuinteIcms,
  status: companies.status,
  environment: companies.environment,
  fiscalService: companies.fiscalService,
  pisCofinsIcmsBase: companies.pisCofinsIcmsBase,
  emUso,
};
export type CompanyWithUsage = Omit<CompanyRow, 'createdAt' | 'updatedAt'> & { emUso: boolean };

/** Which companies a listing may show: everything, one partner's, or those linked to one user. */
export type CompanyScope =
  | { kind: 'all' }
  | { kind: 'partner'; partnerId: string }
  | { kind: 'linked'; userId: string; partnerId?: string | null };

function scopeCondition(scope: CompanyScope): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'partner') return eq(companies.partnerId, scope.partnerId);
  const linked = sql`exists (select 1 from user_companies uc where uc.company_id = "companies"."id" and uc.user_id = ${scope.userId})`;
  return scope.partnerId ? and(linked, eq(companies.partnerId, scope.partnerId)) : linked;
}

/** Sorted by nome fantasia the way a Brazilian reader expects (accents and case folded by ICU). */
export async function findCompanies(db: DbOrTx, scope: CompanyScope): Promise<CompanyWithUsage[]> {
  return db
    .select(companyColumns)
    .from(companies)
    .where(scopeCondition(scope))
    .orderBy(sql`${companies.nomeFantasia} collate "pt-BR-x-icu"`, companies.id);
}

export async function findCompanyWithUsage(db: DbOrTx, id: string): Promise<CompanyWithUsage | undefined> {
  const [row] = await db.select(companyColumns).from(companies).where(eq(companies.id, id)).limit(1);
  return row;
}

export async function findCompanyIdByDocument(db: DbOrTx, document: string, exceptId?: string) {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(
      exceptId ? and(eq(companies.document, document), ne(companies.id, exceptId)) : eq(companies.document, document),
    )
    .limit(1);
  return row?.id;
}

export async function insertCompany(db: DbOrTx, values: CompanyInsert): Promise<CompanyRow> {
  const [row] = await db.insert(companies).values(values).returning();
  return row!;
}

export async function updateCompanyRow(db: DbOrTx, id: string, values: Partial<CompanyInsert>): Promise<CompanyRow> {
  const [row] = await db
    .update(companies)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(companies.id, id))
    .returning();
  return row!;
}

/** Links to members go with it (ON DELETE CASCADE). */
export async function deleteCompanyRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(companies).where(eq(companies.id, id));
}

export async function partnerExists(db: DbOrTx, partnerId: string): Promise<boolean> {
  const [row] = await db.select({ id: partners.id }).from(partners).where(eq(partners.id, partnerId)).limit(1);
  return !!row;
}

export async function findUserForScope(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: users.id, partnerId: users.partnerId, role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
