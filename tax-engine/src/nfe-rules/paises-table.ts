/**
 * The BACEN country table as reference-data/paises-bacen.csv keeps it (codigo;nome;fonte: the Portal da NF-e's
 * "Tabela de Países" and BACEN codes of a second public copy, sources in reference-data/README.md): the codes the
 * rules E14-04, F11-10, G11-10 and U15-10 read, as numbers — "o Código do País pode conter zeros não significativos".
 * Pure: the caller reads the file.
 */
export function parsePaises(text: string): Set<number> {
  const lines = text.split(/\r?\n/).filter((l) => l !== '');
  if (lines[0] !== 'codigo;nome;fonte') throw new Error('paises-bacen.csv: cabeçalho inesperado');
  const out = new Set<number>();
  for (let i = 1; i < lines.length; i++) {
    const code = lines[i]!.split(';')[0]!;
    if (!/^\d{1,4}$/.test(code)) throw new Error(`paises-bacen.csv: linha ${i + 1} malformada`);
    out.add(Number(code));
  }
  return out;
}
