import { describe, expect, it } from 'vitest';
import {
  formatCest,
  formatCfop,
  formatChave,
  formatDecimal,
  formatNcm,
  isLineFile,
  maskCodesInText,
  maskDigits,
  maskNcm,
  percentToInput,
  unmaskNcm,
} from './fiscal-masks';

describe('fiscal masks', () => {
  it('masks NCM as ####.##.## and sends it without dots', () => {
    expect(maskNcm('2203')).toBe('2203');
    expect(maskNcm('220300')).toBe('2203.00');
    expect(maskNcm('22030000')).toBe('2203.00.00');
    expect(maskNcm('2203.00.00999')).toBe('2203.00.00');
    expect(maskNcm('22a03')).toBe('2203');
    expect(unmaskNcm('2203.00.00')).toBe('22030000');
    expect(formatNcm('84713012')).toBe('8471.30.12');
    expect(formatNcm(null)).toBe('');
  });

  it('keeps only the allowed number of digits', () => {
    expect(maskDigits('03.021.00', 7)).toBe('0302100');
    expect(maskDigits('12345678901', 9)).toBe('123456789');
    expect(maskDigits('0601', 3)).toBe('060');
  });

  it('brings a stored percentage back into its input in pt-BR, never cut to the mask', () => {
    expect(percentToInput('140.5500')).toBe('140,55');
    expect(percentToInput(7.6)).toBe('7,60');
    expect(percentToInput('18.00')).toBe('18,00');
    expect(percentToInput('300')).toBe('300,00');
    expect(percentToInput(null)).toBe('');
  });

  it('formats numbers with 2 decimals in pt-BR', () => {
    expect(formatDecimal(3220)).toBe('3.220,00');
    expect(formatDecimal('219.6')).toBe('219,60');
    expect(formatDecimal(null)).toBe('');
    expect(formatDecimal('abc')).toBe('');
    expect(formatDecimal('1234.565')).toBe('1.234,57');
    expect(formatDecimal(-12.5)).toBe('-12,50');
    expect(formatDecimal('-0.001')).toBe('0,00');
  });

  it('shows CEST as 00.000.00 and CFOP as 0.000', () => {
    expect(formatCest('0300700')).toBe('03.007.00');
    expect(formatCest(null)).toBe('');
    expect(formatCest('123')).toBe('123');
    expect(formatCfop('5405')).toBe('5.405');
    expect(formatCfop(undefined)).toBe('');
  });

  it('masks the codes inside a server sentence and leaves other numbers alone', () => {
    expect(maskCodesInText('CEST 1701100 × NCM 17049090')).toBe('CEST 17.011.00 × NCM 1704.90.90');
    expect(maskCodesInText('CST 60 × CFOP 5102')).toBe('CST 60 × CFOP 5.102');
    expect(maskCodesInText('GTIN 07891234567895')).toBe('GTIN 7891234567895');
    expect(maskCodesInText('cBenef SP010010 (UF SP, CST 40)')).toBe('cBenef SP010010 (UF SP, CST 40)');
    expect(maskCodesInText(null)).toBe('');
    // Issue 38: CNPJs and access keys formatted where a sentence carries them.
    expect(maskCodesInText('O arquivo EFD é do CNPJ 11222333000181, não da empresa')).toBe(
      'O arquivo EFD é do CNPJ 11.222.333/0001-81, não da empresa',
    );
    expect(maskCodesInText(`NF-e ${'3526'.repeat(11)} recusada`)).toBe(
      `NF-e ${Array(11).fill('3526').join(' ')} recusada`,
    );
    expect(formatChave('123')).toBe('123');
    expect(isLineFile('efd-marco.TXT')).toBe(true);
    expect(isLineFile('nota-201.xml')).toBe(false);
  });
});
