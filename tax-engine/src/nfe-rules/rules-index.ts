/**
 * The index of every rule id of MOC 7.0 annex I and NT 2025.002 (reference-data/nfe-rules-index.tsv): one line per
 * (rule, document, rejection code) with the official message, effect and models. Pure: the caller reads the file.
 * The conformance table lists every rule of it, implemented or not (decision 072).
 */

export interface IndexLine {
  regra: string;
  /** moc70-anexo1, nt2025002, nt2025001, nt2024003 or nt2023002, as the compilation names the documents. */
  documento: string;
  codigo: string;
  efeito: string;
  modelos: string[];
  mensagem: string;
}

/** One rule id of the index with every document, code and message it carries. */
export interface IndexRule {
  regra: string;
  grupo: string;
  documentos: string[];
  codigos: string[];
  mensagens: string[];
  modelos: string[];
}

export const DOCUMENT_NAMES: Record<string, string> = {
  'moc70-anexo1': 'MOC 7.0 Anexo I',
  nt2025002: 'NT 2025.002 v1.40',
  nt2025001: 'NT 2025.001 v1.03',
  nt2024003: 'NT 2024.003 v1.10',
  nt2023002: 'NT 2023.002 v1.01',
};

export function parseRulesIndex(tsv: string): IndexLine[] {
  const lines = tsv.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'));
  const [header, ...rows] = lines;
  if (header !== 'regra\tdocumento\tcodigo\tefeito\tmodelos\tmensagem') throw new Error('cabeçalho inesperado');
  return rows.map((row) => {
    const [regra, documento, codigo, efeito, modelos, mensagem] = row.split('\t');
    if (!regra || !documento || !codigo || !efeito || !modelos || mensagem === undefined) throw new Error(row);
    return { regra, documento, codigo, efeito, modelos: modelos.split('/'), mensagem };
  });
}

/**
 * The part of the MOC the rule id belongs to. Ids of a layout field ("E12-30", "5E17-10", "UB13-10", "B25.1-20")
 * name its group by their letters (a leading digit is the validation stage: 1 taxpayer registry, 2 duplicity, 3 and 11
 * referenced documents, 5 recipient's registry, 7 registry data, 9 the GTIN registry). Ids without a sequence
 * ("A01", "D01a", "F03") are the checks of the message (certificate, schema, signature); "GAP03a-1" the batch's;
 * "1P06-10" the events'.
 */
export function layoutGroupOf(id: string): string {
  if (/^[A-F]\d+[a-z]?$/.test(id)) return 'Mensagem';
  if (id.startsWith('GAP')) return 'Lote';
  if (/^\dP\d/.test(id)) return 'Eventos';
  const m = /^\d*([A-Z]+)/.exec(id);
  if (!m) throw new Error(`id de regra inesperado: ${id}`);
  return m[1]!;
}

export const GROUP_ORDER = [
  'Mensagem',
  'Lote',
  'A',
  'B',
  'BA',
  'BB',
  'BC',
  'C',
  'D',
  'E',
  'F',
  'G',
  'GA',
  'H',
  'I',
  'J',
  'K',
  'L',
  'LA',
  'LB',
  'N',
  'NA',
  'O',
  'P',
  'Q',
  'R',
  'S',
  'T',
  'U',
  'UA',
  'UB',
  'VB',
  'VC',
  'W',
  'X',
  'Y',
  'YA',
  'YB',
  'ZA',
  'ZB',
  'ZC',
  'ZD',
  'ZF',
  'ZX',
  'Eventos',
];

export const compareIds = (a: string, b: string) => a.localeCompare(b, 'pt', { numeric: true });

/** The index by rule id, in layout order. */
export function indexRules(lines: readonly IndexLine[]): IndexRule[] {
  const byId = new Map<string, IndexRule>();
  for (const l of lines) {
    const r = byId.get(l.regra) ?? {
      regra: l.regra,
      grupo: layoutGroupOf(l.regra),
      documentos: [],
      codigos: [],
      mensagens: [],
      modelos: [],
    };
    const add = <T>(list: T[], v: T) => list.includes(v) || list.push(v);
    add(r.documentos, l.documento);
    if (!r.codigos.includes(l.codigo)) {
      r.codigos.push(l.codigo);
      r.mensagens.push(l.mensagem);
    }
    for (const m of l.modelos) add(r.modelos, m);
    byId.set(l.regra, r);
  }
  const rank = (g: string) => (GROUP_ORDER.includes(g) ? GROUP_ORDER.indexOf(g) : GROUP_ORDER.length);
  return [...byId.values()].sort((a, b) => rank(a.grupo) - rank(b.grupo) || compareIds(a.regra, b.regra));
}

/**
 * A message as compared with the index: without "Rejeição: ", the placeholders in brackets ("[nItem: 999]"), the
 * editorial notes in parentheses naming an NT ("(NT 2020.006)", "(redação dada pela NT 2013/005 v 1.20)"), case,
 * spaces and final punctuation.
 */
export function messageKey(m: string): string {
  return m
    .replace(/^Rejei[çc][ãa]o:\s*/i, '')
    .replace(/\[[^\]]*\]?/g, ' ')
    .replace(/\((?:NT|reda[çc][ãa]o)[^)]*\)/gi, ' ')
    .toLowerCase()
    .replace(/[.\s]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Rules of the book that the index (the public compilation, reference-data/nfe-rules-index.tsv) does not list, each
 * with the row that defines it: the conformance test accepts them outside the index and the table names them.
 */
export const BEYOND_INDEX: Readonly<Record<string, string>> = {
  'ZX02-324': 'NT 2025.001 v1.03, tabela do grupo ZX (QR-Code v3 off-line: tipo de identificação do destinatário)',
  'ZX02-326': 'NT 2025.001 v1.03, tabela do grupo ZX (QR-Code v3 off-line: identificação do destinatário)',
  'ZX02-328': 'NT 2025.001 v1.03, tabela do grupo ZX (QR-Code v3 off-line: destinatário do QR-Code e da nota)',
};
