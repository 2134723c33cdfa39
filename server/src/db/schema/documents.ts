import {
  bigint,
  char,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './foundation.js';

/** The company's documents (0740_company_documents.sql, decision 040); the module reads them with SQL. */
export const documentImports = pgTable('document_imports', {
  id: uuid('id').primaryKey().defaultRandom(),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  userId: uuid('user_id'),
  userName: text('user_name').notNull().default(''),
  fileName: text('file_name').notNull(),
  uploadDir: text('upload_dir').notNull(),
  files: integer('files').notNull().default(1),
  status: text('status').$type<'Queued' | 'Running' | 'Done' | 'Failed' | 'Interrupted'>().notNull().default('Queued'),
  documents: integer('documents').notNull().default(0),
  items: integer('items').notNull().default(0),
  productsCreated: integer('products_created').notNull().default(0),
  productsUpdated: integer('products_updated').notNull().default(0),
  duplicates: integer('duplicates').notNull().default(0),
  errors: integer('errors').notNull().default(0),
  findings: integer('findings').notNull().default(0),
  message: text('message'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** The connection of the server running it (0880): gone while Running means that server died. */
  runnerPid: integer('runner_pid'),
  runnerStart: timestamp('runner_start', { withTimezone: true }),
  reauditedAt: timestamp('reaudited_at', { withTimezone: true }),
  /** Progress while it runs (0883): documents read of about how many the upload holds, items audited. */
  documentsRead: integer('documents_read').notNull().default(0),
  documentsTotal: integer('documents_total'),
  itemsAudited: integer('items_audited').notNull().default(0),
});

export const companyDocuments = pgTable(
  'company_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    importId: uuid('import_id')
      .notNull()
      .references(() => documentImports.id, { onDelete: 'cascade' }),
    docKey: text('doc_key').notNull(),
    chave: char('chave', { length: 44 }),
    source: text('source').$type<'xml' | 'efd'>().notNull(),
    direction: text('direction').$type<'sale' | 'purchase'>().notNull(),
    model: char('model', { length: 2 }).notNull(),
    number: text('number').notNull(),
    issuedOn: date('issued_on'),
    counterpart: text('counterpart'),
    ufOrigin: char('uf_origin', { length: 2 }),
    ufDestination: char('uf_destination', { length: 2 }),
    fileName: text('file_name').notNull(),
    items: integer('items').notNull(),
    total: numeric('total', { precision: 15, scale: 2 }),
    head: jsonb('head'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.companyId, t.docKey)],
);

export const documentFindings = pgTable('document_findings', {
  id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().primaryKey(),
  importId: uuid('import_id')
    .notNull()
    .references(() => documentImports.id, { onDelete: 'cascade' }),
  documentId: uuid('document_id')
    .notNull()
    .references(() => companyDocuments.id, { onDelete: 'cascade' }),
  companyId: uuid('company_id').notNull(),
  productId: uuid('product_id'),
  internalCode: text('internal_code').notNull(),
  chave: text('chave'),
  nItem: integer('n_item').notNull(),
  kind: text('kind').notNull(),
  field: text('field').notNull(),
  expected: text('expected'),
  found: text('found'),
  difference: numeric('difference', { precision: 15, scale: 2 }),
  rejection: text('rejection'),
  severity: text('severity').$type<'rejeicao' | 'risco' | 'informativo'>().notNull().default('risco'),
  ruleCode: text('rule_code'),
  /** The item's description, NCM and CFOP as read (0876): shown and filtered by the worklist (decision 059). */
  description: text('description'),
  ncm: text('ncm'),
  cfop: text('cfop'),
});

export const documentImportProblems = pgTable('document_import_problems', {
  id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().primaryKey(),
  importId: uuid('import_id')
    .notNull()
    .references(() => documentImports.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  line: integer('line'),
  message: text('message').notNull(),
});
