import { tableCodes } from './table-codes.js';

/**
 * The BACEN country table as reference-data/paises-bacen.csv keeps it (codigo;nome;fonte: the Portal da NF-e's
 * "Tabela de Países" and BACEN codes of a second public copy, sources in reference-data/README.md): the codes the
 * rules E14-04, F11-10, G11-10 and U15-10 read, as numbers — "o Código do País pode conter zeros não significativos".
 * Pure: the caller reads the file.
 */
export const parsePaises = (text: string): Set<number> =>
  new Set(tableCodes(text, 'paises-bacen.csv', 'codigo;nome;fonte', /^\d{1,4}$/).map(Number));
