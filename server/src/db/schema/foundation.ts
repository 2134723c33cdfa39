import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const partners = pgTable('partners', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  nameDomain: text('name_domain').notNull().unique(),
  urlLogo: text('url_logo'),
  displayName: text('display_name').notNull(),
  displayNameShort: text('display_name_short').notNull(),
  createdAt: createdAt(),
});

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  partnerId: uuid('partner_id').references(() => partners.id),
  name: text('name').notNull(),
  email: text('email').notNull(),
  role: text('role').$type<'Admin' | 'PartnerOwner' | 'PartnerContributor' | 'Member'>().notNull(),
  status: text('status').$type<'Active' | 'Inactive'>().notNull().default('Active'),
  permissions: text('permissions').array().notNull().default(sql`'{}'`),
  passwordHash: text('password_hash'),
  lastAccess: timestamp('last_access', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  ip: text('ip'),
  userAgent: text('user_agent'),
  locationX: doublePrecision('location_x'),
  locationY: doublePrecision('location_y'),
});

export const passwordResets = pgTable('password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const companies = pgTable('companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  partnerId: uuid('partner_id')
    .notNull()
    .references(() => partners.id),
  document: char('document', { length: 14 }).notNull(),
  cnae: text('cnae'),
  useCnae: boolean('use_cnae').notNull().default(false),
  uf: char('uf', { length: 2 }).notNull(),
  razaoSocial: text('razao_social').notNull(),
  nomeFantasia: text('nome_fantasia').notNull(),
  crt: text('crt').notNull(),
  regimeTributario: text('regime_tributario').notNull(),
  regimeEspecial: text('regime_especial').notNull().default('N'),
  codigoFaixaEnquadramento: text('codigo_faixa_enquadramento').notNull(),
  contribuinteIcms: boolean('contribuinte_icms').notNull().default(false),
  status: text('status').$type<'Pending' | 'Active' | 'Blocked'>().notNull().default('Pending'),
  environment: text('environment').$type<'Prod' | 'Homolog'>().notNull().default('Prod'),
  fiscalService: text('fiscal_service').notNull().default('Builtin'),
  /** PIS/COFINS base with or without the ICMS (Tema 69; 0871, decision 058). */
  pisCofinsIcmsBase: text('pis_cofins_icms_base').$type<'auto' | 'com-icms' | 'sem-icms'>().notNull().default('auto'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const userCompanies = pgTable(
  'user_companies',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] })],
);

export const auditEvents = pgTable('audit_events', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  code: integer('code').notNull(),
  module: text('module').$type<'Users' | 'Companies' | 'Products' | 'FiscalRules' | 'Tickets'>().notNull(),
  description: text('description').notNull(),
  actorId: uuid('actor_id'),
  actorName: text('actor_name'),
  partnerId: uuid('partner_id'),
  companyId: uuid('company_id'),
  entityId: text('entity_id'),
  before: jsonb('before'),
  after: jsonb('after'),
  createdAt: createdAt(),
});
