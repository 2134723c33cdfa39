import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  char,
  date,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

// Mirrors migrations/0200_reference.sql. Reference tables are global (no tenant column).

export const referenceSources = pgTable('reference_sources', {
  tableName: text('table_name').primaryKey(),
  title: text('title').notNull(),
  source: text('source').notNull(),
  asOf: text('as_of').notNull(),
  fileName: text('file_name').notNull(),
  fileSha256: char('file_sha256', { length: 64 }).notNull(),
  rowCount: integer('row_count').notNull(),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
  /** 0630: loaded from reference-data/ (a start reloads it when the bundled file changes), not an operator's file. */
  loadedFromBundle: boolean('loaded_from_bundle').notNull().default(true),
});

export const refNcm = pgTable('ref_ncm', {
  code: text('code').primaryKey(),
  level: smallint('level').notNull(),
  parentCode: text('parent_code').references((): AnyPgColumn => refNcm.code),
  description: text('description').notNull(),
  fullDescription: text('full_description').notNull(),
  startDate: date('start_date').notNull(),
  endDate: date('end_date'),
  legalAct: text('legal_act'),
  active: boolean('active').notNull().default(true),
  searchText: text('search_text').generatedAlwaysAs(sql`f_unaccent(lower(full_description))`),
});

export const refCest = pgTable('ref_cest', {
  code: char('code', { length: 7 }).primaryKey(),
  segment: char('segment', { length: 2 }).notNull(),
  item: text('item').notNull(),
  description: text('description').notNull(),
  ncmPrefixes: text('ncm_prefixes').array().notNull().default(sql`'{}'`),
  active: boolean('active').notNull().default(true),
});

export const refCfop = pgTable('ref_cfop', {
  code: char('code', { length: 4 }).primaryKey(),
  name: text('name').notNull(),
  shortName: text('short_name').notNull(),
  direction: text('direction').$type<'in' | 'out'>().notNull(),
  kind: text('kind').notNull(),
  stockMove: boolean('stock_move').notNull(),
  financeMove: boolean('finance_move').notNull(),
  active: boolean('active').notNull().default(true),
  searchText: text('search_text').generatedAlwaysAs(sql`f_unaccent(lower(code || ' ' || name))`),
});

export const refCst = pgTable(
  'ref_cst',
  {
    type: text('type').$type<'ICMS' | 'CSOSN' | 'IPI' | 'PIS' | 'COFINS' | 'IBSCBS'>().notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    direction: text('direction').$type<'all' | 'in' | 'out'>().notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.type, t.code] })],
);

export const refIpiEnquadramento = pgTable('ref_ipi_enquadramento', {
  code: char('code', { length: 3 }).primaryKey(),
  cstGroup: text('cst_group').notNull(),
  description: text('description').notNull(),
  cstIn: char('cst_in', { length: 2 }),
  cstOut: char('cst_out', { length: 2 }),
  active: boolean('active').notNull().default(true),
});

export const refCclasstrib = pgTable('ref_cclasstrib', {
  code: char('code', { length: 6 }).primaryKey(),
  cst: char('cst', { length: 3 }).notNull(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  legalBasis: text('legal_basis').notNull().default(''),
  rateType: text('rate_type').notNull(),
  pRedIbs: numeric('p_red_ibs', { precision: 7, scale: 4 }).notNull(),
  pRedCbs: numeric('p_red_cbs', { precision: 7, scale: 4 }).notNull(),
  startDate: date('start_date').notNull(),
  endDate: date('end_date'),
  updatedOn: date('updated_on'),
  documents: text('documents').array().notNull().default(sql`'{}'`),
  annex: text('annex').notNull().default(''),
  link: text('link').notNull().default(''),
  active: boolean('active').notNull().default(true),
});

export const refUfRates = pgTable('ref_uf_rates', {
  uf: char('uf', { length: 2 }).primaryKey(),
  name: text('name').notNull(),
  ibge: char('ibge', { length: 2 }).notNull().unique(),
  region: text('region').$type<'N' | 'NE' | 'CO' | 'SE' | 'S'>().notNull(),
  internalRate: numeric('internal_rate', { precision: 5, scale: 2 }).notNull(),
  fcpRate: numeric('fcp_rate', { precision: 5, scale: 2 }).notNull(),
  note: text('note').notNull().default(''),
  active: boolean('active').notNull().default(true),
});
