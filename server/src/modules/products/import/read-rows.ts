import { pipeline, Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { AppError } from '../../../lib/app-error.js';
import { readXlsxRowsSafely } from '../../../lib/safe-xlsx.js';
import { readAllBounded } from '../../../lib/safe-zip.js';
import { ImportTextDecoder } from './decode-text.js';

export interface SourceRow {
  /** 1-based line of the CSV (where the record ends) or row number of the sheet. */
  line: number;
  cells: string[];
}

export type FileKind = 'csv' | 'xlsx';

/** The multipart limit already stops larger uploads; this bound keeps the reader safe on its own. */
const MAX_XLSX_UPLOAD_BYTES = 10 * 1024 * 1024 + 1;

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

/**
 * First worksheet of an XLSX. The upload (≤ 10 MB) is held whole because a ZIP's directory is at its
 * end; what it inflates to is bounded by the shared reader (lib/safe-xlsx.ts), never trusted.
 */
export async function* readXlsxRows(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<SourceRow> {
  const file = await readAllBounded(bytes, MAX_XLSX_UPLOAD_BYTES, () => new AppError('IMPORT_FILE_TOO_LARGE'));
  yield* readXlsxRowsSafely(file);
}
