import { bigint, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies, partners, users } from './foundation.js';

/** Mirrors 0700_erp_sync.sql (decision 032). The feed tables are read by hand-written SQL. */

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const apiKeys = pgTable('api_keys', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  keyHash: text('key_hash').notNull().unique(),
  keyPrefix: text('key_prefix').notNull(),
  createdBy: uuid('created_by')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  partnerId: uuid('partner_id')
    .notNull()
    .references(() => partners.id, { onDelete: 'cascade' }),
  companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastUsedAt: ts('last_used_at'),
  revokedAt: ts('revoked_at'),
  /** 0905_api_key_revoked_by.sql */
  revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
});

export type WebhookStatus = 'Active' | 'Disabled';
export type DeliveryStatus = 'Pending' | 'Succeeded' | 'Failed';

export const webhooks = pgTable('webhooks', {
  id: uuid('id').primaryKey().defaultRandom(),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  events: text('events').array().notNull(),
  secret: text('secret').notNull(),
  status: text('status').$type<WebhookStatus>().notNull().default('Active'),
  disabledReason: text('disabled_reason'),
  cursorSeq: bigint('cursor_seq', { mode: 'number' }).notNull().default(0),
  cursorId: bigint('cursor_id', { mode: 'number' }).notNull().default(0),
  failingSince: ts('failing_since'),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const webhookDeliveries = pgTable('webhook_deliveries', {
  id: uuid('id').primaryKey().defaultRandom(),
  webhookId: uuid('webhook_id')
    .notNull()
    .references(() => webhooks.id, { onDelete: 'cascade' }),
  event: text('event').notNull(),
  body: text('body').notNull(),
  status: text('status').$type<DeliveryStatus>().notNull().default('Pending'),
  attempts: integer('attempts').notNull().default(0),
  responseStatus: integer('response_status'),
  durationMs: integer('duration_ms'),
  error: text('error'),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastAttemptAt: ts('last_attempt_at'),
  nextAttemptAt: ts('next_attempt_at'),
});

export type WebhookRow = typeof webhooks.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
