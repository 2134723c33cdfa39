import { sql } from 'drizzle-orm';
import { bigint, boolean, char, pgTable, primaryKey, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
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
  // The folded description the trigram search reads (0471_product_search_column.sql).
  descriptionSearch: text('description_search').generatedAlwaysAs(sql`f_unaccent(lower(description))`),
  gtin: varchar('gtin', { length: 14 }),
  ncm: char('ncm', { length: 8 }),
  cest: char('cest', { length: 7 }),
  status: char('status', { length: 1 }).$type<ProductStatus>().notNull().default('P'),
  fiscalServiceReferenceCode: text('fiscal_service_reference_code'),
  // → fiscal_rules.id ON DELETE SET NULL, enforced per statement by triggers (0480_product_reference_keys.sql).
  fiscalRuleId: uuid('fiscal_rule_id'),
  // When the current link to fiscal_rule_id began; the ended links are product_rule_history rows
  // (0500_rule_link_periods.sql, decision 013). Set whenever fiscal_rule_id is.
  fiscalRuleSince: timestamp('fiscal_rule_since', { withTimezone: true }),
  fiscalRuleStatus: text('fiscal_rule_status').$type<ProductRuleStatus>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const productRuleHistory = pgTable(
  'product_rule_history',
  {
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    // An ended link of a product to a rule (0500_rule_link_periods.sql, decision 013); the open one is
    // on the product. Tenant key copied from the product. product_id → products and fiscal_rule_id →
    // fiscal_rules, both ON DELETE CASCADE, are enforced per statement by triggers (decision 011).
    companyId: uuid('company_id').notNull(),
    productId: uuid('product_id').notNull(),
    fiscalRuleId: uuid('fiscal_rule_id').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);

/** Appended count changes per company, summed for exact counts (0470_product_counts.sql). */
export const productCountDeltas = pgTable('product_count_deltas', {
  companyId: uuid('company_id').notNull(),
  status: char('status', { length: 1 }).$type<ProductStatus>().notNull(),
  linked: boolean('linked').notNull(),
  n: bigint('n', { mode: 'number' }).notNull(),
});

// The search column is internal: the product queries do not read it.
export type ProductRow = Omit<typeof products.$inferSelect, 'descriptionSearch'>;
