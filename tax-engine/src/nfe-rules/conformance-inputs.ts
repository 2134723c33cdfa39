import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type IndexLine, parseRulesIndex } from './rules-index.js';

/**
 * What the conformance table is generated from besides the book (dev tooling, not exported by the engine): the index
 * of every rule id (reference-data/nfe-rules-index.tsv) and, per rule id, the test files of the rule book that cite it
 * in quotes ('E12-30'), where its positive and negative cases are.
 */
export interface ConformanceInputs {
  index: IndexLine[];
  tests: ReadonlyMap<string, string[]>;
}

const here = import.meta.dirname;
export const INDEX_FILE = path.join(here, '../../../reference-data/nfe-rules-index.tsv');
export const CONFORMANCE_FILE = path.join(here, '../../../docs/nfe-conformance.md');

export function readConformanceInputs(): ConformanceInputs {
  const index = parseRulesIndex(readFileSync(INDEX_FILE, 'utf8'));
  const tests = new Map<string, string[]>();
  const files = readdirSync(here)
    .filter((f) => f.endsWith('.test.ts') && f !== 'conformance.test.ts')
    .sort((a, b) => (a === 'rule-book.test.ts' ? -1 : b === 'rule-book.test.ts' ? 1 : a.localeCompare(b)));
  for (const f of files) {
    const body = readFileSync(path.join(here, f), 'utf8');
    for (const m of body.matchAll(/'(\d*[A-Z]{1,2}\d{2,3}[a-z]?(?:\.\d)?-\d{2,3})'/g)) {
      const list = tests.get(m[1]!) ?? [];
      const rel = `tax-engine/src/nfe-rules/${f}`;
      if (!list.includes(rel)) list.push(rel);
      tests.set(m[1]!, list);
    }
  }
  return { index, tests };
}
