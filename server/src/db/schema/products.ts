import { bigint, char, foreignKey, pgTable, primaryKey, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { fiscalRules, fiscalRuleVersions } from './fiscal-rules.js';
import { companies } from './foundation.js';

/** Mirrors 0301_products.sql: the core catalogue (extended by the products area) and rule history. */

export type ProductStatus = 'P' | 'F' | 'A' | 'D' | 'E';
export type ProductRuleStatus = 'Unchecked' | 'Checked' | 'Detached';

export const products = pgTable('products', {
  id: uuid('id').primaryKey().defaultRandom(),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  internalCode: varchar('internal_code', { length: 155 }).notNull(),
  description: varchar('description', { length: 255 }).notNull(),
  gtin: varchar('gtin', { length: 14 }),
  ncm: char('ncm', { length: 8 }),
  cest: char('cest', { length: 7 }),
  status: char('status', { length: 1 }).$type<ProductStatus>().notNull().default('P'),
  fiscalServiceReferenceCode: text('fiscal_service_reference_code'),
  fiscalRuleId: uuid('fiscal_rule_id').references(() => fiscalRules.id, { onDelete: 'set null' }),
  fiscalRuleStatus: text('fiscal_rule_status').$type<ProductRuleStatus>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const productRuleHistory = pgTable(
  'product_rule_history',
  {
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    // Tenant key copied from the product (no key of its own: 0480_lean_history_keys.sql).
    companyId: uuid('company_id').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    fiscalRuleId: uuid('fiscal_rule_id').notNull(),
    versionId: uuid('version_id').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    // The version must belong to the rule: one composite key (0480).
    foreignKey({
      columns: [t.fiscalRuleId, t.versionId],
      foreignColumns: [fiscalRuleVersions.fiscalRuleId, fiscalRuleVersions.id],
      name: 'product_rule_history_rule_version_fkey',
    }).onDelete('cascade'),
  ],
);

export type ProductRow = typeof products.$inferSelect;
