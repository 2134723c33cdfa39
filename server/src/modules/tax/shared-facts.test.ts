import { describe, expect, it } from 'vitest';
import { sharedFacts } from './shared-facts.js';

describe('shared facts (decision 053)', () => {
  it('builds a fact once per owner and key, and shares it', () => {
    const factsOf = sharedFacts<object, { rate: string; nested: { source: string } }>();
    const row = {};
    let built = 0;
    const make = () => {
      built++;
      return { rate: '18.00', nested: { source: 'Lei 6.374/1989' } };
    };
    const first = factsOf(row, '2026-06-01', make);
    expect(factsOf(row, '2026-06-01', make)).toBe(first);
    expect(factsOf(row, '2026-06-02', make)).not.toBe(first);
    expect(factsOf({}, '2026-06-01', make)).not.toBe(first);
    expect(built).toBe(3);
  });

  it('freezes what it shares, so that changing it throws instead of changing another item', () => {
    const factsOf = sharedFacts<object, { rate: string; nested: { source: string } }>();
    const shared = factsOf({}, 'k', () => ({ rate: '18.00', nested: { source: 'x' } }));
    expect(() => {
      (shared as { rate: string }).rate = '0.00';
    }).toThrow(TypeError);
    expect(() => {
      (shared.nested as { source: string }).source = 'y';
    }).toThrow(TypeError);
  });
});
