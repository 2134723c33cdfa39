import { open } from 'node:fs/promises';
import type { DocumentLimits } from '../../../config.js';
import type { ReadEvent } from './document-model.js';
import { readFilesInThread } from './read-in-thread.js';
import { detectSourceKind, readSourceFile } from './source-files.js';

/**
 * Uploads up to this size made only of XML and EFD files (no ZIP) are read in the import's own thread. Their readers
 * stream and bound every field (decision 056), so 1 MB of XML or EFD costs a few MB of heap at most — and starting
 * the reading thread costs about a second (more on a busy machine), which alone broke "one NF-e of four items in
 * ≤ 2 s" (issue 37). A ZIP always goes to the thread: a small one may inflate to the ZIP limits.
 */
export const SMALL_UPLOAD_BYTES = 1024 * 1024;

async function isSmallPlainUpload(files: { path: string }[]): Promise<boolean> {
  let total = 0;
  for (const file of files) {
    const fh = await open(file.path, 'r');
    try {
      total += (await fh.stat()).size;
      if (total > SMALL_UPLOAD_BYTES) return false;
      const head = Buffer.alloc(64);
      const { bytesRead } = await fh.read(head, 0, 64, 0);
      if (detectSourceKind(head.subarray(0, bytesRead)) === 'zip') return false;
    } finally {
      await fh.close();
    }
  }
  return true;
}

/** Every event of the upload's files: small plain uploads read here, the rest in the reading thread. */
export async function* readUpload(
  files: { path: string; fileName: string }[],
  ownerCnpj: string,
  limits: DocumentLimits,
): AsyncGenerator<ReadEvent> {
  if (!(await isSmallPlainUpload(files))) {
    yield* readFilesInThread(files, ownerCnpj, limits);
    return;
  }
  for (const file of files) yield* readSourceFile(file.path, file.fileName, ownerCnpj, undefined, limits);
}
