import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sessions, users } from './foundation.js';

/** Mirrors 0901_product_bindings.sql: a binding's products before it, for the undo within the session. */
export const productBindings = pgTable(
  'product_bindings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    globalCode: text('global_code').notNull(),
    boundAt: timestamp('bound_at', { withTimezone: true }).notNull(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    items: jsonb('items').notNull(),
  },
  (t) => [index('product_bindings_session_idx').on(t.sessionId)],
);
