import type { Readable } from 'node:stream';
import { AppError } from './app-error.js';

/** A multipart file as @fastify/multipart gives it: `truncated` is set once the size limit cut it. */
export interface UploadedFile {
  stream: Readable & { truncated?: boolean };
  fileName: string | null;
}

/**
 * The one way an import reads its upload (the product import and the global base import): the first chunk
 * is peeked (empty file → IMPORT_EMPTY; the caller tells CSV from XLSX by it), the chunks follow, and a file
 * the size limit cut is refused with `tooLargeCode` once its last chunk is read, so a truncated file is never
 * taken for a whole one. `drain` reads and drops the rest of the upload after a refusal: the browser, still
 * sending, then receives the 4xx answer instead of a reset connection, and the server keeps answering.
 */
export async function openUpload(file: UploadedFile, tooLargeCode: string) {
  const it = file.stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first = await it.next();
  if (first.done || first.value.length === 0) {
    if (file.stream.truncated) throw new AppError(tooLargeCode);
    throw new AppError('IMPORT_EMPTY');
  }
  async function* chunks(): AsyncGenerator<Uint8Array> {
    yield first.value as Buffer;
    for (let n = await it.next(); !n.done; n = await it.next()) yield n.value;
    if (file.stream.truncated) throw new AppError(tooLargeCode);
  }
  const drain = async () => {
    try {
      for (let n = await it.next(); !n.done; n = await it.next());
    } catch {
      // the stream already failed: nothing left to read
    }
  };
  return { head: first.value as Uint8Array, chunks: chunks(), drain };
}
