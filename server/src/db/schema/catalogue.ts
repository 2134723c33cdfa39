import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { fiscalRules } from './fiscal-rules.js';
import { companies, users } from './foundation.js';

/** Mirrors 0400_catalogue.sql: global product base, classification batches, imports, product audits. */

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const globalProducts = pgTable('global_products', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: varchar('code', { length: 60 }).notNull().unique(),
  description: varchar('description', { length: 255 }).notNull(),
  gtin: char('gtin', { length: 14 }).unique(),
  ncm: varchar('ncm', { length: 8 }).notNull(),
  cest: varchar('cest', { length: 7 }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  // Folded description (0580): the key of the global screen's IGUAL / INICIA COM search.
  descriptionSearch: text('description_search').generatedAlwaysAs(sql`f_unaccent(lower(description))`),
});

export const globalProductRules = pgTable(
  'global_product_rules',
  {
    globalProductId: uuid('global_product_id')
      .notNull()
      .references(() => globalProducts.id, { onDelete: 'cascade' }),
    uf: char('uf', { length: 2 }).notNull(),
    fiscalRuleId: uuid('fiscal_rule_id')
      .notNull()
      .references(() => fiscalRules.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.globalProductId, t.uf] })],
);

export const classificationBatches = pgTable('classification_batches', {
  id: uuid('id').primaryKey().defaultRandom(),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  source: text('source').$type<'Create' | 'Import' | 'Global'>().notNull(),
  sent: integer('sent').notNull(),
  classified: integer('classified').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const importHistory = pgTable('import_history', {
  id: uuid('id').primaryKey().defaultRandom(),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  userName: text('user_name').notNull(),
  fileName: text('file_name'),
  received: integer('received').notNull().default(0),
  created: integer('created').notNull().default(0),
  updated: integer('updated').notNull().default(0),
  duplicated: integer('duplicated').notNull().default(0),
  invalid: integer('invalid').notNull().default(0),
  classified: integer('classified').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  // 0510: committed at start; finished in the file's transaction (see the migration).
  finished: boolean('finished').notNull().default(true),
  backendPid: integer('backend_pid'),
  backendStart: ts('backend_start'),
});

export const importInvalidLines = pgTable(
  'import_invalid_lines',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => importHistory.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    internalCode: text('internal_code').notNull().default(''),
    reason: text('reason').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.line] })],
);

export const productAudits = pgTable(
  'product_audits',
  {
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    // Tenant key copied from the product; who acted is a recorded fact. product_id → products ON DELETE
    // CASCADE is enforced per statement by triggers (0480_product_reference_keys.sql, decision 011).
    companyId: uuid('company_id').notNull(),
    productId: uuid('product_id').notNull(),
    description: text('description').notNull(),
    userId: uuid('user_id'),
    userName: text('user_name'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);

export type GlobalProductRow = Omit<typeof globalProducts.$inferSelect, 'descriptionSearch'>;
export type GlobalProductInsert = typeof globalProducts.$inferInsert;
