import { describe, expect, it } from 'vitest';
import { RULE_BOOK } from './book.js';
import { RULE_REQUIREMENTS } from './rule-requirements.js';

// The requirements only let validateNfeRules skip a rule on a document without the elements its predicate needs; each
// rule's negative case (rule-book.test.ts, rules-document.test.ts) goes through validateNfeRules, so a requirement that
// hid a finding fails that rule's own test. Here: the table names rules of the book and element names only.
describe('rule requirements (Rule.requer)', () => {
  it('every id of the table is a rule of the book, and the book carries its requirement', () => {
    const book = new Map(RULE_BOOK.map((r) => [r.id, r]));
    for (const [id, tags] of Object.entries(RULE_REQUIREMENTS)) {
      expect(book.has(id), id).toBe(true);
      expect(book.get(id)!.requer).toEqual(tags);
    }
  });

  it('each requirement is a non-empty list of element names (no paths)', () => {
    for (const tags of Object.values(RULE_REQUIREMENTS)) {
      expect(tags.length).toBeGreaterThan(0);
      for (const t of tags) expect(t).toMatch(/^[A-Za-z][A-Za-z0-9]*$/);
    }
  });
});
