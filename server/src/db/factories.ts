import { randomInt, randomUUID } from 'node:crypto';
import { adjustMva } from '@app/tax-engine';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../lib/password.js';
import { hashToken, newToken } from '../lib/tokens.js';
import type { Db } from './client.js';
import {
  companies,
  type FiscalRuleVersionInsert,
  fiscalRules,
  fiscalRuleVersions,
  globalProductRules,
  globalProducts,
  partners,
  products,
  sessions,
  userCompanies,
  users,
} from './schema/index.js';

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

// ---------- fiscal rules and products ----------

const FACTORY_UFS = ['SP', 'RJ', 'MG', 'PR', 'RS', 'SC', 'BA', 'PE', 'GO', 'ES', 'CE', 'PA', 'DF'] as const;
// Real eight-digit NCMs (official table), so reference checks accept factory rules.
const FACTORY_NCMS = ['22021000', '22029900', '22030000', '04011010', '19053100', '33051000', '85171300'] as const;
let ruleSeq = 0;

export interface FiscalRuleFactoryInput {
  ncm?: string;
  cest?: string | null;
  uf?: string;
  /** A name makes it a named rule (6–299 characters). */
  description?: string | null;
  status?: 'Checked' | 'Unchecked';
  /** Start of the first version (default now): lets tests ask for details "as of" earlier dates. */
  validFrom?: Date;
  /** Any version field (rates as decimal strings), e.g. { aliqIcms: '12.0000', iva: '40.0000' }. */
  version?: Partial<Omit<FiscalRuleVersionInsert, 'id' | 'fiscalRuleId'>>;
}

/**
 * A fiscal rule with its first version: by default a base rule (NCM, CEST, UF unique) with an SP-style
 * ICMS 18 % / PIS-COFINS non-cumulative setup. Defaults cycle UF and NCM so repeated calls stay unique.
 */
export async function createFiscalRule(db: Db, over: FiscalRuleFactoryInput = {}) {
  const n = ruleSeq++;
  const ncm = over.ncm ?? FACTORY_NCMS[Math.floor(n / FACTORY_UFS.length) % FACTORY_NCMS.length]!;
  const uf = over.uf ?? FACTORY_UFS[n % FACTORY_UFS.length]!;
  const cest = over.cest === undefined ? null : over.cest;
  const description = over.description ?? null;
  const id = randomUUID();
  const versionId = randomUUID();
  const version = {
    id: versionId,
    fiscalRuleId: id,
    validFrom: over.validFrom ?? new Date(),
    description,
    ncm,
    cest,
    uf,
    cfopEntrada: '1102',
    cfopSaida: '5102',
    cstIcms: '00',
    cstCsosn: '102',
    aliqIcms: '18.0000',
    pisCstEntrada: '50',
    pisCstSaida: '01',
    aliqPis: '1.6500',
    cofinsCstEntrada: '50',
    cofinsCstSaida: '01',
    aliqCofins: '7.6000',
    ipiCstEntrada: '03',
    ipiCstSaida: '53',
    ipiCodEnq: '999',
    ipiAliq: '0.0000',
    ...over.version,
  };
  // Same derived values the service stores: adjusted MVA for 4 % / 12 % entries from IVA and the internal rate.
  if (version.iva && version.aliqIcms && version.mvaAjustado4 === undefined) {
    const mva = (inter: number) =>
      adjustMva({ mva: version.iva!, interstateRate: inter, internalRate: version.aliqIcms! }).toFixed(2);
    Object.assign(version, { mvaAjustado4: mva(4), mvaAjustado12: mva(12) });
  }
  await db.transaction(async (tx) => {
    await tx.insert(fiscalRules).values({
      id,
      isNamed: description !== null,
      description,
      ncm,
      cest,
      uf,
      status: over.status ?? (description !== null ? 'Checked' : 'Unchecked'),
      currentVersionId: versionId,
      createdAt: version.validFrom,
      updatedAt: version.validFrom,
    });
    await tx.insert(fiscalRuleVersions).values(version);
  });
  const [rule] = await db.select().from(fiscalRules).where(eq(fiscalRules.id, id));
  return rule!;
}

export type ProductFactoryInput = Partial<typeof products.$inferInsert> & {
  companyId: string;
  /** When linking (fiscalRuleId set): when the link began (fiscal_rule_since, default now). */
  linkedAt?: Date;
};

/**
 * A product of a company (Pending by default). With fiscalRuleId it is linked to that rule:
 * Classified, NCM/CEST of the rule, link Unchecked, linked since `linkedAt`.
 */
export async function createProduct(db: Db, over: ProductFactoryInput) {
  const { linkedAt, ...fields } = over;
  const id = next();
  let linked: Partial<typeof products.$inferInsert> = {};
  let rule: typeof fiscalRules.$inferSelect | undefined;
  if (fields.fiscalRuleId) {
    [rule] = await db.select().from(fiscalRules).where(eq(fiscalRules.id, fields.fiscalRuleId));
    if (!rule) throw new Error(`fiscal rule ${fields.fiscalRuleId} not found`);
    linked = {
      status: 'F',
      ncm: rule.ncm,
      cest: rule.cest,
      fiscalRuleStatus: 'Unchecked',
      fiscalRuleSince: linkedAt ?? new Date(),
    };
  }
  const [row] = await db
    .insert(products)
    .values({ internalCode: `COD-${id}`, description: `PRODUTO ${id.toUpperCase()}`, ...linked, ...fields })
    .returning();
  return row!;
}

// ---------- global product base ----------

let globalSeq = 0;

/** A valid GTIN-13 (Brazilian 789 prefix) with its check digit, unique per call; 14-digit form. */
export function generateGtin14(): string {
  const body = `789${String(Date.now() % 1e5).padStart(5, '0')}${String(++globalSeq % 1e4).padStart(4, '0')}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += (body.charCodeAt(body.length - 1 - i) - 48) * (i % 2 === 0 ? 3 : 1);
  return `0${body}${(10 - (sum % 10)) % 10}`;
}

/**
 * A global product (code, description, 14-digit GTIN, NCM, CEST). `rules` links it to a fiscal rule
 * per UF (without one, the base rule of its NCM/CEST in the UF applies).
 */
export async function createGlobalProduct(
  db: Db,
  over: Partial<typeof globalProducts.$inferInsert> & { rules?: Record<string, string> } = {},
) {
  const { rules, ...fields } = over;
  const id = next();
  const [row] = await db
    .insert(globalProducts)
    .values({
      code: `G${id.toUpperCase()}`,
      description: `PRODUTO GLOBAL ${id.toUpperCase()}`,
      gtin: generateGtin14(),
      ncm: '22021000',
      cest: null,
      ...fields,
    })
    .returning();
  for (const [uf, fiscalRuleId] of Object.entries(rules ?? {})) {
    await db.insert(globalProductRules).values({ globalProductId: row!.id, uf, fiscalRuleId });
  }
  return row!;
}
