/**
 * The first column of a reference-data CSV of codes (';'-separated, one header line), each code checked against the
 * table's shape: a malformed file stops the loading instead of leaving a code out (a missing code would reject valid
 * documents). Pure: the caller reads the file.
 */
export function tableCodes(text: string, file: string, header: string, shape: RegExp): string[] {
  const lines = text.split(/\r?\n/).filter((l) => l !== '');
  if (lines[0] !== header) throw new Error(`${file}: cabeçalho inesperado`);
  const out: string[] = [];
  for (let i = 1; i < lines.length; i++) {
    const code = lines[i]!.split(';')[0]!;
    if (!shape.test(code)) throw new Error(`${file}: linha ${i + 1} malformada`);
    out.push(code);
  }
  return out;
}
