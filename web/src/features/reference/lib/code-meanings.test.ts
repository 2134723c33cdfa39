import { describe, expect, it } from 'vitest';
import { buildCodeMeaningIndex, describeCode, findCodeMeaning } from './code-meanings';

const index = buildCodeMeaningIndex({
  csts: [
    { type: 'ICMS', code: '60', name: 'Cobrado anteriormente por substituição tributária', direction: 'all' },
    { type: 'CSOSN', code: '500', name: 'ICMS cobrado anteriormente por ST', direction: 'all' },
    { type: 'PIS', code: '04', name: 'Operação Tributável Monofásica - Revenda a Alíquota Zero', direction: 'out' },
    { type: 'COFINS', code: '06', name: 'Operação Tributável a Alíquota Zero', direction: 'out' },
  ],
  cfops: [{ code: '5405', name: 'Venda de mercadoria com ST (substituído)', direction: 'out', kind: 'sale' }],
  enquadramentos: [{ code: '999', group: 'outros', description: 'Tributação normal IPI', cstIn: null, cstOut: null }],
  cbenefs: [{ code: 'SP010010', uf: 'SP', csts: ['30', '40'], description: 'Isenção - Adjudicação pelo Estado' }],
});

describe('code meanings', () => {
  it('names a code of the right table only', () => {
    expect(findCodeMeaning(index, 'ICMS', '60')).toBe('Cobrado anteriormente por substituição tributária');
    expect(findCodeMeaning(index, 'PIS', '06')).toBeNull();
    expect(findCodeMeaning(index, 'COFINS', '06')).toBe('Operação Tributável a Alíquota Zero');
  });

  it('reads a CST ICMS with its origin digit and a three-digit PIS CST', () => {
    expect(findCodeMeaning(index, 'ICMS', '060')).toBe('Cobrado anteriormente por substituição tributária');
    expect(findCodeMeaning(index, 'PIS', '004')).toBe('Operação Tributável Monofásica - Revenda a Alíquota Zero');
    // CSOSN codes are three digits of their own: "500" is not "00".
    expect(findCodeMeaning(index, 'CSOSN', '050')).toBeNull();
  });

  it('shows code and meaning, the bare code when none is official, nothing when empty', () => {
    expect(describeCode(index, 'CFOP', '5405', '5.405')).toBe('5.405 - Venda de mercadoria com ST (substituído)');
    expect(describeCode(index, 'ENQ', '999')).toBe('999 - Tributação normal IPI');
    expect(describeCode(index, 'ENQ', '123')).toBe('123');
    expect(describeCode(index, 'ICMS', null)).toBe('');
  });

  it('names a cBenef of the loaded UF, typed in any case', () => {
    expect(findCodeMeaning(index, 'CBENEF', 'sp010010')).toBe('Isenção - Adjudicação pelo Estado');
    expect(findCodeMeaning(index, 'CBENEF', 'SP010011')).toBeNull();
  });
});
