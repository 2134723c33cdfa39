import { describe, expect, it } from 'vitest';
import { isStCalculatorAvailable } from './st-availability';

describe('ST calculator availability', () => {
  it('is offered for CST 60/70 (with or without origin digit) and CSOSN 500 only', () => {
    expect(isStCalculatorAvailable('60', null)).toBe(true);
    expect(isStCalculatorAvailable('070', null)).toBe(true);
    expect(isStCalculatorAvailable(null, '500')).toBe(true);
    expect(isStCalculatorAvailable('00', '102')).toBe(false);
    expect(isStCalculatorAvailable('10', null)).toBe(false);
    expect(isStCalculatorAvailable(null, null)).toBe(false);
  });
});
