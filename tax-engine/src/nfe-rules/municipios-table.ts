/**
 * The IBGE table of municípios (Divisão Territorial Brasileira) as reference-data/ibge-municipios.csv keeps it
 * (código;uf;nome, source and date in reference-data/README.md): the codes the rules of "Tabela Municípios IBGE" read
 * (B12-10, C10-10, E10-10, F07-20, G07-20, U05-10, U14-10, X17-10). Pure: the caller reads the file.
 */
export function parseMunicipios(text: string): Set<string> {
  const lines = text.split(/\r?\n/).filter((l) => l !== '');
  if (lines[0] !== 'codigo;uf;nome') throw new Error('ibge-municipios.csv: cabeçalho inesperado');
  const out = new Set<string>();
  for (let i = 1; i < lines.length; i++) {
    const code = lines[i]!.split(';')[0]!;
    if (!/^\d{7}$/.test(code)) throw new Error(`ibge-municipios.csv: linha ${i + 1} malformada`);
    out.add(code);
  }
  return out;
}
