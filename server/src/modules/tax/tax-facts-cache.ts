import type { DbOrTx } from '../../db/client.js';
import { onReferenceReloaded } from '../../lib/reference-changes.js';
import { indexReformFacts, type ReformIndex } from './reform-index.js';
import {
  type CalculationFacts,
  type CbenefRow,
  type CestRow,
  type ClassTribRow,
  findTaxFactsSnapshot,
  findTaxFactsVersion,
  type NcmRow,
  type TaxFactsSnapshot,
  type UfRuleRow,
} from './tax.repository.js';

/**
 * The reference rows of POST /tax/calculate, kept in memory (decision 025): a query per invoice line for
 * rows that change a few times a year cost more than the arithmetic itself.
 *
 * Staying correct when the tables are reloaded:
 *  - a reload by this process (the loader) is announced in-process and drops the snapshot at once;
 *  - any other write (another server's loader, a seed, a hand-written UPDATE) bumps `reference_versions`
 *    in its own transaction (0570 triggers); at most once per CHECK_EVERY_MS one request reads that row and,
 *    if it moved, the whole snapshot is read again. So a change made elsewhere is used within a second.
 * Rows and version are read in one statement (one snapshot), so the cache never pairs new rows with an old
 * version or the reverse.
 */
const CHECK_EVERY_MS = 1000;

interface Cached {
  snapshot: TaxFactsSnapshot;
  classTribs: Map<string, ClassTribRow>;
  cbenefs: Map<string, CbenefRow>;
  cbenefUfs: Set<string>;
  ncms: Map<string, NcmRow>;
  cests: Map<string, CestRow>;
  reform: ReformIndex;
  /** Both states' rows by `ufOrigem|ufDestino|date`: the same pair and day repeat for every line of an invoice. */
  rulesByKey: Map<string, UfRuleRow[]>;
  checkedAt: number;
  generation: number;
  /** A version check in flight: concurrent requests share it instead of each asking. */
  checking?: Promise<void>;
}

// Per database handle: tests open several databases in one process.
const caches = new WeakMap<object, Promise<Cached>>();
/** Bumped by an in-process reload: every snapshot read before it is dropped on its next use. */
let generation = 0;
onReferenceReloaded(() => {
  generation++;
});

async function readSnapshot(db: DbOrTx): Promise<Cached> {
  const readAt = generation;
  const snapshot = await findTaxFactsSnapshot(db);
  return {
    snapshot,
    classTribs: new Map(snapshot.classTribs.map((r) => [r.code, r])),
    cbenefs: new Map(snapshot.cbenefs.map((r) => [r.code, r])),
    cbenefUfs: new Set(snapshot.cbenefs.map((r) => r.uf)),
    ncms: new Map(snapshot.ncms.map((r) => [r.code, r])),
    cests: new Map(snapshot.cests.map((r) => [r.code, r])),
    reform: indexReformFacts(snapshot.reform),
    rulesByKey: new Map(),
    checkedAt: Date.now(),
    generation: readAt,
  };
}

async function currentFacts(db: DbOrTx): Promise<Cached> {
  let pending = caches.get(db);
  if (!pending) {
    pending = readSnapshot(db);
    caches.set(db, pending);
    pending.catch(() => caches.delete(db));
  }
  const cached = await pending;
  if (cached.generation !== generation) {
    if (caches.get(db) === pending) caches.delete(db);
    return currentFacts(db);
  }
  if (Date.now() - cached.checkedAt < CHECK_EVERY_MS) return cached;
  cached.checking ??= findTaxFactsVersion(db)
    .then((version) => {
      cached.checkedAt = Date.now();
      if (version !== cached.snapshot.version && caches.get(db) === pending) caches.delete(db);
    })
    .finally(() => {
      cached.checking = undefined;
    });
  await cached.checking;
  return caches.get(db) === pending ? cached : currentFacts(db);
}

const inForce = (date: string, from: string, to: string | null) => from <= date && (to === null || to >= date);

type FactsQuery = {
  ufs: [string, string];
  date: string;
  cClassTrib: string | null;
  cBenef: string | null;
  ncm?: string | null;
  cest?: string | null;
};

/** What the engine needs for one item, from memory: both states' rates and rule in force, cClassTrib, cBenef. */
export async function findCalculationFacts(db: DbOrTx, q: FactsQuery): Promise<CalculationFacts> {
  return (await readCalculationFacts(db))(q);
}

/**
 * The facts snapshot of the moment, as a synchronous reader: a whole invoice reads it once and looks up each of
 * its items in it (one await per invoice instead of one per item; one snapshot for the whole invoice).
 */
export async function readCalculationFacts(db: DbOrTx): Promise<(q: FactsQuery) => CalculationFacts> {
  const { snapshot, classTribs, cbenefs, cbenefUfs, rulesByKey, ncms, cests, reform } = await currentFacts(db);
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

const MAX_RULE_KEYS = 5000;

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
