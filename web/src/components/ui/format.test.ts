import { describe, expect, it } from 'vitest';
import { formatCnpj } from './cnpj';
import { formatDate, formatDateTime, formatNumber, formatThousands, percentOf } from './format';

describe('formatThousands', () => {
  it('keeps numbers up to 1000 as they are', () => {
    expect(formatThousands(0)).toBe('0');
    expect(formatThousands(999)).toBe('999');
    expect(formatThousands(1000)).toBe('1.000');
  });
  it('abbreviates with one decimal above 1000', () => {
    expect(formatThousands(1234)).toBe('1,2k');
    expect(formatThousands(1500)).toBe('1,5k');
  });
  it('rounds down to steps of 500 above 1500', () => {
    expect(formatThousands(1999)).toBe('1,5k');
    expect(formatThousands(2000)).toBe('2k');
    expect(formatThousands(2749)).toBe('2,5k');
    expect(formatThousands(120_400)).toBe('120k');
  });
});

describe('pt-BR formatters', () => {
  it('formats numbers with dot thousands and comma decimals', () => {
    expect(formatNumber(1234567.891, 2)).toBe('1.234.567,89');
    expect(formatNumber(undefined)).toBe('');
  });
  it('formats dates as DD/MM/YYYY', () => {
    expect(formatDate('2024-03-05T12:00:00')).toBe('05/03/2024');
    expect(formatDate(null)).toBe('');
  });
  it('shows a calendar day as it is and an instant on its day and hour in São Paulo, whatever the browser zone', () => {
    expect(formatDate('2026-03-05')).toBe('05/03/2026');
    // 01:30 UTC on 6 March is still 5 March, 22:30, in São Paulo (UTC−3).
    expect(formatDate('2026-03-06T01:30:00.000Z')).toBe('05/03/2026');
    expect(formatDateTime('2026-03-06T01:30:00.000Z')).toBe('05/03/2026 22:30');
    expect(formatDateTime('2026-03-05T15:04:00Z')).toBe('05/03/2026 12:04');
    expect(formatDateTime('not a date')).toBe('');
  });
  it('computes percentages with 2 decimals and 0 for NaN', () => {
    expect(percentOf(1, 3)).toBe(33.33);
    expect(percentOf(0, 0)).toBe(0);
  });
  it('masks a CNPJ', () => {
    expect(formatCnpj('33000167000101')).toBe('33.000.167/0001-01');
    expect(formatCnpj('123')).toBe('123');
  });
});
