import { indexReformFacts, type ReformIndex } from './reform-index.js';
import type {
  CalculationFacts,
  CbenefRow,
  CestRow,
  ClassTribRow,
  NcmRow,
  TaxFactsSnapshot,
  UfRuleRow,
} from './tax.repository.js';

/**
 * The reference rows of the tax engine indexed for lookups per item: pure, so that the threads of whole invoices
 * (decision 053) index the same snapshot text the request's thread read from the tables, and look items up the same
 * way (tax-facts-cache.ts keeps the request's thread's copy).
 */
export interface IndexedFacts {
  snapshot: TaxFactsSnapshot;
  classTribs: Map<string, ClassTribRow>;
  cbenefs: Map<string, CbenefRow>;
  cbenefUfs: Set<string>;
  ncms: Map<string, NcmRow>;
  cests: Map<string, CestRow>;
  reform: ReformIndex;
  /** Both states' rows by `ufOrigem|ufDestino|date`: the same pair and day repeat for every line of an invoice. */
  rulesByKey: Map<string, UfRuleRow[]>;
}

export type FactsQuery = {
  ufs: [string, string];
  date: string;
  cClassTrib: string | null;
  cBenef: string | null;
  ncm?: string | null;
  cest?: string | null;
};

/** What the engine needs for one item: both states' rates and rule in force, cClassTrib, cBenef, NCM, CEST. */
export type FactsReader = (q: FactsQuery) => CalculationFacts;

export function indexTaxFacts(snapshot: TaxFactsSnapshot): IndexedFacts {
  return {
    snapshot,
    classTribs: new Map(snapshot.classTribs.map((r) => [r.code, r])),
    cbenefs: new Map(snapshot.cbenefs.map((r) => [r.code, r])),
    cbenefUfs: new Set(snapshot.cbenefs.map((r) => r.uf)),
    ncms: new Map(snapshot.ncms.map((r) => [r.code, r])),
    cests: new Map(snapshot.cests.map((r) => [r.code, r])),
    reform: indexReformFacts(snapshot.reform),
    rulesByKey: new Map(),
  };
}

const MAX_RULE_KEYS = 5000;

/** The synchronous reader of an indexed snapshot: every item of an invoice is looked up in the same one. */
export function readerOf(facts: IndexedFacts): FactsReader {
  const { snapshot, classTribs, cbenefs, cbenefUfs, rulesByKey, ncms, cests, reform } = facts;
  return (q) => {
    const key = `${q.ufs[0]}|${q.ufs[1]}|${q.date}`;
    let rules = rulesByKey.get(key);
    if (!rules) {
      rules = selectRules(snapshot, q.ufs, q.date);
      if (rulesByKey.size >= MAX_RULE_KEYS) rulesByKey.clear();
      rulesByKey.set(key, rules);
    }
    return {
      rules,
      classTrib: (q.cClassTrib && classTribs.get(q.cClassTrib)) || null,
      cbenef: (q.cBenef && cbenefs.get(q.cBenef)) || null,
      cbenefTableLoaded: cbenefUfs.has(q.ufs[0]),
      ncm: q.ncm ? (ncms.get(q.ncm) ?? null) : undefined,
      cest: q.cest ? (cests.get(q.cest) ?? null) : undefined,
      reform,
    };
  };
}

const inForce = (date: string, from: string, to: string | null) => from <= date && (to === null || to >= date);

/** The two states' rates, each with its rule in force on the date (shared, read-only, by every caller). */
function selectRules(snapshot: TaxFactsSnapshot, ufs: [string, string], date: string): UfRuleRow[] {
  return snapshot.rates
    .filter((r) => r.uf === ufs[0] || r.uf === ufs[1])
    .map((rate) => {
      // Newest validity first (the snapshot's order): the first in force on the date wins.
      const rule = snapshot.rules.find((t) => t.uf === rate.uf && inForce(date, t.validFrom, t.validTo));
      return {
        ...rate,
        difalMethod: rule?.difalMethod ?? null,
        difalFcpInGrossUp: rule?.difalFcpInGrossUp ?? null,
        reliefFormula: rule?.reliefFormula ?? null,
        cbenefRequired: rule?.cbenefRequired ?? null,
        source: rule?.source ?? null,
        validFrom: rule?.validFrom ?? null,
        validTo: rule?.validTo ?? null,
      };
    });
}
