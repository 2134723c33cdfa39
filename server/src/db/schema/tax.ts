import {
  bigint,
  boolean,
  char,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { companies } from './foundation.js';

// Mirrors migrations/0560_uf_tax_rules.sql, 0561_catalogue_health.sql, 0570_tax_facts_version.sql and
// 0620_uf_cbenef_optional_csts.sql (issue 14).

export const refUfTaxRules = pgTable(
  'ref_uf_tax_rules',
  {
    uf: char('uf', { length: 2 }).notNull(),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to'),
    difalMethod: text('difal_method').$type<'simples' | 'dupla'>().notNull(),
    difalFcpInGrossUp: boolean('difal_fcp_in_gross_up').notNull().default(false),
    reliefFormula: text('relief_formula').$type<'simples' | 'por-dentro'>().notNull(),
    cbenefRequired: boolean('cbenef_required').notNull().default(false),
    /** The table's 'NULO' row: CSTs allowed without any cBenef (0620); null = not known. */
    cbenefOptionalCsts: text('cbenef_optional_csts').array(),
    source: text('source').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.uf, t.validFrom] })],
);

export const refCbenef = pgTable(
  'ref_cbenef',
  {
    code: varchar('code', { length: 10 }).primaryKey(),
    uf: char('uf', { length: 2 }).notNull(),
    csts: text('csts').array().notNull(),
    description: text('description').notNull(),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to'),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('ref_cbenef_uf_idx').on(t.uf)],
);

export const healthChecks = pgTable(
  'health_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id'),
    status: text('status').$type<'Queued' | 'Running' | 'Done' | 'Failed'>().notNull().default('Queued'),
    referenceDate: date('reference_date').notNull().defaultNow(),
    products: integer('products'),
    findings: integer('findings'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('health_checks_company_idx').on(t.companyId, t.createdAt.desc())],
);

export const healthFindings = pgTable(
  'health_findings',
  {
    checkId: uuid('check_id')
      .notNull()
      .references(() => healthChecks.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').notNull(),
    productId: uuid('product_id').notNull(),
    kind: text('kind').notNull(),
    detail: text('detail').notNull().default(''),
    /** The cClassTrib code(s) the law backs for the product's NCM (CCLASSTRIB_ANNEX_IGNORED), comma-separated. */
    proposal: text('proposal'),
    /** The NF-e rule book's rejection code and rule id ("778 · I05-20") when the book decided the finding (0930). */
    ruleCode: text('rule_code'),
  },
  (t) => [
    primaryKey({ columns: [t.checkId, t.kind, t.productId] }),
    index('health_findings_product_idx').on(t.checkId, t.productId),
  ],
);

/** Bumped by a statement trigger on every write to the tax engine's reference tables (0570, decision 025). */
export const referenceVersions = pgTable('reference_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
