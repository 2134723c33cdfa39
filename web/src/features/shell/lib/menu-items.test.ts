import { describe, expect, it } from 'vitest';
import { isItemActive, memberCompanyItems, partnerItems } from './menu-items';

describe('isItemActive', () => {
  const products = partnerItems.find((i) => i.label === 'Produtos')!;
  it('marks the products item on every sub-option', () => {
    expect(isItemActive(products, '/partner/products/global')).toBe(true);
    expect(isItemActive(products, '/partner/products/global/pending')).toBe(true);
    expect(isItemActive(products, '/partner/users')).toBe(false);
  });
  it('does not confuse prefixes of other paths', () => {
    const home = memberCompanyItems[0]!;
    expect(isItemActive(home, '/member/home')).toBe(true);
    expect(isItemActive(home, '/member/homework')).toBe(false);
  });
});
