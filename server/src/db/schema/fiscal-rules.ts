import { boolean, char, jsonb, numeric, pgTable, smallint, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

/** Mirrors migrations 0300_fiscal_rules.sql. Rates are NUMERIC (strings in JS). */

const rate = (name: string) => numeric(name, { precision: 7, scale: 4 });
const ts = (name: string) => timestamp(name, { withTimezone: true });

export const fiscalRules = pgTable('fiscal_rules', {
  id: uuid('id').primaryKey(),
  isNamed: boolean('is_named').notNull().default(false),
  description: text('description'),
  ncm: char('ncm', { length: 8 }).notNull(),
  cest: char('cest', { length: 7 }),
  uf: char('uf', { length: 2 }).notNull(),
  status: text('status').$type<'Unchecked' | 'Checked'>().notNull().default('Unchecked'),
  currentVersionId: uuid('current_version_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Protocol / agreement card stored with a version (rates as decimal strings). */
export interface StoredProtocol {
  name: string;
  description: string | null;
  exempted: boolean;
  subsTrib: boolean;
  respTrib: string | null;
  aliqIcmsInterestadual: string | null;
  redBcInterestadual: string | null;
  aliqEfetiva: string | null;
  iva: string | null;
  validityIn: string | null;
  endOfValidityIn: string | null;
}

export const fiscalRuleVersions = pgTable('fiscal_rule_versions', {
  id: uuid('id').primaryKey(),
  fiscalRuleId: uuid('fiscal_rule_id')
    .notNull()
    .references(() => fiscalRules.id, { onDelete: 'cascade' }),
  validFrom: ts('valid_from').notNull(),
  validTo: ts('valid_to'),
  createdBy: uuid('created_by'),
  description: text('description'),
  ncm: char('ncm', { length: 8 }).notNull(),
  cest: char('cest', { length: 7 }),
  uf: char('uf', { length: 2 }).notNull(),
  codAnp: varchar('cod_anp', { length: 9 }),
  nri: varchar('nri', { length: 3 }),
  aliqPis: rate('aliq_pis'),
  pisCstEntrada: varchar('pis_cst_entrada', { length: 3 }),
  pisCstSaida: varchar('pis_cst_saida', { length: 3 }),
  aliqCofins: rate('aliq_cofins'),
  cofinsCstEntrada: varchar('cofins_cst_entrada', { length: 3 }),
  cofinsCstSaida: varchar('cofins_cst_saida', { length: 3 }),
  redPis: rate('red_pis'),
  redCofins: rate('red_cofins'),
  piscofinsAmpLegal: text('piscofins_amp_legal'),
  ipiAliq: rate('ipi_aliq'),
  ipiCodEnq: varchar('ipi_cod_enq', { length: 3 }),
  ipiCstEntrada: varchar('ipi_cst_entrada', { length: 3 }),
  ipiCstSaida: varchar('ipi_cst_saida', { length: 3 }),
  ipiEx: varchar('ipi_ex', { length: 3 }),
  pmc: numeric('pmc', { precision: 14, scale: 4 }),
  importTax: rate('import_tax'),
  cbsCst: varchar('cbs_cst', { length: 3 }),
  cbsCClassTrib: varchar('cbs_cclass_trib', { length: 6 }),
  cbsAliq: rate('cbs_aliq'),
  cbsReducao: rate('cbs_reducao'),
  cbsReducaoBaseCalculo: rate('cbs_reducao_base_calculo'),
  cfopEntrada: varchar('cfop_entrada', { length: 4 }),
  cfopSaida: varchar('cfop_saida', { length: 4 }),
  cstIcms: varchar('cst_icms', { length: 3 }),
  cstCsosn: varchar('cst_csosn', { length: 3 }),
  aliqIcms: rate('aliq_icms'),
  aliqIcmsSt: rate('aliq_icms_st'),
  redBcIcms: rate('red_bc_icms'),
  redBcIcmsSt: rate('red_bc_icms_st'),
  iva: rate('iva'),
  mvaAjustado4: numeric('mva_ajustado_4', { precision: 9, scale: 4 }),
  mvaAjustado12: numeric('mva_ajustado_12', { precision: 9, scale: 4 }),
  fcp: rate('fcp'),
  codBenef: varchar('cod_benef', { length: 10 }),
  antecipado: boolean('antecipado').notNull().default(false),
  pDifer: rate('p_difer'),
  desonerado: boolean('desonerado').notNull().default(false),
  isencao: rate('isencao'),
  picmsPdv: rate('picms_pdv'),
  simbPdv: varchar('simb_pdv', { length: 20 }),
  icmsAmpLegal: text('icms_amp_legal'),
  tpCalcDifal: smallint('tp_calc_difal').notNull().default(0),
  ibsAliqUf: rate('ibs_aliq_uf'),
  ibsAliqMun: rate('ibs_aliq_mun'),
  ibsReducao: rate('ibs_reducao'),
  ibsReducaoBaseCalculo: rate('ibs_reducao_base_calculo'),
  icmsPdvCstCsosn: varchar('icms_pdv_cst_csosn', { length: 3 }),
  icmsPdvAliquota: rate('icms_pdv_aliquota'),
  icmsPdvFcp: rate('icms_pdv_fcp'),
  icmsPdvReducaoBc: rate('icms_pdv_reducao_bc'),
  icmsPdvAliquotaEfetiva: rate('icms_pdv_aliquota_efetiva'),
  protocol: jsonb('protocol').$type<StoredProtocol | null>(),
  agreement: jsonb('agreement').$type<StoredProtocol | null>(),
});

export type FiscalRuleRow = typeof fiscalRules.$inferSelect;
export type FiscalRuleVersionRow = typeof fiscalRuleVersions.$inferSelect;
export type FiscalRuleVersionInsert = typeof fiscalRuleVersions.$inferInsert;
