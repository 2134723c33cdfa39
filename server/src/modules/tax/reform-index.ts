import type { ReformSnapshot } from './tax.repository.js';

type Dated = { validFrom: string; validTo: string | null };
const inForce = (date: string, from: string, to: string | null) => from <= date && (to === null || to >= date);

/** The reform's reference rows (decision 038), indexed once per snapshot version: lookups per item stay O(rows of one code). */
export interface ReformIndex {
  rates: ReformSnapshot['rates'];
  classTribs: Map<string, ReformSnapshot['classTribs'][number]>;
  ncmByCode: Map<string, ReformSnapshot['ncm']>;
  specificByCode: Map<string, ReformSnapshot['specificRates']>;
  isRates: ReformSnapshot['isRates'];
  monoByNcm: Map<string, ReformSnapshot['monoRates']>;
  /** The Admin's IBS municipal rates (0810) by IBGE code, newest start first. */
  municipalByCode: Map<string, NonNullable<ReformSnapshot['municipalRates']>>;
  /** The rate rows in force by date (ratesOn): every item of an invoice asks for the same day. */
  onDate: Map<string, { rates: ReformSnapshot['rates']; isRates: ReformSnapshot['isRates'] }>;
}

function groupBy<T>(rows: T[], key: (r: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = map.get(k);
    if (list) list.push(r);
    else map.set(k, [r]);
  }
  return map;
}

export function indexReformFacts(s: ReformSnapshot | undefined): ReformIndex {
  const snap = s ?? { rates: [], classTribs: [], ncm: [], specificRates: [], isRates: [], monoRates: [] };
  return {
    rates: snap.rates,
    // IS codes reuse CBS/IBS numbers: the key carries the CST (the IS one for IS rows).
    classTribs: new Map(snap.classTribs.map((r) => [`${r.kind}|${r.code}`, r])),
    // IS rows list the products an IS code covers; applicability is checked for the IBS/CBS codes.
    ncmByCode: groupBy(
      snap.ncm.filter((r) => r.kind === 'IBSCBS'),
      (r) => r.code,
    ),
    specificByCode: groupBy(snap.specificRates, (r) => r.code),
    isRates: snap.isRates,
    monoByNcm: groupBy(snap.monoRates, (r) => r.ncm),
    municipalByCode: groupBy(
      [...(snap.municipalRates ?? [])].sort((a, b) => b.validFrom.localeCompare(a.validFrom)),
      (r) => r.cMun,
    ),
    onDate: new Map(),
  };
}

const MAX_DATES = 1000;

/** The CBS/IBS and IS rate rows in force on the date, filtered once per date and snapshot (shared: read only). */
export function ratesOn(index: ReformIndex, date: string) {
  let rows = index.onDate.get(date);
  if (!rows) {
    rows = { rates: rowsInForce(index.rates, date), isRates: rowsInForce(index.isRates, date) };
    if (index.onDate.size >= MAX_DATES) index.onDate.clear();
    index.onDate.set(date, rows);
  }
  return rows;
}

export const rowsInForce = <T extends Dated>(rows: T[] | undefined, date: string): T[] =>
  (rows ?? []).filter((r) => inForce(date, r.validFrom, r.validTo));

export const isInForce = inForce;
