import { describe, expect, it } from 'vitest';
import { cardFilter, minimumShare } from './indicator-cards';

describe('indicator cards', () => {
  it('set exactly one filter flag', () => {
    for (const kind of ['classified', 'pending', 'returned', 'inAudit'] as const) {
      expect(Object.values(cardFilter(kind)).filter(Boolean)).toHaveLength(1);
    }
    expect(cardFilter('classified')).toMatchObject({ finished: true, pending: false });
    expect(cardFilter('inAudit').audit).toBe(true);
  });

  it('draw a nonzero share under 1% as 1%', () => {
    expect(minimumShare(1, 1000)).toBe(1);
    expect(minimumShare(0, 1000)).toBe(0);
    expect(minimumShare(500, 1000)).toBe(50);
    expect(minimumShare(3, 0)).toBe(0);
  });
});
