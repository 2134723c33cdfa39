import { describe, expect, it } from 'vitest';
import { normalizeCestPrefix, parseCestFile } from './loaders/cest.js';
import { cleanNcmDescription, parseNcmFile } from './loaders/ncm.js';
import { parseBrDate } from './loaders/reference-files.js';
import { formatNcm, normalizeSearchText } from './reference.service.js';

describe('reference file parsing', () => {
  it('cleans an NCM level description', () => {
    expect(cleanNcmDescription('-- Reprodutores de raça pura')).toBe('Reprodutores de raça pura');
    expect(cleanNcmDescription('- De aves da espécie <i>Gallus domesticus</i>:')).toBe(
      'De aves da espécie Gallus domesticus',
    );
    expect(cleanNcmDescription('Animais vivos.')).toBe('Animais vivos');
  });

  it('reads Siscomex dates, 31/12/9999 meaning no end', () => {
    expect(parseBrDate('01/04/2022')).toBe('2022-04-01');
    expect(parseBrDate('31/12/9999')).toBeNull();
    expect(parseBrDate('')).toBeNull();
  });

  it('links each NCM to its longest existing prefix and joins descriptions from the heading', () => {
    const file = {
      Data_Ultima_Atualizacao_NCM: 'Vigente em 01/01/2027',
      Ato: 'Res X',
      Nomenclaturas: [
        { Codigo: '02', Descricao: 'Carnes.', Data_Inicio: '01/04/2022', Data_Fim: '31/12/9999' },
        { Codigo: '0205.00.00', Descricao: 'Carnes de cavalo.', Data_Inicio: '01/04/2022', Data_Fim: '31/12/9999' },
        { Codigo: '02.06', Descricao: 'Miudezas.', Data_Inicio: '01/04/2022', Data_Fim: '31/12/9999' },
        { Codigo: '0206.29', Descricao: '-- Outras', Data_Inicio: '01/04/2022', Data_Fim: '31/12/9999' },
        { Codigo: '0206.29.10', Descricao: 'Rabos', Data_Inicio: '01/04/2022', Data_Fim: '30/09/2026' },
      ],
    };
    const { rows, asOf } = parseNcmFile(JSON.stringify(file));
    expect(asOf).toBe('Vigente em 01/01/2027, Res X');
    const byCode = Object.fromEntries(rows.map((r) => [r.code, r]));
    expect(byCode['02050000']).toMatchObject({ parent_code: '02', full_description: 'Carnes de cavalo' });
    expect(byCode['02062910']).toMatchObject({
      parent_code: '020629',
      full_description: 'Miudezas - Outras - Rabos',
      end_date: '2026-09-30',
    });
    expect(rows.map((r) => r.level)).toEqual([2, 4, 6, 8, 8]); // parents before children
  });

  it('normalizes CEST NCM prefixes', () => {
    expect(normalizeCestPrefix('403')).toBe('0403');
    expect(normalizeCestPrefix('21011')).toBe('21011');
    expect(normalizeCestPrefix('\u00a0')).toBeNull();
    const { rows } = parseCestFile(
      '"id","item","code","segment","name","ncms"\n"x","21.0","17.021.00","16","Iogurte","403,\u00a0,0403"\n',
    );
    expect(rows[0]).toEqual({
      code: '1702100',
      segment: '17',
      item: '21.0',
      description: 'Iogurte',
      ncm_prefixes: ['0403'],
    });
  });

  it('normalizes search text and formats NCM codes', () => {
    expect(normalizeSearchText('  AÇÚCAR  de 100%_cana ')).toBe('acucar de 100 cana');
    expect(formatNcm('01012100')).toBe('0101.21.00');
    expect(formatNcm('0101')).toBe('0101');
  });
});
