import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULE_BOOK } from './book.js';
import { conformanceMarkdown } from './conformance.js';

describe('docs/nfe-conformance.md', () => {
  it('is the table generated from the rule book as it is now (npm run conformance -w tax-engine)', () => {
    const file = readFileSync(path.join(import.meta.dirname, '../../../docs/nfe-conformance.md'), 'utf8');
    expect(file).toBe(conformanceMarkdown());
  });

  it('lists every rule of the book once', () => {
    const md = conformanceMarkdown();
    for (const r of RULE_BOOK) expect(md.split(`| ${r.id} | ${r.codigo} |`).length - 1).toBe(1);
  });
});
