import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { detectSourceKind } from './source-files.js';

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;

/**
 * About how many documents an upload holds, for the progress shown while it is imported ("documentos lidos: 1.200 de
 * 10.000"), counted without parsing: a ZIP's entries from its end-of-central-directory record (folders and other
 * files included: an estimate), one per XML file, an EFD's C100 lines by a byte scan. A file that cannot be counted
 * adds nothing; the readers tell what is wrong with it. The import sets the total to what it read when it ends.
 */
export async function countDocuments(files: { path: string }[]): Promise<number> {
  let total = 0;
  for (const file of files) total += await countFile(file.path).catch(() => 0);
  return total;
}

async function countFile(path: string): Promise<number> {
  const fh = await open(path, 'r');
  try {
    const head = Buffer.alloc(64);
    const { bytesRead } = await fh.read(head, 0, 64, 0);
    const kind = detectSourceKind(head.subarray(0, bytesRead));
    if (kind === 'xml') return 1;
    if (kind === 'zip') return await zipEntries(fh);
  } finally {
    await fh.close();
  }
  return countEfdDocuments(path);
}

async function zipEntries(fh: Awaited<ReturnType<typeof open>>): Promise<number> {
  const size = (await fh.stat()).size;
  const length = Math.min(size, 22 + 0xffff);
  const tail = Buffer.alloc(length);
  await fh.read(tail, 0, length, size - length);
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) !== EOCD) continue;
    const entries = tail.readUInt16LE(i + 10);
    if (entries !== 0xffff || i < 20 || tail.readUInt32LE(i - 20) !== ZIP64_LOCATOR) return entries;
    const record = Buffer.alloc(40);
    await fh.read(record, 0, 40, Number(tail.readBigUInt64LE(i - 20 + 8)));
    return record.readUInt32LE(0) === ZIP64_EOCD ? Number(record.readBigUInt64LE(32)) : entries;
  }
  return 0;
}

/** "|C100|" at the start of a line, counted across chunk boundaries (the EFD is ASCII in its register names). */
async function countEfdDocuments(path: string): Promise<number> {
  const needle = Buffer.from('\n|C100|');
  let count = 0;
  let carry = Buffer.alloc(0);
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 }) as AsyncIterable<Buffer>) {
    const data = carry.length ? Buffer.concat([carry, chunk]) : chunk;
    for (let at = data.indexOf(needle); at >= 0; at = data.indexOf(needle, at + needle.length)) count++;
    carry = Buffer.from(data.subarray(Math.max(0, data.length - (needle.length - 1))));
  }
  return count;
}
