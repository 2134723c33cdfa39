/**
 * The Portal Nacional da NF-e's CFOP table with the indicators its rules consult (MOC 7.0 annex I: I08-04 indNFe,
 * N12-70 indRetor/indRemes), read from reference-data/cfop-indicadores.tsv (source in its first lines). Pure: the
 * caller reads the file.
 */
export interface CfopIndicators {
  inicio: string;
  fim: string | null;
  indNFe: boolean;
  indComunica: boolean;
  indTransp: boolean;
  indDevol: boolean;
  indRetor: boolean;
  indAnula: boolean;
  indRemes: boolean;
  /** 0, 1 (the comb group) or 2 (comb and the carrier). */
  indComb: number;
  indExcIBSCBS: boolean;
}

const COLUMNS = [
  'CFOP',
  'dIniVig',
  'dFimVig',
  'indNFe',
  'indComunica',
  'indTransp',
  'indDevol',
  'indRetor',
  'indAnula',
  'indRemes',
  'indComb',
  'indExcIBSCBS',
];

/** Parses the TSV; a header that is not the table's, or a malformed row, throws naming the line. */
export function parseCfopTable(text: string): Map<string, CfopIndicators> {
  const lines = text.split(/\r?\n/).filter((l) => l !== '' && !l.startsWith('#'));
  if (lines[0] !== COLUMNS.join('\t')) throw new Error('cfop-indicadores.tsv: cabeçalho inesperado');
  const out = new Map<string, CfopIndicators>();
  lines.slice(1).forEach((line, i) => {
    const c = line.split('\t');
    if (c.length !== COLUMNS.length || !/^\d{4}$/.test(c[0]!) || !/^\d{4}-\d{2}-\d{2}$/.test(c[1]!))
      throw new Error(`cfop-indicadores.tsv: linha ${i + 2} malformada`);
    const flag = (k: number) => c[k] === '1';
    out.set(c[0]!, {
      inicio: c[1]!,
      fim: c[2] || null,
      indNFe: flag(3),
      indComunica: flag(4),
      indTransp: flag(5),
      indDevol: flag(6),
      indRetor: flag(7),
      indAnula: flag(8),
      indRemes: flag(9),
      indComb: Number(c[10]),
      indExcIBSCBS: flag(11),
    });
  });
  return out;
}
