import { pipeline, Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { AppError } from '../../../lib/app-error.js';
import { ImportTextDecoder } from './decode-text.js';

export interface SourceRow {
  /** 1-based line of the CSV (where the record ends) or row number of the sheet. */
  line: number;
  cells: string[];
}

export type FileKind = 'csv' | 'xlsx';

/** ZIP signature (XLSX) vs. the OLE2 signature of the old binary .xls. */
export function detectKind(head: Uint8Array): FileKind {
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) return 'xlsx';
  if (head[0] === 0xd0 && head[1] === 0xcf && head[2] === 0x11 && head[3] === 0xe0) {
    throw new AppError('IMPORT_XLS_UNSUPPORTED');
  }
  return 'csv';
}

async function* decodeAll(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new ImportTextDecoder();
  for await (const chunk of bytes) {
    const text = decoder.decode(chunk);
    if (text) yield text;
  }
  const tail = decoder.end();
  if (tail) yield tail;
}

/** Semicolon CSV, streamed: quoted fields may hold ';' and line breaks; CRLF or LF. */
export async function* readCsvRows(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<SourceRow> {
  const parser = parse({
    delimiter: ';',
    bom: true,
    info: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
  });
  // pipeline destroys the parser with any decoding error (encoding, binary, size), which the loop
  // below then throws; stopping the loop early destroys the source in turn.
  pipeline(Readable.from(decodeAll(bytes), { objectMode: false }), parser, () => {});
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      yield { line: info.lines, cells: record };
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code ?? '';
    if (code.startsWith('CSV_')) {
      throw new AppError('IMPORT_MALFORMED_CSV', `O arquivo CSV está mal formado: ${describeCsvError(err)}`);
    }
    throw err;
  }
}

function describeCsvError(err: unknown): string {
  const e = err as { code?: string; lines?: number };
  const where = e.lines ? ` (linha ${e.lines})` : '';
  if (e.code === 'CSV_QUOTE_NOT_CLOSED') return `aspas não fechadas${where}.`;
  return `conteúdo inválido${where}.`;
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === 'boolean') return value ? 'VERDADEIRO' : 'FALSO';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
  }
  return String(value);
}

/** First worksheet of an XLSX, streamed by exceljs (shared strings cached, styles ignored). */
export async function* readXlsxRows(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<SourceRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(bytes), {
    sharedStrings: 'cache',
    worksheets: 'emit',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'emit',
  });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as ExcelJS.CellValue[];
        // row.values is 1-based.
        yield { line: row.number, cells: Array.from(values.slice(1), cellText) };
      }
      return;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('IMPORT_XLSX_INVALID');
  }
}
