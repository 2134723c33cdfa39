/**
 * Facts built from the reference snapshot for an item — a state's rule on a date, a cClassTrib on a date, the
 * CBS/IBS rates on a date — made once per snapshot row (or index) and key, then shared, frozen, by every item that
 * reads them (decision 053). An invoice's lines then hold the same objects instead of 500 equal copies: less to
 * build and to collect (each thread of a whole invoice builds its own, from its own copy of the snapshot, decision
 * 054). Frozen, so that code changing a shared fact fails loudly instead of changing the answer of another item.
 */
const MAX_KEYS_PER_OWNER = 5000;

export function sharedFacts<Owner extends object, Facts>(): (owner: Owner, key: string, make: () => Facts) => Facts {
  const made = new WeakMap<Owner, Map<string, Facts>>();
  return (owner, key, make) => {
    let byKey = made.get(owner);
    if (!byKey) {
      byKey = new Map();
      made.set(owner, byKey);
    }
    let facts = byKey.get(key);
    if (facts === undefined) {
      facts = deepFreeze(make());
      if (byKey.size >= MAX_KEYS_PER_OWNER) byKey.clear();
      byKey.set(key, facts);
    }
    return facts;
  };
}

function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}
