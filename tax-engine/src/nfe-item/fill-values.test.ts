import { describe, expect, it } from 'vitest';
import { TaxDecimal } from '../decimal.js';
import { fillValues } from './fill-values.js';
import { type NfeItemResult, nfeItemValueFields } from './types.js';

describe('fillValues', () => {
  it('fills every one of nfeItemValueFields from the field of the same name', () => {
    // Each group answers any field with a figure of its own: the field's position in nfeItemValueFields.
    const group = new Proxy({}, { get: (_, key) => new TaxDecimal(nfeItemValueFields.indexOf(key as never) + 1) });
    const result = {} as NfeItemResult;
    fillValues(result, group as never, group as never, group as never, group as never);
    expect(Object.keys(result).sort()).toEqual([...nfeItemValueFields].sort());
    for (const [i, field] of nfeItemValueFields.entries()) expect(result[field]).toBe(i + 1);
  });
});
