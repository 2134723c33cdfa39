import { describe, expect, it } from 'vitest';
import { ZTaxIbsCbs } from './tax-calculate/ibscbs.js';

// NT 2025.002, grupo gDif (pDif 3v2-4): a deferral may be of all of the tax (CST 510/515, pDif = 100).
const parse = (pDifCBS: unknown) => ZTaxIbsCbs.safeParse({ cst: '515', cClassTrib: '515001', gDif: { pDifCBS } });

describe('gDif.pDif: 0 to 100 % inclusive', () => {
  it.each([0, 50, 100, '100', '99,9999', '100.0000'])('accepts %s', (v) => {
    expect(parse(v).success).toBe(true);
  });
  it.each([
    [100.0001, 'gDif.pDifCBS deve ser no máximo 100%'],
    [1.00001, 'gDif.pDifCBS: no máximo 4 casas decimais'],
    [100.01, 'gDif.pDifCBS deve ser no máximo 100%'],
    ['101', 'gDif.pDifCBS deve ser no máximo 100%'],
    [-1, 'gDif.pDifCBS não pode ser negativo'],
    ['abc', 'gDif.pDifCBS: informe um número'],
  ])('refuses %s', (v, message) => {
    const r = parse(v);
    expect(r.success).toBe(false);
    expect(JSON.stringify(r.error?.issues)).toContain(message);
  });
});
