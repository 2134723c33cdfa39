import { describe, expect, it } from 'vitest';
import {
  formatDecimalText,
  HIGH_RATE_INT_DIGITS,
  maskDecimalText,
  parseDecimalText,
  RATE_INT_DIGITS,
  settleDecimalText,
} from './decimal-text';

describe('pt-BR decimal text', () => {
  it('reads every pt-BR form and a pasted dot decimal as the exact decimal', () => {
    expect(parseDecimalText('100,50')).toBe('100.5');
    expect(parseDecimalText('1.234,56')).toBe('1234.56');
    expect(parseDecimalText('1234,56')).toBe('1234.56');
    expect(parseDecimalText('18')).toBe('18');
    expect(parseDecimalText('18,5')).toBe('18.5');
    expect(parseDecimalText('0,65')).toBe('0.65');
    expect(parseDecimalText('1234.56')).toBe('1234.56');
    expect(parseDecimalText('100.50')).toBe('100.5');
    expect(parseDecimalText('1,234.56')).toBe('1234.56');
    expect(parseDecimalText('1.234.567,8')).toBe('1234567.8');
    expect(parseDecimalText('R$ 2.000,00')).toBe('2000');
    expect(parseDecimalText('0.650')).toBe('0.65');
  });

  it('reads a lone dot before three digits as the Brazilian thousands separator', () => {
    expect(parseDecimalText('1.234')).toBe('1234');
    expect(parseDecimalText('12.500')).toBe('12500');
  });

  it('refuses what is not a number', () => {
    expect(parseDecimalText('')).toBeNull();
    expect(parseDecimalText('abc')).toBeNull();
    expect(parseDecimalText('1,2,3')).toBeNull();
    expect(parseDecimalText('1.2,3.4')).toBeNull();
    expect(parseDecimalText(',')).toBeNull();
  });

  it('formats back in pt-BR without floating point', () => {
    expect(formatDecimalText('1234.56')).toBe('1.234,56');
    expect(formatDecimalText('18')).toBe('18,00');
    expect(formatDecimalText('0.65')).toBe('0,65');
    expect(formatDecimalText('1234567.895')).toBe('1.234.567,90');
    expect(formatDecimalText('0.005')).toBe('0,01');
    expect(formatDecimalText('99.999')).toBe('100,00');
    expect(formatDecimalText('18.0000')).toBe('18,00');
    expect(formatDecimalText(7.6)).toBe('7,60');
    expect(formatDecimalText(null)).toBe('');
    expect(settleDecimalText('1234,5')).toBe('1.234,50');
    expect(settleDecimalText('100.50')).toBe('100,50');
    expect(settleDecimalText('x')).toBe('x');
  });

  it('lets money be typed key by key with thousands dots and drops letters', () => {
    const typed = [...'1.234,567'].reduce((shown, key) => maskDecimalText(shown + key), '');
    expect(typed).toBe('1.234,56');
    expect(maskDecimalText('12a3,4b')).toBe('123,4');
    expect(maskDecimalText('1234.56')).toBe('1234.56');
  });

  it('places the comma in percentages instead of dropping digits', () => {
    const type = (keys: string, maxIntDigits = 2) =>
      [...keys].reduce((shown, key) => maskDecimalText(shown + key, { maxIntDigits }), '');
    expect(type('165')).toBe('1,65');
    expect(type('1800')).toBe('18,00');
    expect(type('18')).toBe('18');
    expect(type('18,5')).toBe('18,5');
    expect(type('0,65')).toBe('0,65');
    expect(type('7.6')).toBe('7,6');
    expect(type('14050', 3)).toBe('140,50');
    expect(type('140,5', 3)).toBe('140,5');
    expect(maskDecimalText('18.5', { maxIntDigits: 2 })).toBe('18,5');
  });
});

describe('rates past 100 % (issue 24)', () => {
  it('the IPI/MVA mask keeps 300 % (TIPI) while ##,## still places the comma', () => {
    expect(maskDecimalText('300', { maxIntDigits: HIGH_RATE_INT_DIGITS })).toBe('300');
    expect(maskDecimalText('300,00', { maxIntDigits: HIGH_RATE_INT_DIGITS })).toBe('300,00');
    expect(maskDecimalText('100', { maxIntDigits: HIGH_RATE_INT_DIGITS })).toBe('100');
    expect(maskDecimalText('165', { maxIntDigits: RATE_INT_DIGITS })).toBe('1,65');
  });
});
