import { describe, expect, it } from 'vitest';
import { parseBrDate } from './br-date';

describe('parseBrDate', () => {
  it('reads dd/mm/aaaa as day first', () => {
    expect(parseBrDate('10/03/2025')).toBe('2025-03-10');
    expect(parseBrDate('1/3/2025')).toBe('2025-03-01');
    expect(parseBrDate('10032025')).toBe('2025-03-10');
    expect(parseBrDate('2025-03-10')).toBe('2025-03-10');
  });

  it('refuses what is not yet a real day', () => {
    expect(parseBrDate('31/02/2025')).toBeNull();
    expect(parseBrDate('13/13/2025')).toBeNull();
    expect(parseBrDate('10/03/20')).toBeNull();
    expect(parseBrDate('10/03')).toBeNull();
    expect(parseBrDate('')).toBeNull();
  });
});
