import { modelsOf, type NfeTables } from '@app/tax-engine';
import { ncmTableStart } from '../tax/tax-context.js';
import type { IndexedFacts } from '../tax/tax-facts-index.js';

const tablesOf = new WeakMap<IndexedFacts, NfeTables>();
const inForce = (date: string, from: string, to: string | null) => from <= date && (to === null || to >= date);

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
  const csts = new Map<string, { gIBSCBS: boolean; gRed: boolean; gDif: boolean }>();
  for (const r of facts.reform.classTribs.values()) {
    if (r.kind !== 'IBSCBS' || csts.has(r.cst)) continue;
    csts.set(r.cst, { gIBSCBS: !!r.flags.gIBSCBS, gRed: !!r.flags.gRed, gDif: !!r.flags.gDif });
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
      const r = facts.reform.classTribs.get(`IBSCBS|${code}`);
      return r
        ? { cst: r.cst, exigeTribRegular: !!r.flags.exigeTribRegular, modelos: modelsOf(r.documents) }
        : undefined;
    },
    description:
      'NCM (Siscomex) e CST/cClassTrib do IBS/CBS (dados da calculadora de referência) carregados no servidor',
  };
  tablesOf.set(facts, t);
  return t;
}
