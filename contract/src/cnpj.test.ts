import { describe, expect, it } from 'vitest';
import { computeCnpjCheckDigits, formatCnpj, isValidCnpj, maskCnpj, normalizeCnpj } from './cnpj.js';

describe('normalizeCnpj', () => {
  it('strips punctuation and upper-cases letters', () => {
    expect(normalizeCnpj('11.222.333/0001-81')).toBe('11222333000181');
    expect(normalizeCnpj(' 12.abc.345/01de-35 ')).toBe('12ABC34501DE35');
    expect(normalizeCnpj(null)).toBe('');
  });
});

describe('isValidCnpj', () => {
  it.each([
    '11.222.333/0001-81', // the classic documentation example
    '11222333000181',
    '33.000.167/0001-01', // Petrobras
    '00.000.000/0001-91', // Banco do Brasil
    '12.ABC.345/01DE-35', // Receita Federal's alphanumeric example (Nota Técnica 49/2024)
    '12abc34501de35', // same, typed in lower case
  ])('accepts %s', (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(true);
  });

  it.each([
    ['wrong second check digit', '11.222.333/0001-82'],
    ['wrong first check digit', '33.000.167/0001-11'],
    ['wrong alphanumeric check digit', '12.ABC.345/01DE-36'],
    ['all zeros', '00.000.000/0000-00'],
    ['all the same digit', '11111111111111'],
    ['letters in the check digits', '12ABC34501DEAB'],
    ['too short', '1122233300018'],
    ['too long', '112223330001810'],
    ['empty', ''],
    ['null', null],
    ['non-ASCII letters', '12.ÁBC.345/01DE-35'],
  ])('rejects %s', (_label, cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(false);
  });

  it('computes the check digits of a base (letters worth ASCII − 48)', () => {
    expect(computeCnpjCheckDigits('12ABC34501DE')).toBe('35');
    expect(computeCnpjCheckDigits('330001670001')).toBe('01');
    expect(() => computeCnpjCheckDigits('12AB')).toThrow();
  });
});

describe('formatCnpj', () => {
  it('applies the mask to numeric and alphanumeric CNPJs', () => {
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCnpj('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
    expect(formatCnpj('12.abc.345/01de-35')).toBe('12.ABC.345/01DE-35');
  });

  it('returns incomplete values unchanged', () => {
    expect(formatCnpj('1122')).toBe('1122');
    expect(formatCnpj(undefined)).toBe('');
  });
});

describe('maskCnpj (input mask)', () => {
  it('formats progressively while typing', () => {
    expect(maskCnpj('1')).toBe('1');
    expect(maskCnpj('112')).toBe('11.2');
    expect(maskCnpj('11222333')).toBe('11.222.333');
    expect(maskCnpj('112223330')).toBe('11.222.333/0');
    expect(maskCnpj('1122233300018')).toBe('11.222.333/0001-8');
    expect(maskCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
  });

  it('caps at 14 characters and keeps only digits in the check-digit positions', () => {
    expect(maskCnpj('11222333000181999')).toBe('11.222.333/0001-81');
    expect(maskCnpj('12ABC34501DEX3')).toBe('12.ABC.345/01DE-3');
    expect(maskCnpj('')).toBe('');
  });
});
