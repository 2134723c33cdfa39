import { tableCodes } from './table-codes.js';

/**
 * The IBGE table of municípios (Divisão Territorial Brasileira) as reference-data/ibge-municipios.csv keeps it
 * (código;uf;nome, source and date in reference-data/README.md): the codes the rules of "Tabela Municípios IBGE" read
 * (B12-10, C10-10, E10-10, F07-20, G07-20, U05-10, U14-10, X17-10). Pure: the caller reads the file.
 */
export const parseMunicipios = (text: string): Set<string> =>
  new Set(tableCodes(text, 'ibge-municipios.csv', 'codigo;uf;nome', /^\d{7}$/));
