import { describe, expect, it } from 'vitest';
import { findInterstateRate, icmsUfTable, isImportedOrigin } from './interstate-rate.js';

// Resolução do Senado 22/1989 and 13/2012 (shared/data/README.md): 7 % from S/SE except ES to
// N/NE/CO/ES, 12 % in every other interstate pair, 4 % for imported goods.
describe('findInterstateRate', () => {
  it('answers 7 % from the South/Southeast (except ES) to N/NE/CO and ES', () => {
    expect(findInterstateRate('SP', 'BA')).toBe(7);
    expect(findInterstateRate('PR', 'MT')).toBe(7);
    expect(findInterstateRate('RJ', 'AM')).toBe(7);
    expect(findInterstateRate('MG', 'ES')).toBe(7);
  });

  it('answers 12 % for every other pair', () => {
    expect(findInterstateRate('SP', 'RJ')).toBe(12);
    expect(findInterstateRate('RS', 'SC')).toBe(12);
    expect(findInterstateRate('ES', 'BA')).toBe(12);
    expect(findInterstateRate('BA', 'SP')).toBe(12);
    expect(findInterstateRate('GO', 'PE')).toBe(12);
  });

  it('answers 4 % for imported goods and null inside one UF', () => {
    expect(findInterstateRate('SP', 'BA', { imported: true })).toBe(4);
    expect(findInterstateRate('SP', 'SP', { imported: true })).toBeNull();
    expect(isImportedOrigin(1)).toBe(true);
    expect(isImportedOrigin(8)).toBe(true);
    expect(isImportedOrigin(0)).toBe(false);
    expect(isImportedOrigin(5)).toBe(false);
  });
});

describe('icmsUfTable', () => {
  it('holds the 27 UFs of shared/data/icms-uf.csv', () => {
    expect(Object.keys(icmsUfTable)).toHaveLength(27);
    expect(icmsUfTable.MA.internalRate).toBe(23);
    expect(icmsUfTable.PI.internalRate).toBe(22.5);
    expect(icmsUfTable.RJ).toMatchObject({ internalRate: 20, fcp: 2, region: 'SE' });
  });
});
