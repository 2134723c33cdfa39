import { char, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companyDocuments, documentImports } from './documents.js';

/** Each imported item as read (0875_document_worklist.sql, decision 059): shown, filtered and audited again. */
export const companyDocumentItems = pgTable(
  'company_document_items',
  {
    documentId: uuid('document_id')
      .notNull()
      .references(() => companyDocuments.id, { onDelete: 'cascade' }),
    nItem: integer('n_item').notNull(),
    internalCode: text('internal_code').notNull(),
    description: text('description'),
    ncm: text('ncm'),
    cfop: text('cfop'),
    prod: jsonb('prod').notNull(),
    taxes: jsonb('taxes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.nItem] })],
);

/** The worklist status of a group of findings, keyed by the group's identity (decision 059). */
export const documentFindingGroupStatuses = pgTable(
  'document_finding_group_statuses',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => documentImports.id, { onDelete: 'cascade' }),
    groupKey: char('group_key', { length: 32 }).notNull(),
    status: text('status').$type<'Aberto' | 'EmAnalise' | 'Corrigido' | 'Ignorado'>().notNull(),
    reason: text('reason'),
    userId: uuid('user_id'),
    userName: text('user_name').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.groupKey] })],
);
