import {
  bigint,
  boolean,
  char,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './foundation.js';

/**
 * Mirrors 0910_st_agreements.sql: interstate ICMS-ST agreements per ordered UF pair and CEST segment, dated and
 * sourced (decision 064). The CHECKs (valid UFs, codes of the segment, dates) and the exclusion constraint against
 * overlapping periods live in the SQL only.
 */
export const stAgreements = pgTable('st_agreements', {
  id: uuid('id').primaryKey().defaultRandom(),
  ufOrigem: char('uf_origem', { length: 2 }).notNull(),
  ufDestino: char('uf_destino', { length: 2 }).notNull(),
  cestSegmento: char('cest_segmento', { length: 2 }).notNull(),
  /** null: the whole segment. */
  cestCodigos: text('cest_codigos').array(),
  temAcordo: boolean('tem_acordo').notNull(),
  instrumento: text('instrumento').notNull(),
  /** Percent; null when it varies per item or the destination's law sets it. */
  mvaOriginal: numeric('mva_original', { precision: 9, scale: 4 }),
  vigenciaInicio: date('vigencia_inicio').notNull(),
  vigenciaFim: date('vigencia_fim'),
  fonteUrl: text('fonte_url').notNull(),
  fonteNota: text('fonte_nota').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

export type StAgreementAction = 'create' | 'update' | 'end' | 'delete' | 'seed';

export const stAgreementHistory = pgTable('st_agreement_history', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  agreementId: uuid('agreement_id').notNull(),
  action: text('action').$type<StAgreementAction>().notNull(),
  before: jsonb('before'),
  after: jsonb('after'),
  reason: text('reason').notNull(),
  changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
  changedByName: text('changed_by_name'),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Mirrors 0911_st_agreement_seed_loads.sql: the versions of reference-data/st-agreements.csv already applied. */
export const stAgreementSeedLoads = pgTable('st_agreement_seed_loads', {
  fileSha256: char('file_sha256', { length: 64 }).primaryKey(),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
  inserted: integer('inserted').notNull(),
  updated: integer('updated').notNull(),
  skipped: integer('skipped').notNull(),
});
