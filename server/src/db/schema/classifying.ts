import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies, users } from './foundation.js';

/** Mirrors 0530_classifying_at_scale.sql: global-base imports, fan-outs and change-check runs. */

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const globalImports = pgTable('global_imports', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  userName: text('user_name').notNull(),
  fileName: text('file_name'),
  received: integer('received').notNull().default(0),
  created: integer('created').notNull().default(0),
  updated: integer('updated').notNull().default(0),
  invalid: integer('invalid').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const globalImportInvalidLines = pgTable(
  'global_import_invalid_lines',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => globalImports.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    code: text('code').notNull().default(''),
    reason: text('reason').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.line] })],
);

export const globalFanouts = pgTable('global_fanouts', {
  id: uuid('id').primaryKey().defaultRandom(),
  source: text('source').$type<'Create' | 'Update' | 'Import'>().notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  companies: integer('companies').notNull(),
  products: integer('products').notNull(),
  jobs: integer('jobs').notNull(),
  jobsDone: integer('jobs_done').notNull().default(0),
  classified: integer('classified').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  finishedAt: ts('finished_at'),
});

export const productChangeChecks = pgTable('product_change_checks', {
  id: uuid('id').primaryKey().defaultRandom(),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  amount: integer('amount').notNull(),
  missing: integer('missing').notNull(),
  changed: integer('changed').notNull(),
  finished: integer('finished').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * Mirrors 0590_pending_descriptions.sql: per partner, the folded descriptions its Pending products may
 * have (kept by triggers on products; no key on purpose — decision 029). Read by the partner-wide SIMILAR.
 */
export const pendingDescriptions = pgTable('pending_descriptions', {
  partnerId: uuid('partner_id').notNull(),
  descriptionSearch: text('description_search').notNull(),
});
