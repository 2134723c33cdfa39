import { describe, expect, it } from 'vitest';
import { displayValue } from './display-value';

describe('displayValue', () => {
  it('masks a CNPJ field and an access key, leaves amounts and other codes as written', () => {
    expect(displayValue('emit/CNPJ', '11222333000181')).toBe('11.222.333/0001-81');
    expect(displayValue('infNFe/@Id', '35260111222333000181550010000000011000000019')).toBe(
      '3526 0111 2223 3300 0181 5500 1000 0000 0110 0000 0019',
    );
    expect(displayValue('ICMSTot/vNF', '180.00')).toBe('180.00');
    expect(displayValue('emit/CNPJ', '123')).toBe('123');
    expect(displayValue('prod/NCM', '22030000')).toBe('22030000');
  });
});
