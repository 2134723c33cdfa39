import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULE_BOOK } from './book.js';
import { conformanceMarkdown, listIndex } from './conformance.js';
import { CONFORMANCE_FILE, caseKeys, readConformanceInputs } from './conformance-inputs.js';
import { duplicatedStatuses, RULE_STATUS } from './rule-status.js';
import { BEYOND_INDEX, indexRules, messageKey } from './rules-index.js';

// Decision 072: the conformance table lists every rule id of the index (reference-data/nfe-rules-index.tsv, MOC 7.0
// annex I and NT 2025.002 v1.40 as compiled by sinete-dev/sinete 2026.09.28), each implemented, not checkable offline
// or not implemented with a reason; the book's codes and messages agree with the index.
const inputs = readConformanceInputs();
const index = indexRules(inputs.index);
const byId = new Map(index.map((r) => [r.regra, r]));

describe('docs/nfe-conformance.md', () => {
  it('is the table generated from the rule book and the index as they are now (npm run conformance -w tax-engine)', () => {
    expect(readFileSync(CONFORMANCE_FILE, 'utf8')).toBe(conformanceMarkdown(inputs));
  });

  it('lists every rule of the book once among the implemented and every rule of the index once by group', () => {
    const md = conformanceMarkdown(inputs);
    for (const r of RULE_BOOK) expect(md.split(`| ${r.grupo} | ${r.id} | ${r.codigo} |`).length - 1).toBe(1);
    for (const r of index) expect(md.split(`\n| ${r.regra} | ${r.codigos.join(', ')} |`).length - 1).toBe(1);
  });
});

describe('every rule of the index is implemented or classified with a reason', () => {
  it('no rule of the index is left without a situation', () => {
    expect(
      listIndex(inputs)
        .filter((l) => l.situacao === null)
        .map((l) => l.rule.regra),
    ).toEqual([]);
  });

  it('each implemented rule has a test that names it', () => {
    expect(RULE_BOOK.filter((r) => !inputs.tests.get(r.id)?.length).map((r) => r.id)).toEqual([]);
  });

  it('each implemented rule is a key of a table of positive and negative cases, and each key is a rule of the book', () => {
    // Quoting an id in a test is not a case: the tables' keys are what rule-book.test.ts and rules-document.test.ts run
    // as a consistent sample (and a second positive) that passes and the sample broken the row's way.
    const book = new Set(RULE_BOOK.map((r) => r.id));
    expect(RULE_BOOK.filter((r) => !inputs.cases.has(r.id)).map((r) => r.id)).toEqual([]);
    expect([...inputs.cases.keys()].filter((id) => !book.has(id))).toEqual([]);
  });

  it('the case keys are read from the table only (they can fail)', () => {
    const body = [
      "const x = { 'A01-10': 1 };",
      'const cases: Record<string, Case> = {',
      "  'B03-10': { sample: standard, breakIt: (t) => setText(t, ide('cNF'), '12345678') },",
      "  ...places('retirada', ['F02-10', 'F02a-10']),",
      '  ...Object.fromEntries(',
      '    [',
      "      ['W18-10', 'vServ', '1000.00'],",
      "    ].map(([id]) => [id, { breakIt: (t) => found(t, 'C02-10') }]),",
      '  ),',
      "  'B22-10': {",
      "    alsoPasses: (t) => found(t, 'C02-10'),",
      '  },',
      '};',
      "it('E01-10', () => {});",
    ].join('\n');
    expect(caseKeys(`\n${body}\n`)).toEqual(['B03-10', 'F02-10', 'F02a-10', 'W18-10', 'B22-10']);
  });

  it('a classified rule is not also in the book, is in the index and is listed once, with a reason', () => {
    const book = new Set(RULE_BOOK.map((r) => r.id));
    expect([...RULE_STATUS.keys()].filter((id) => book.has(id))).toEqual([]);
    expect([...RULE_STATUS.keys()].filter((id) => !byId.has(id))).toEqual([]);
    expect(duplicatedStatuses()).toEqual([]);
    for (const s of RULE_STATUS.values()) expect(s.motivo.length).toBeGreaterThan(20);
  });

  it('each rule of the book is in the index with the same rejection code and official message', () => {
    const disagreements = RULE_BOOK.flatMap((r) => {
      const i = byId.get(r.id);
      if (!i) return BEYOND_INDEX[r.id] ? [] : [`${r.id}: fora do índice`];
      const k = i.codigos.indexOf(r.codigo);
      if (k < 0) return [`${r.id}: código ${r.codigo}, índice ${i.codigos.join(', ')}`];
      return messageKey(i.mensagens[k]!) === messageKey(r.mensagem) ? [] : [`${r.id}: "${r.mensagem}"`];
    });
    expect(disagreements).toEqual([]);
  });

  it('the rules accepted outside the index are rules of the book and really absent from it', () => {
    const book = new Set(RULE_BOOK.map((r) => r.id));
    expect(Object.keys(BEYOND_INDEX).filter((id) => !book.has(id) || byId.has(id))).toEqual([]);
  });

  it('the comparison sees a wrong code and a wrong message (it can fail)', () => {
    const i = byId.get('W16-10')!;
    expect(i.codigos).toEqual(['610']);
    expect(messageKey('Rejeição: Total da NF difere do somatório dos Valores compõe o valor Total da NF.')).toBe(
      messageKey(i.mensagens[0]!),
    );
    expect(messageKey('Rejeição: Total da NF difere do somatório dos itens')).not.toBe(messageKey(i.mensagens[0]!));
  });
});
