import { char, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { documentImports } from './documents.js';

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
