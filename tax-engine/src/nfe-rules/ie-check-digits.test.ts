import { describe, expect, it } from 'vitest';
import { IE_UFS, isValidIe } from './ie-check-digits.js';

/*
 * The worked example of each UF's "Roteiro de crítica da inscrição estadual" (SINTEGRA, Conferência de Inscrições
 * Estaduais, www.sintegra.gov.br/Cad_Estados/cad_<UF>.html), and the same number with its last digit changed.
 * MS's page gives the formula without a number: its example is worked here by the page's formula.
 */
const examples: [uf: string, ie: string, note: string][] = [
  ['AC', '0100482300112', '01.004.823/001-12'],
  ['AL', '240000048', '24000004-8'],
  ['AP', '030123459', '03.012.345-9 (faixa 03000001 a 03017000: p = 5, d = 0)'],
  ['AM', '999999990', '99.999.999-0'],
  ['BA', '12345663', '123456-63 (8 dígitos, módulo 10)'],
  ['BA', '61234557', '612345-57 (8 dígitos, módulo 11)'],
  ['BA', '123456748', '1234567-48 (9 dígitos, módulo 10; sefaz.ba.gov.br)'],
  ['BA', '162345651', '1623456-51 (9 dígitos, módulo 11; sefaz.ba.gov.br)'],
  ['CE', '060000015', '06000001-5'],
  ['DF', '0730000100109', '07.300001.001-09'],
  ['ES', '999999990', '99999999-0'],
  ['GO', '109876547', '10.987.654-7'],
  ['MA', '120000385', '12000038-5'],
  ['MT', '00130000019', '0013000001-9'],
  // 28.31.1594-?: 2×9 + 8×8 + 3×7 + 1×6 + 1×5 + 5×4 + 9×3 + 4×2 = 169; 169 mod 11 = 4; 11 − 4 = 7
  ['MS', '283115947', 'calculado pela fórmula da página (A = 169, R = 4, D = 7)'],
  ['MG', '0623079040081', '062.307.904/0081'],
  ['PA', '159999995', '15-999999-5'],
  ['PB', '060000015', '06000001-5'],
  ['PR', '1234567850', '123.45678-50 (fazenda.pr.gov.br)'],
  ['PE', '032141840', '0321418-40 (eFisco)'],
  ['PE', '18100100000049', '18.1.001.0000004-9 (número anterior ao eFisco)'],
  ['PI', '193016567', '19.301.656-7'],
  ['RJ', '99999993', '99.999.99-3'],
  ['RN', '200400401', '20.040.040-1'],
  ['RN', '2000400400', '20.0.040.040-0 (10 dígitos)'],
  ['RS', '2243658792', '224/3658792'],
  ['RO', '00000000625213', '0000000062521-3'],
  ['RO', '101625213', '101.62521-3 (fórmula anterior a 01/08/2000)'],
  ['RR', '240066281', '24006628-1'],
  ['SC', '251040852', '251.040.852'],
  ['SP', '110042490114', '110.042.490.114'],
  ['SE', '271234563', '27123456-3'],
  ['TO', '29010227836', '29 01 022783 6 (11 dígitos)'],
  ['TO', '290227836', '29.022.783-6 (9 dígitos)'],
];

const lastChanged = (ie: string) => ie.slice(0, -1) + String((Number(ie.at(-1)) + 1) % 10);

describe('IE check digits per UF (SINTEGRA, Roteiro de crítica da inscrição estadual)', () => {
  it('has a routine and an example for each of the 27 UFs', () => {
    expect(IE_UFS).toHaveLength(27);
    expect(new Set(examples.map(([uf]) => uf))).toEqual(new Set(IE_UFS));
  });

  it.each(examples)('%s %s (%s): valid; the last digit changed is not', (uf, ie) => {
    expect(isValidIe(ie, uf)).toBe(true);
    expect(isValidIe(lastChanged(ie), uf)).toBe(false);
  });

  it('a valid number of one UF is checked by the routine of the UF given', () => {
    expect(isValidIe('110042490114', 'SP')).toBe(true);
    expect(isValidIe('110042490114', 'RJ')).toBe(false);
  });

  it('non-significant leading zeros are disregarded (MOC 7.0 annex I, note *2 to C17-20 and E17-50)', () => {
    expect(isValidIe('0060000015', 'CE')).toBe(true);
    expect(isValidIe('130000019', 'MT')).toBe(true);
    expect(isValidIe('000000000', 'SC')).toBe(false);
    expect(isValidIe('1100424901140', 'SP')).toBe(false);
  });

  it('does not apply to ISENTO or to a UF outside Brazil', () => {
    expect(isValidIe('ISENTO', 'SP')).toBeUndefined();
    expect(isValidIe('123', 'EX')).toBeUndefined();
  });
});
