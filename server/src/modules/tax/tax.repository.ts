import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { ReformIndex } from './reform-index.js';

export interface UfRuleRow {
  uf: string;
  internalRate: string;
  fcpRate: string;
  difalMethod: 'simples' | 'dupla' | null;
  difalFcpInGrossUp: boolean | null;
  reliefFormula: 'simples' | 'por-dentro' | null;
  cbenefRequired: boolean | null;
  source: string | null;
  validFrom: string | null;
  validTo: string | null;
}

export interface ClassTribRow {
  code: string;
  cst: string;
  pRedIbs: string;
  pRedCbs: string;
  legalBasis: string;
  startDate: string;
  endDate: string | null;
}

export interface CbenefRow {
  code: string;
  uf: string;
  csts: string[];
  validFrom: string;
  validTo: string | null;
}

/** An eight-digit NCM and its validity (ref_ncm). */
export interface NcmRow {
  code: string;
  startDate: string;
  endDate: string | null;
}

/** A CEST and the NCM prefixes it covers (ref_cest; no prefix = every NCM). */
export interface CestRow {
  code: string;
  ncmPrefixes: string[];
}

export interface CalculationFacts {
  rules: UfRuleRow[];
  /** The item's NCM row, null when the code is not in the table; undefined when the item sends none. */
  ncm?: NcmRow | null;
  /** The item's CEST row, null when the code is not in the table; undefined when the item sends none. */
  cest?: CestRow | null;
  classTrib: ClassTribRow | null;
  cbenef: CbenefRow | null;
  /** Whether the issuing UF's cBenef table is loaded at all: without it a code cannot be verified. */
  cbenefTableLoaded: boolean;
  /** The reform's tables of the snapshot, indexed once per version (reform-facts.ts). */
  reform?: ReformIndex;
}

export interface TaxFactsSnapshot {
  version: number;
  rates: { uf: string; internalRate: string; fcpRate: string }[];
  /** Active state rules, newest validity first per UF. */
  rules: (Omit<UfRuleRow, 'internalRate' | 'fcpRate'> & { validFrom: string })[];
  classTribs: ClassTribRow[];
  cbenefs: CbenefRow[];
  ncms: NcmRow[];
  cests: CestRow[];
  /** The reform's tables (0760, decision 038), indexed by reform-facts.ts. */
  reform: ReformSnapshot;
}

export interface ReformSnapshot {
  rates: { tax: string; validFrom: string; validTo: string | null; rate: string; estimated: boolean; source: string }[];
  classTribs: {
    kind: 'IBSCBS' | 'IS';
    cst: string;
    code: string;
    taxes: string;
    pRedCbs: string;
    pRedIbsUf: string;
    pRedIbsMun: string;
    /** The deferral (%) the code's tax treatment fixes (0925); null when it fixes none. */
    pDif: string | null;
    flags: Record<string, boolean>;
    documents: string[];
    legalBasis: string;
    startDate: string;
    endDate: string | null;
  }[];
  ncm: {
    kind: 'IBSCBS' | 'IS';
    code: string;
    ncm: string;
    annex: string | null;
    excluded: string[];
    startDate: string;
    endDate: string | null;
  }[];
  specificRates: { code: string; tax: string; rate: string; validFrom: string; validTo: string | null }[];
  isRates: {
    kind: string;
    ncm: string | null;
    rate: string;
    unit: string | null;
    excluded: string[];
    validFrom: string;
    validTo: string | null;
  }[];
  monoRates: { ncm: string; tax: string; rate: string; unit: string; validFrom: string; validTo: string | null }[];
  /** The Admin's IBS municipal rates (0810, decision 042). */
  municipalRates?: {
    cMun: string;
    rate: string;
    estimated: boolean;
    source: string;
    validFrom: string;
    validTo: string | null;
  }[];
}

/**
 * Every reference row the engine reads (27 rates, the state rules, ~1k cClassTrib, the cBenef codes, the
 * ~10k eight-digit NCMs with their validity and the CESTs: about a megabyte), with the version counter, in ONE statement so that rows and version come from
 * the same snapshot. Read once per version by tax-facts-cache.ts, never per item. As text (a TaxFactsSnapshot in
 * JSON): the threads of whole invoices are sent that text, a copy of one string, and parse it themselves.
 */
export async function findTaxFactsSnapshotText(db: DbOrTx): Promise<string> {
  const res = await db.execute<{ facts: string } & Record<string, unknown>>(sql`
    SELECT json_build_object(
      'version', (SELECT version FROM reference_versions WHERE name = 'tax-facts'),
      'rates', (SELECT coalesce(json_agg(json_build_object('uf', uf, 'internalRate', internal_rate::text,
          'fcpRate', fcp_rate::text)), '[]'::json) FROM ref_uf_rates),
      'rules', (SELECT coalesce(json_agg(json_build_object('uf', uf, 'difalMethod', difal_method,
          'difalFcpInGrossUp', difal_fcp_in_gross_up, 'reliefFormula', relief_formula,
          'cbenefRequired', cbenef_required, 'source', source, 'validFrom', valid_from::text,
          'validTo', valid_to::text) ORDER BY uf, valid_from DESC), '[]'::json)
        FROM ref_uf_tax_rules WHERE active),
      'classTribs', (SELECT coalesce(json_agg(json_build_object('code', code, 'cst', cst,
          'pRedIbs', p_red_ibs::text, 'pRedCbs', p_red_cbs::text, 'legalBasis', legal_basis,
          'startDate', start_date::text, 'endDate', end_date::text)), '[]'::json) FROM ref_cclasstrib),
      'cbenefs', (SELECT coalesce(json_agg(json_build_object('code', code, 'uf', uf, 'csts', csts,
          'validFrom', valid_from::text, 'validTo', valid_to::text)), '[]'::json)
        FROM ref_cbenef WHERE active),
      'ncms', (SELECT coalesce(json_agg(json_build_object('code', code, 'startDate', start_date::text,
          'endDate', end_date::text)), '[]'::json) FROM ref_ncm WHERE level = 8),
      'cests', (SELECT coalesce(json_agg(json_build_object('code', code, 'ncmPrefixes', ncm_prefixes)), '[]'::json)
        FROM ref_cest WHERE active),
      'reform', json_build_object(
        -- An Admin's value replaces an estimate (override_*); the file's value stays for the record.
        'rates', (SELECT coalesce(json_agg(json_build_object('tax', tax, 'validFrom', valid_from::text,
            'validTo', valid_to::text, 'rate', coalesce(override_rate, rate)::text, 'estimated', estimated,
            'source', coalesce(override_source, source)) ORDER BY tax, valid_from), '[]'::json)
          FROM ref_cbs_ibs_rates WHERE active),
        'classTribs', (SELECT coalesce(json_agg(json_build_object('kind', kind, 'cst', cst, 'code', code, 'taxes', taxes,
            'pRedCbs', p_red_cbs::text, 'pRedIbsUf', p_red_ibsuf::text, 'pRedIbsMun', p_red_ibsmun::text,
            'pDif', p_dif::text, 'flags', flags, 'documents', documents, 'legalBasis', legal_basis, 'startDate', start_date::text,
            'endDate', end_date::text)), '[]'::json) FROM ref_rtc_cclasstrib WHERE active),
        'ncm', (SELECT coalesce(json_agg(json_build_object('kind', kind, 'code', code, 'ncm', ncm, 'annex', annex,
            'excluded', excluded, 'startDate', start_date::text, 'endDate', end_date::text)), '[]'::json)
          FROM ref_rtc_ncm WHERE active),
        'specificRates', (SELECT coalesce(json_agg(json_build_object('code', code, 'tax', tax, 'rate', rate::text,
            'validFrom', valid_from::text, 'validTo', valid_to::text)), '[]'::json)
          FROM ref_rtc_specific_rates WHERE active),
        'isRates', (SELECT coalesce(json_agg(json_build_object('kind', kind, 'ncm', ncm, 'rate', rate::text,
            'unit', unit, 'excluded', excluded, 'validFrom', valid_from::text, 'validTo', valid_to::text)), '[]'::json)
          FROM ref_is_rates WHERE active AND ncm IS NOT NULL),
        'monoRates', (SELECT coalesce(json_agg(json_build_object('ncm', ncm, 'tax', tax, 'rate', rate::text,
            'unit', unit, 'validFrom', valid_from::text, 'validTo', valid_to::text)), '[]'::json)
          FROM ref_mono_rates WHERE active),
        'municipalRates', (SELECT coalesce(json_agg(json_build_object('cMun', c_mun, 'rate', rate::text,
            'estimated', estimated, 'source', source, 'validFrom', valid_from::text, 'validTo', valid_to::text)),
            '[]'::json) FROM ibs_municipal_rates))
    )::text AS facts`);
  return res.rows[0]!.facts;
}

/** The counter the 0570 triggers bump on every write to those tables: one indexed row. */
export async function findTaxFactsVersion(db: DbOrTx): Promise<number> {
  const res = await db.execute<{ version: string } & Record<string, unknown>>(
    sql`SELECT version FROM reference_versions WHERE name = 'tax-facts'`,
  );
  return Number(res.rows[0]?.version ?? 0);
}

/** The state rules in force today (the Brazilian calendar day, not the server's), for the fiscal-rules screen's 'Fontes das tabelas'. */
export async function findUfRules(db: DbOrTx) {
  const res = await db.execute<Record<string, unknown>>(sql`
    SELECT t.uf, t.difal_method AS "difalMethod", t.difal_fcp_in_gross_up AS "difalFcpInGrossUp",
      t.relief_formula AS "reliefFormula", t.cbenef_required AS "cbenefRequired", t.source,
      t.valid_from::text AS "validFrom", t.valid_to::text AS "validTo",
      (SELECT count(*)::int FROM ref_cbenef c WHERE c.uf = t.uf AND c.active) AS "cbenefCount"
    FROM ref_uf_tax_rules t
    WHERE t.active AND (t.valid_to IS NULL OR t.valid_to >= (now() AT TIME ZONE 'America/Sao_Paulo')::date)
    ORDER BY t.uf, t.valid_from DESC`);
  return res.rows;
}
