import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './foundation.js';

export type SimulationStatus = 'Queued' | 'Running' | 'Done' | 'Failed';

/** Mirrors 0780_transition_simulations.sql and 0895_simulation_seller.sql. */
export const transitionSimulations = pgTable(
  'transition_simulations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id'),
    ufDestino: char('uf_destino', { length: 2 }).notNull(),
    comprador: text('comprador').$type<'contribuinte' | 'consumidor_final'>().notNull(),
    selecao: text('selecao').$type<'todos' | 'selecao' | 'busca'>().notNull(),
    productIds: uuid('product_ids').array(),
    busca: text('busca'),
    anoInicial: smallint('ano_inicial').notNull(),
    anoFinal: smallint('ano_final').notNull(),
    diaMes: char('dia_mes', { length: 5 }).notNull(),
    vProd: numeric('v_prod', { precision: 15, scale: 2 }).notNull(),
    rbt12: numeric('rbt12', { precision: 15, scale: 2 }),
    contribuinteIpi: boolean('contribuinte_ipi').notNull().default(true),
    status: text('status').$type<SimulationStatus>().notNull().default('Queued'),
    rulesTotal: integer('rules_total').notNull().default(0),
    rulesDone: integer('rules_done').notNull().default(0),
    productsTotal: integer('products_total').notNull().default(0),
    productsDone: integer('products_done').notNull().default(0),
    productsRefused: integer('products_refused').notNull().default(0),
    totais: jsonb('totais'),
    erro: text('erro'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('transition_simulations_company_idx').on(t.companyId, t.createdAt.desc())],
);
export type TransitionSimulationRow = typeof transitionSimulations.$inferSelect;

export const transitionSimulationRules = pgTable(
  'transition_simulation_rules',
  {
    simulationId: uuid('simulation_id')
      .notNull()
      .references(() => transitionSimulations.id, { onDelete: 'cascade' }),
    fiscalRuleId: uuid('fiscal_rule_id').notNull(),
    item: jsonb('item'),
    anos: jsonb('anos'),
    erro: text('erro'),
    products: integer('products').notNull(),
  },
  (t) => [primaryKey({ columns: [t.simulationId, t.fiscalRuleId] })],
);

export const transitionSimulationProducts = pgTable(
  'transition_simulation_products',
  {
    simulationId: uuid('simulation_id').notNull(),
    productId: uuid('product_id').notNull(),
    fiscalRuleId: uuid('fiscal_rule_id').notNull(),
    internalCode: text('internal_code').notNull(),
    description: text('description').notNull(),
    ncm: char('ncm', { length: 8 }),
    pCargaInicial: numeric('p_carga_inicial', { precision: 9, scale: 4 }),
    pCargaFinal: numeric('p_carga_final', { precision: 9, scale: 4 }),
    variacao: numeric('variacao', { precision: 9, scale: 4 }),
  },
  (t) => [
    primaryKey({ columns: [t.simulationId, t.productId] }),
    index('transition_simulation_products_rise_idx').on(
      t.simulationId,
      sql`${t.variacao} DESC NULLS LAST`,
      t.productId,
    ),
  ],
);
