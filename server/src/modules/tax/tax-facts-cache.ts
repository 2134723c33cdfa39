import type { DbOrTx } from '../../db/client.js';
import { onReferenceReloaded } from '../../lib/reference-changes.js';
import { type CalculationFacts, findTaxFactsSnapshotText, findTaxFactsVersion } from './tax.repository.js';
import { type FactsQuery, type FactsReader, type IndexedFacts, indexTaxFacts, readerOf } from './tax-facts-index.js';

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

interface Cached extends IndexedFacts {
  /** The snapshot as the database printed it: what a thread of whole invoices indexes for itself (decision 054). */
  text: string;
  /** This process's number for the snapshot: a thread that has it indexed is not sent the text again. */
  id: number;
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

let lastId = 0;

async function readSnapshot(db: DbOrTx): Promise<Cached> {
  const readAt = generation;
  const text = await findTaxFactsSnapshotText(db);
  return {
    ...indexTaxFacts(JSON.parse(text)),
    text,
    id: ++lastId,
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

/** What the engine needs for one item, from memory: both states' rates and rule in force, cClassTrib, cBenef. */
export async function findCalculationFacts(db: DbOrTx, q: FactsQuery): Promise<CalculationFacts> {
  return (await readCalculationFacts(db))(q);
}

/**
 * The facts snapshot of the moment, as a synchronous reader: a whole invoice reads it once and looks up each of
 * its items in it (one await per invoice instead of one per item; one snapshot for the whole invoice).
 */
export async function readCalculationFacts(db: DbOrTx): Promise<FactsReader> {
  return readerOf(await currentFacts(db));
}

/** readCalculationFacts with the snapshot's text and number, which a whole invoice's threads index (decision 053). */
export async function readSharedFacts(db: DbOrTx): Promise<{ read: FactsReader; id: number; text: string }> {
  const facts = await currentFacts(db);
  return { read: readerOf(facts), id: facts.id, text: facts.text };
}

/** The indexed snapshot itself, for readers that look rows up by code (the NF-e rule book's tables). */
export async function readIndexedFacts(db: DbOrTx): Promise<IndexedFacts> {
  return currentFacts(db);
}
