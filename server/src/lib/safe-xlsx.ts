import type { AppError } from './app-error.js';
import { createXmlReader, type XmlHandlers } from './safe-xml.js';
import { inflateEntry, listZipEntries, refuseFile, type ZipEntry } from './safe-zip.js';

/**
 * Bounded reading of the first worksheet of an untrusted XLSX — the one way the server reads a
 * spreadsheet upload (product import, global-base import and any later one). Every limit is
 * checked while streaming, before memory grows: an 8 MB file whose shared strings inflate to
 * 279 MB once took the server past its heap cap (issue 15).
 */
export const XLSX_LIMITS = {
  /** Inflated bytes of the worksheet read (a 100k-product sheet is ≈ 30 MB). */
  maxSheetBytes: 200 * 1024 * 1024,
  /** Inflated bytes and entries of xl/sharedStrings.xml: these are kept in memory while the sheet is read. */
  maxSharedStringsBytes: 40 * 1024 * 1024,
  maxSharedStrings: 500_000,
  /** workbook.xml and its relationships. */
  maxSmallPartBytes: 2 * 1024 * 1024,
  maxRows: 300_000,
  maxColumns: 256,
  /** Excel's own limit for a cell. */
  maxCellChars: 32_767,
  maxDepth: 32,
};
export type XlsxLimits = typeof XLSX_LIMITS;

export interface SheetRow {
  /** Row number of the sheet (1-based). */
  line: number;
  cells: string[];
}

const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;

export async function* readXlsxRowsSafely(file: Buffer, limits: XlsxLimits = XLSX_LIMITS): AsyncGenerator<SheetRow> {
  const entries = listZipEntries(file);
  const xmlLimits = { maxDepth: limits.maxDepth, maxRun: limits.maxCellChars * 6 };
  const parts = await findParts(file, entries, limits, xmlLimits);
  const sheet = entries.get(parts.sheet) ?? entries.get('xl/worksheets/sheet1.xml');
  if (!sheet) throw refuseFile('A planilha não possui nenhuma aba com dados.');
  const strings = parts.sharedStrings ? await readSharedStrings(file, parts.sharedStrings, limits, xmlLimits) : [];

  const rows: SheetRow[] = [];
  const reader = createXmlReader(sheetHandlers(strings, limits, rows), xmlLimits);
  const tooBig = () => refuseFile(`A aba da planilha excede ${mb(limits.maxSheetBytes)} descompactada.`);
  for await (const chunk of inflateEntry(file, sheet, limits.maxSheetBytes, tooBig)) {
    reader.write(chunk);
    if (rows.length) yield* rows.splice(0);
  }
  reader.end();
  if (rows.length) yield* rows.splice(0);
}

/** The first sheet (workbook order) and the shared strings part, through the workbook's relationships. */
async function findParts(
  file: Buffer,
  entries: Map<string, ZipEntry>,
  limits: XlsxLimits,
  xmlLimits: { maxDepth: number; maxRun: number },
) {
  let firstSheetRel: string | undefined;
  const rels = new Map<string, { target: string; type: string }>();
  await readPart(file, entries.get('xl/workbook.xml'), limits.maxSmallPartBytes, xmlLimits, {
    open: (name, attrs) => {
      if (name === 'sheet' && firstSheetRel === undefined) firstSheetRel = attrs['r:id'] ?? '';
    },
  });
  await readPart(file, entries.get('xl/_rels/workbook.xml.rels'), limits.maxSmallPartBytes, xmlLimits, {
    open: (name, attrs) => {
      if (name === 'Relationship' && attrs.Id)
        rels.set(attrs.Id, { target: attrs.Target ?? '', type: attrs.Type ?? '' });
    },
  });
  const resolve = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`);
  const sheetTarget = firstSheetRel ? rels.get(firstSheetRel)?.target : undefined;
  const stringsRel = [...rels.values()].find((r) => r.type.endsWith('/sharedStrings'));
  const stringsName = stringsRel ? resolve(stringsRel.target) : 'xl/sharedStrings.xml';
  return {
    sheet: sheetTarget ? resolve(sheetTarget) : 'xl/worksheets/sheet1.xml',
    sharedStrings: entries.get(stringsName),
  };
}

async function readPart(
  file: Buffer,
  entry: ZipEntry | undefined,
  maxBytes: number,
  xmlLimits: { maxDepth: number; maxRun: number },
  handlers: Partial<XmlHandlers>,
): Promise<void> {
  if (!entry) return;
  const reader = createXmlReader(
    { open: handlers.open ?? noop, close: handlers.close ?? noop, text: handlers.text ?? noop },
    xmlLimits,
  );
  const tooBig = () => refuseFile(`A parte ${entry.name} da planilha excede ${mb(maxBytes)} descompactada.`);
  for await (const chunk of inflateEntry(file, entry, maxBytes, tooBig)) reader.write(chunk);
  reader.end();
}

const noop = () => undefined;

async function readSharedStrings(
  file: Buffer,
  entry: ZipEntry,
  limits: XlsxLimits,
  xmlLimits: { maxDepth: number; maxRun: number },
): Promise<string[]> {
  const strings: string[] = [];
  let current: string | null = null;
  let inText = false;
  let inPhonetic = false;
  await readPart(file, entry, limits.maxSharedStringsBytes, xmlLimits, {
    open: (name) => {
      if (name === 'si') {
        if (strings.length >= limits.maxSharedStrings) {
          throw refuseFile(
            `A planilha tem mais de ${limits.maxSharedStrings.toLocaleString('pt-BR')} textos compartilhados.`,
          );
        }
        current = '';
      } else if (name === 'rPh') inPhonetic = true;
      else if (name === 't') inText = true;
    },
    close: (name) => {
      if (name === 'si') {
        strings.push(current ?? '');
        current = null;
      } else if (name === 'rPh') inPhonetic = false;
      else if (name === 't') inText = false;
    },
    text: (text) => {
      if (current === null || !inText || inPhonetic) return;
      current += text;
      if (current.length > limits.maxCellChars) throw cellTooLong(limits);
    },
  });
  return strings;
}

function cellTooLong(limits: XlsxLimits): AppError {
  return refuseFile(`A planilha tem uma célula com mais de ${limits.maxCellChars.toLocaleString('pt-BR')} caracteres.`);
}

/** Column number (1-based) of a reference like "AB12"; 0 when absent. */
function columnOf(ref: string | undefined): number {
  if (!ref) return 0;
  let col = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    col = col * 26 + (c - 64);
    if (col > 1_000_000) break;
  }
  return col;
}

function sheetHandlers(strings: string[], limits: XlsxLimits, out: SheetRow[]): XmlHandlers {
  let rowCount = 0;
  let lastRow = 0;
  let cells: string[] | null = null;
  let col = 0;
  let type = 'n';
  let value: string | null = null;
  let inValue = false;
  let inInline = false;
  return {
    open: (name, attrs) => {
      if (name === 'row') {
        if (++rowCount > limits.maxRows) {
          throw refuseFile(`A planilha tem mais de ${limits.maxRows.toLocaleString('pt-BR')} linhas.`);
        }
        lastRow = Number(attrs.r) > 0 ? Number(attrs.r) : lastRow + 1;
        cells = [];
        col = 0;
      } else if (name === 'c' && cells) {
        col = columnOf(attrs.r) || col + 1;
        if (col > limits.maxColumns) {
          throw refuseFile(`A planilha tem uma linha com mais de ${limits.maxColumns} colunas.`);
        }
        type = attrs.t ?? 'n';
        value = null;
      } else if (name === 'v') inValue = true;
      else if (name === 'is') inInline = true;
    },
    text: (text) => {
      if (!inValue && !inInline) return;
      value = (value ?? '') + text;
      if (value.length > limits.maxCellChars) throw cellTooLong(limits);
    },
    close: (name) => {
      if (name === 'v') inValue = false;
      else if (name === 'is') inInline = false;
      else if (name === 'c' && cells) {
        while (cells.length < col - 1) cells.push('');
        cells[col - 1] = cellText(type, value, strings);
      } else if (name === 'row' && cells) {
        out.push({ line: lastRow, cells });
        cells = null;
      }
    },
  };
}

/** The cell as text, the way the import reads it (numbers without exponent or trailing zeros). */
function cellText(type: string, raw: string | null, strings: string[]): string {
  if (raw === null) return '';
  switch (type) {
    case 's':
      return strings[Number(raw)] ?? '';
    case 'inlineStr':
    case 'str':
      return raw;
    case 'b':
      return raw.trim() === '1' ? 'VERDADEIRO' : 'FALSO';
    case 'e':
      return '';
    default: {
      const n = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(n)) return raw;
      return Number.isInteger(n) ? n.toFixed(0) : String(n);
    }
  }
}
