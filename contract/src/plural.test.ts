import { describe, expect, it } from 'vitest';
import { countOf } from './plural';

describe('countOf', () => {
  it('uses the singular for one only, the plural for zero and more, and pt-BR thousands', () => {
    expect(countOf(1, 'produto verificado', 'produtos verificados')).toBe('1 produto verificado');
    expect(countOf(0, 'produto', 'produtos')).toBe('0 produtos');
    expect(countOf(12345, 'alterado', 'alterados')).toBe('12.345 alterados');
  });
});
