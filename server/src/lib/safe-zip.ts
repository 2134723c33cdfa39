import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { AppError } from './app-error.js';

/**
 * A ZIP reader for untrusted uploads (XLSX). It trusts nothing the archive declares: the central
 * directory is only used to find entries, and every entry is inflated as a stream whose real output
 * is counted and cut at a limit, so a zip bomb costs at most `maxBytes` of CPU and never memory.
 */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  localHeaderOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
/** An XLSX has a dozen parts; thousands of entries only serve to exhaust the reader. */
const MAX_ENTRIES = 2000;

export function refuseFile(message: string): AppError {
  return new AppError('UPLOAD_REFUSED', message);
}

const corrupt = () => new AppError('IMPORT_XLSX_INVALID');

/** Lists the entries of a ZIP held in memory (uploads are already capped at 10 MB). */
export function listZipEntries(buf: Buffer): Map<string, ZipEntry> {
  // The end-of-central-directory record sits in the last 22 bytes + an optional comment (≤ 65535).
  const from = Math.max(0, buf.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = buf.length - 22; i >= from; i--) {
    if (buf.readUInt32LE(i) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw corrupt();
  const count = buf.readUInt16LE(eocd + 10);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff) throw refuseFile('Planilhas no formato ZIP64 não são aceitas.');
  if (count > MAX_ENTRIES)
    throw refuseFile(
      `A planilha tem partes demais (${count.toLocaleString('pt-BR')}); o limite é ${MAX_ENTRIES.toLocaleString('pt-BR')}.`,
    );
  const entries = new Map<string, ZipEntry>();
  let p = cdOffset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== CENTRAL_SIGNATURE) throw corrupt();
    const nameLength = buf.readUInt16LE(p + 28);
    const extraLength = buf.readUInt16LE(p + 30);
    const commentLength = buf.readUInt16LE(p + 32);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLength);
    entries.set(name, {
      name,
      method: buf.readUInt16LE(p + 10),
      compressedSize: buf.readUInt32LE(p + 20),
      localHeaderOffset: buf.readUInt32LE(p + 42),
    });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * The entry's uncompressed bytes as a stream of chunks, refused with `tooBig` once more than
 * `maxBytes` came out (whatever the archive claimed).
 */
export async function* inflateEntry(
  buf: Buffer,
  entry: ZipEntry,
  maxBytes: number,
  tooBig: () => AppError,
): AsyncGenerator<Buffer> {
  const at = entry.localHeaderOffset;
  if (at + 30 > buf.length || buf.readUInt32LE(at) !== LOCAL_SIGNATURE) throw corrupt();
  const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
  const end = start + entry.compressedSize;
  if (end > buf.length) throw corrupt();
  const data = buf.subarray(start, end);
  if (entry.method === 0) {
    if (data.length > maxBytes) throw tooBig();
    yield data;
    return;
  }
  if (entry.method !== 8) throw refuseFile('A planilha usa uma compressão não suportada.');
  const inflate = createInflateRaw();
  Readable.from([data]).pipe(inflate);
  let total = 0;
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > maxBytes) throw tooBig();
      yield chunk;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw corrupt();
  } finally {
    inflate.destroy();
  }
}

/** Reads a whole stream into memory, refusing it past `maxBytes`. */
export async function readAllBounded(
  chunks: AsyncIterable<Uint8Array>,
  maxBytes: number,
  tooBig: () => AppError,
): Promise<Buffer> {
  const parts: Buffer[] = [];
  let total = 0;
  for await (const chunk of chunks) {
    total += chunk.length;
    if (total > maxBytes) throw tooBig();
    parts.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length));
  }
  return Buffer.concat(parts, total);
}
