import { describe, expect, it } from 'vitest';
import { cardFilter, cardKinds, minimumShare } from './indicator-cards';

describe('indicator cards', () => {
  it('set exactly one filter flag', () => {
    for (const kind of ['classified', 'pending', 'returned', 'inAudit'] as const) {
      expect(Object.values(cardFilter(kind)).filter(Boolean)).toHaveLength(1);
    }
    expect(cardFilter('classified')).toMatchObject({ finished: true, pending: false });
    expect(cardFilter('inAudit').audit).toBe(true);
  });

  it('each state has its own description, and products in Error have a card (issue 24)', () => {
    const texts = cardKinds.map((k) => k.text);
    expect(new Set(texts).size).toBe(texts.length);
    expect(cardKinds.find((k) => k.key === 'inAudit')?.text).toBe('Produtos que precisam de revisão.');
    expect(cardKinds.map((k) => k.title)).toContain('Com erro');
    expect(cardFilter('errors')).toMatchObject({ error: true, pending: false, returned: false, finished: false });
  });

  it('draw a nonzero share under 1% as 1%', () => {
    expect(minimumShare(1, 1000)).toBe(1);
    expect(minimumShare(0, 1000)).toBe(0);
    expect(minimumShare(500, 1000)).toBe(50);
    expect(minimumShare(3, 0)).toBe(0);
  });
});
