import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type CfopIndicators,
  type IbsCbsCstIndicators,
  modelsOf,
  type NfceUrls,
  type NfeTables,
  nfceUrlsKey,
  parseCfopTable,
  parseMunicipios,
  parseNfceUrls,
  parsePaises,
} from '@app/tax-engine';
import { referenceDataDir } from '../reference/loaders/reference-files.js';
import { ncmTableStart } from '../tax/tax-context.js';
import type { IndexedFacts } from '../tax/tax-facts-index.js';

const tablesOf = new WeakMap<IndexedFacts, NfeTables>();

/**
 * The Portal's CFOP table with its indicators (reference-data/cfop-indicadores.tsv, IT 2023.002; source in the file),
 * for I08-04 and N12-70. A bundled file like the XSDs, read once: the SINIEF table in the database has no indicators.
 */
let cfops: Map<string, CfopIndicators> | undefined;
const cfopTable = () => {
  cfops ??= parseCfopTable(readFileSync(path.join(referenceDataDir, 'cfop-indicadores.tsv'), 'utf8'));
  return cfops;
};
/**
 * The IBGE table of municípios (reference-data/ibge-municipios.csv, DTB; source and date in reference-data/README.md),
 * for the rules of "Tabela Municípios IBGE" (B12-10, C10-10 …). A bundled file read once, like the CFOP table.
 */
let municipios: Set<string> | undefined;
const municipioTable = () => {
  municipios ??= parseMunicipios(readFileSync(path.join(referenceDataDir, 'ibge-municipios.csv'), 'utf8'));
  return municipios;
};
/** The BACEN country table (reference-data/paises-bacen.csv; sources in reference-data/README.md), for E14-04 … */
let paises: Set<number> | undefined;
const paisTable = () => {
  paises ??= parsePaises(readFileSync(path.join(referenceDataDir, 'paises-bacen.csv'), 'utf8'));
  return paises;
};
/**
 * The NFC-e's consultation addresses per UF and environment (reference-data/nfce-urls-uf.tsv; sources in the file and
 * in reference-data/README.md), for ZX02-20 and ZX03-20. A bundled file read once, like the CFOP table.
 */
let nfceUrls: Map<string, NfceUrls> | undefined;
const nfceUrlTable = () => {
  nfceUrls ??= parseNfceUrls(readFileSync(path.join(referenceDataDir, 'nfce-urls-uf.tsv'), 'utf8'));
  return nfceUrls;
};
const inForce = (date: string, from: string, to: string | null) => from <= date && (to === null || to >= date);
/**
 * An indicator of the calculator's data (SITR_IND_* of the CST, CLTR_IND_* of the cClassTrib, loaded as `flags` by
 * loaders/rtc.ts), or undefined when the snapshot's row does not carry it: the rules that read it (UB13-39 …) then
 * leave the item alone instead of taking a missing flag for 0.
 */
const known = (flags: Record<string, boolean>, name: string): boolean | undefined =>
  name in flags ? !!flags[name] : undefined;

/**
 * The official tables the rule book needs, read from the server's reference snapshot (the same rows the tax engine
 * uses, reloaded with them): NCM (Siscomex) with its validity, and the CST/cClassTrib of IBS/CBS with the group
 * indicators of Receita's reference calculator data. One adapter per snapshot.
 */
export function nfeTablesOf(facts: IndexedFacts): NfeTables | null {
  // A database whose reference tables were never loaded: the rules that need them are listed as not applied,
  // instead of every NCM and CST reported as nonexistent.
  if (facts.ncms.size === 0 || facts.reform.classTribs.size === 0) return null;
  let t = tablesOf.get(facts);
  if (t) return t;
  const csts = new Map<string, IbsCbsCstIndicators>();
  const classTribs = new Map<string, ReturnType<NfeTables['cClassTrib']>>();
  for (const r of facts.reform.classTribs.values()) {
    if (r.kind !== 'IBSCBS' || csts.has(r.cst)) continue;
    csts.set(r.cst, {
      gIBSCBS: !!r.flags.gIBSCBS,
      gRed: !!r.flags.gRed,
      gDif: !!r.flags.gDif,
      gIBSCBSMono: known(r.flags, 'gIBSCBSMono'),
      gTransfCred: known(r.flags, 'gTransfCred'),
      gAjusteCompet: known(r.flags, 'gAjusteCompet'),
      gCredPresIBSZFM: known(r.flags, 'gCredPresIBSZFM'),
    });
  }
  t = {
    ncmInForce(ncm, date) {
      // The Siscomex table starts every code on 01/04/2022: an earlier day's nomenclature is not in it.
      if (date < ncmTableStart) return undefined;
      const row = facts.ncms.get(ncm);
      return row ? inForce(date, row.startDate, row.endDate) : false;
    },
    ibsCbsCst: (cst) => csts.get(cst),
    cClassTrib(code) {
      // Built once per code: several rules ask each item's cClassTrib, on every NF-e validated.
      if (classTribs.has(code)) return classTribs.get(code);
      const r = facts.reform.classTribs.get(`IBSCBS|${code}`);
      const row = r
        ? {
            cst: r.cst,
            exigeTribRegular: !!r.flags.exigeTribRegular,
            modelos: modelsOf(r.documents),
            gCredPresOper: known(r.flags, 'gCredPresOper'),
            gEstornoCred: known(r.flags, 'gEstornoCred'),
          }
        : undefined;
      // Bounded by the table (unknown codes are not kept): a body of invented codes does not grow it.
      if (row) classTribs.set(code, row);
      return row;
    },
    cfop: (code) => cfopTable().get(code),
    municipio: (code) => municipioTable().has(code),
    pais: (code) => paisTable().has(Number(code)),
    nfceUrls: (uf, tpAmb, tipo) => nfceUrlTable().get(nfceUrlsKey(uf, tpAmb, tipo)),
    description:
      'NCM (Siscomex), CST/cClassTrib do IBS/CBS (dados da calculadora de referência) carregados no servidor, tabela CFOP do Portal da NF-e (IT 2023.002), tabela de municípios do IBGE (DTB), tabela de países do BACEN e endereços de consulta da NFC-e por UF (Portal da NFC-e)',
  };
  tablesOf.set(facts, t);
  return t;
}
