import { randomInt } from 'node:crypto';
import { hashPassword } from '../lib/password.js';
import { hashToken, newToken } from '../lib/tokens.js';
import type { Db } from './client.js';
import { companies, partners, sessions, userCompanies, users } from './schema/index.js';

/**
 * Row factories shared by server tests, browser-test fixtures and the demo seed.
 * Every field can be overridden; defaults are valid and unique.
 */
let seq = 0;
const next = () => `${Date.now().toString(36)}${(++seq).toString(36)}${randomInt(1e6).toString(36)}`;

export async function createPartner(db: Db, over: Partial<typeof partners.$inferInsert> = {}) {
  const id = next();
  const [row] = await db
    .insert(partners)
    .values({
      name: `Parceiro ${id}`,
      nameDomain: `parceiro-${id}.localhost`,
      displayName: `Parceiro ${id}`,
      displayNameShort: `P${id.slice(-3)}`,
      urlLogo: null,
      ...over,
    })
    .returning();
  return row!;
}

export async function createUser(db: Db, over: Partial<typeof users.$inferInsert> & { password?: string | null } = {}) {
  const { password = 'Senha@123', ...rest } = over;
  const id = next();
  const [row] = await db
    .insert(users)
    .values({
      name: `Usuário ${id}`,
      email: `user-${id}@example.com`,
      role: 'Member',
      permissions: ['Create', 'Read', 'Delete', 'Import', 'Export'],
      passwordHash: password ? await hashPassword(password) : null,
      ...rest,
    })
    .returning();
  return { ...row!, password };
}

/** A valid numeric CNPJ (check digits computed), unique per call. */
export function generateCnpj(base12?: string): string {
  const digits = (base12 ?? `${randomInt(10 ** 7, 10 ** 8)}0001`).padStart(12, '0').slice(0, 12);
  const calc = (s: string) => {
    const weights = s.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = [...s].reduce((acc, ch, i) => acc + (ch.charCodeAt(0) - 48) * weights[i]!, 0);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const d1 = calc(digits);
  const d2 = calc(digits + d1);
  return `${digits}${d1}${d2}`;
}

export async function createCompany(db: Db, over: Partial<typeof companies.$inferInsert> & { partnerId: string }) {
  const id = next().toUpperCase();
  const [row] = await db
    .insert(companies)
    .values({
      document: generateCnpj(),
      uf: 'SP',
      razaoSocial: `EMPRESA ${id} LTDA`,
      nomeFantasia: `EMPRESA ${id}`,
      crt: 'SimplesNacional',
      regimeTributario: 'SimplesNacional',
      codigoFaixaEnquadramento: 'SimplesNacional',
      regimeEspecial: 'N',
      status: 'Active',
      ...over,
    })
    .returning();
  return row!;
}

export async function linkMemberToCompany(db: Db, userId: string, companyId: string) {
  await db.insert(userCompanies).values({ userId, companyId }).onConflictDoNothing();
}

/**
 * Opens a server-side session for a user directly in the database and returns its bearer token
 * (tests sign in without going through the rate-limited sign-in call).
 */
export async function createSessionToken(
  db: Db,
  userId: string,
  over: Partial<Omit<typeof sessions.$inferInsert, 'userId' | 'tokenHash'>> = {},
): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + 12 * 60 * 60 * 1000),
    ...over,
  });
  return token;
}
