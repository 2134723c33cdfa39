import { describe, expect, it } from 'vitest';
import { formatAgreementPeriod } from './agreement-period';

describe('formatAgreementPeriod', () => {
  it('words an open validity "desde" and a closed one "de … a …", dates as dd/mm/aaaa', () => {
    expect(formatAgreementPeriod({ vigenciaInicio: '2024-01-01', vigenciaFim: null })).toBe('desde 01/01/2024');
    expect(formatAgreementPeriod({ vigenciaInicio: '2024-01-01', vigenciaFim: '2025-12-31' })).toBe(
      'de 01/01/2024 a 31/12/2025',
    );
  });
});
