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
  /**
   * Per rule id, the test file whose table of positive and negative cases (`const cases` of rule-book.test.ts and
   * rules-document.test.ts, each key run as a sample that passes and the sample broken) has it as a key: quoting an id
   * elsewhere in a test is not a case. Not in the generated table; conformance.test.ts holds the book to it.
   */
  cases: ReadonlyMap<string, string>;
}

const RULE_ID = /'(\d*[A-Z]{1,2}\d{2,3}[a-z]?(?:\.\d)?-\d{2,3})'/g;
export const CASE_FILES = [
  'rule-book.test.ts',
  'rules-document.test.ts',
  'rules-reform.test.ts',
  'rules-moc-rows.test.ts',
  'rules-ibscbs-groups.test.ts',
  'rules-qrcode.test.ts',
] as const;

/**
 * The keys of a test file's `const cases = { … }`: `'ID': {` lines, and in a spread (`...places('retirada', [ids])`,
 * `...Object.fromEntries([['W18-10', …], …].map(…))`) the ids of its first line and those that open a tuple line.
 */
export function caseKeys(body: string): string[] {
  const start = body.indexOf('\nconst cases: Record<string, Case> = {\n');
  if (start < 0) return [];
  const table = body.slice(start, body.indexOf('\n};\n', start));
  const keys: string[] = [];
  let inSpread = false;
  for (const line of table.split('\n')) {
    if (/^ {2}'[^']+': \{/.test(line)) keys.push(...[...line.matchAll(RULE_ID)].slice(0, 1).map((m) => m[1]!));
    else if (/^ {2}\.\.\./.test(line)) {
      keys.push(...[...line.matchAll(RULE_ID)].map((m) => m[1]!));
      inSpread = !line.endsWith('),');
    } else if (inSpread && /^ {2}\),?$/.test(line)) inSpread = false;
    else if (inSpread) {
      const m = /^\s+\['(\d*[A-Z]{1,2}\d{2,3}[a-z]?(?:\.\d)?-\d{2,3})'/.exec(line);
      if (m) keys.push(m[1]!);
    }
  }
  return keys;
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
    for (const m of body.matchAll(RULE_ID)) {
      const list = tests.get(m[1]!) ?? [];
      const rel = `tax-engine/src/nfe-rules/${f}`;
      if (!list.includes(rel)) list.push(rel);
      tests.set(m[1]!, list);
    }
  }
  const cases = new Map<string, string>();
  for (const f of CASE_FILES)
    for (const id of caseKeys(readFileSync(path.join(here, f), 'utf8'))) cases.set(id, `tax-engine/src/nfe-rules/${f}`);
  return { index, tests, cases };
}
