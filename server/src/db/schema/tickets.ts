import { bigint, integer, pgTable, primaryKey, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { companies, partners, users } from './foundation.js';
import { products } from './products.js';

/** Mirrors 0540_tickets.sql: support tickets about a product and their chat (decision 020). */

export type TicketStatus = 'Open' | 'Pending' | 'Closed';
export type TicketCommentType = 'Normal' | 'KnowledgeBase';

export const tickets = pgTable('tickets', {
  id: uuid('id').primaryKey().defaultRandom(),
  // The company's partner, copied once (a company never changes partner): the staff queue's index.
  partnerId: uuid('partner_id')
    .notNull()
    .references(() => partners.id),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
  // The product as it was when the ticket was opened.
  productCode: varchar('product_code', { length: 155 }).notNull(),
  productDescription: varchar('product_description', { length: 255 }).notNull(),
  gtin: varchar('gtin', { length: 14 }),
  status: text('status').$type<TicketStatus>().notNull().default('Open'),
  title: varchar('title', { length: 200 }).notNull(),
  description: varchar('description', { length: 500 }).notNull(),
  ticketIdReference: uuid('ticket_id_reference'),
  commentCount: integer('comment_count').notNull().default(0),
  createdBy: uuid('created_by')
    .notNull()
    .references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  closedAt: timestamp('closed_at', { withTimezone: true }),
  closedBy: uuid('closed_by').references(() => users.id),
});

export const ticketComments = pgTable('ticket_comments', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  ticketId: uuid('ticket_id')
    .notNull()
    .references(() => tickets.id, { onDelete: 'cascade' }),
  companyId: uuid('company_id').notNull(),
  text: varchar('text', { length: 2000 }).notNull(),
  type: text('type').$type<TicketCommentType>().notNull().default('Normal'),
  commentIdReference: bigint('comment_id_reference', { mode: 'number' }),
  createdBy: uuid('created_by')
    .notNull()
    .references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Exact counts per (company, status), kept by a trigger on tickets (0541_ticket_counts.sql). */
export const ticketCounts = pgTable(
  'ticket_counts',
  {
    companyId: uuid('company_id').notNull(),
    partnerId: uuid('partner_id').notNull(),
    status: text('status').$type<TicketStatus>().notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.status] })],
);

export type TicketRow = typeof tickets.$inferSelect;
export type TicketCommentRow = typeof ticketComments.$inferSelect;
