import { bigint, boolean, date, pgTable, uuid } from 'drizzle-orm/pg-core';

/** Mirrors 0550_oversight.sql: counters the dashboard and the indicators read (decision 021). */
export const productRuleCheckDeltas = pgTable('product_rule_check_deltas', {
  companyId: uuid('company_id').notNull(),
  checked: boolean('checked').notNull(),
  n: bigint('n', { mode: 'number' }).notNull(),
});

export const productDailyCounts = pgTable('product_daily_counts', {
  companyId: uuid('company_id').notNull(),
  day: date('day').notNull(),
  created: bigint('created', { mode: 'number' }).notNull(),
  classified: bigint('classified', { mode: 'number' }).notNull(),
});

/** Mirrors 0563_partner_daily_counts.sql: product_daily_counts summed per partner by its triggers. */
export const partnerDailyCounts = pgTable('partner_daily_counts', {
  partnerId: uuid('partner_id').notNull(),
  day: date('day').notNull(),
  created: bigint('created', { mode: 'number' }).notNull(),
  classified: bigint('classified', { mode: 'number' }).notNull(),
});

/** Mirrors 0920_finalized_products_once.sql: the day each Classified product is counted on in the chart. */
export const productFinalizations = pgTable('product_finalizations', {
  productId: uuid('product_id').primaryKey(),
  companyId: uuid('company_id').notNull(),
  day: date('day').notNull(),
});
