import { describe, expect, it } from 'vitest';
import { cestMismatchMessage, ncmNotFoundMessage, ncmNotInForceMessage } from './ncm-messages';

describe('reference field messages', () => {
  it('words the NCM and CEST problems as the server does', () => {
    expect(ncmNotFoundMessage('01019999')).toBe('NCM 0101.99.99 não encontrado na tabela oficial.');
    expect(ncmNotInForceMessage({ code: '39139050', date: '2026-10-01' })).toBe(
      'NCM 3913.90.50 não está vigente em 01/10/2026.',
    );
    expect(cestMismatchMessage('0100100', '04031000')).toBe('O CEST 0100100 não corresponde ao NCM 0403.10.00.');
  });
});
