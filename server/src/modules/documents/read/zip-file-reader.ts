import { createReadStream } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { createInflateRaw } from 'node:zlib';
import { FileRefusal } from './document-model.js';

/**
 * A ZIP of NF-e read from the upload's temporary file, entry by entry, as streams: the central directory is read
 * with positional reads (ZIP64 included: 100,000 entries exceed the 65,535 of a plain ZIP), each entry's bytes are
 * streamed from disk through inflate, and its real output is counted and cut — the sizes an archive declares are
 * only used to refuse early. Entries are never written anywhere (their names are labels, not paths), so no entry
 * can land outside a folder ("zip slip" has nothing to act on).
 */
export interface ZipLimits {
  maxEntries: number;
  maxEntryBytes: number;
  maxTotalBytes: number;
  /** Inflated/compressed ratio past which an entry is a bomb (XML deflates ≈ 10–30×). */
  maxRatio: number;
}

export const DOCUMENT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 100_000,
  maxEntryBytes: 20 * 1024 * 1024,
  maxTotalBytes: 4 * 1024 * 1024 * 1024,
  maxRatio: 200,
};

export interface ZipFileEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

export class ZipRefusal extends FileRefusal {}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

async function readAt(fh: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await fh.read(buf, 0, length, position);
  return buf.subarray(0, bytesRead);
}

/** The central directory is read in windows of this size (an entry's record is at most 46 + 3 × 65,535 bytes). */
const CD_WINDOW = 1024 * 1024;
/** An entry's name is only a label: a longer one is kept by its ends (the extension tells an XML). */
const NAME_KEPT = 512;

/**
 * The archive's first `maxEntries` files (folders are skipped) and how many files follow them (`beyond`: not read,
 * counted in one problem). The central directory is read window by window, so its size never decides memory.
 * Refused when the kept entries declare more than the total limit.
 */
export async function listZipFileEntries(
  fh: FileHandle,
  limits: ZipLimits,
): Promise<{ entries: ZipFileEntry[]; beyond: number }> {
  const size = (await fh.stat()).size;
  const tailLength = Math.min(size, 22 + 0xffff);
  const tail = await readAt(fh, size - tailLength, tailLength);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD) {
      at = i;
      break;
    }
  }
  if (at < 0) throw new ZipRefusal('O arquivo ZIP está corrompido (diretório central não encontrado).');
  let count = tail.readUInt16LE(at + 10);
  let cdSize = tail.readUInt32LE(at + 12);
  let cdOffset = tail.readUInt32LE(at + 16);
  if (count === 0xffff || cdOffset === 0xffffffff || cdSize === 0xffffffff) {
    const locatorAt = at - 20;
    if (locatorAt < 0 || tail.readUInt32LE(locatorAt) !== ZIP64_LOCATOR)
      throw new ZipRefusal('O arquivo ZIP está corrompido (registro ZIP64 ausente).');
    const rec = await readAt(fh, Number(tail.readBigUInt64LE(locatorAt + 8)), 56);
    if (rec.length < 56 || rec.readUInt32LE(0) !== ZIP64_EOCD)
      throw new ZipRefusal('O arquivo ZIP está corrompido (registro ZIP64 inválido).');
    count = Number(rec.readBigUInt64LE(32));
    cdSize = Number(rec.readBigUInt64LE(40));
    cdOffset = Number(rec.readBigUInt64LE(48));
  }
  if (cdOffset + cdSize > size) throw new ZipRefusal('O arquivo ZIP está corrompido (diretório central truncado).');
  const entries: ZipFileEntry[] = [];
  let beyond = 0;
  let declaredTotal = 0;
  let cd: Buffer = Buffer.alloc(0);
  let cdAt = cdOffset;
  let p = 0;
  // The window holds the bytes from cdAt; it moves forward when an entry's record does not fit in what is left.
  const ensure = async (length: number) => {
    if (p + length <= cd.length) return;
    cdAt += p;
    p = 0;
    cd = await readAt(fh, cdAt, Math.min(Math.max(CD_WINDOW, length), cdOffset + cdSize - cdAt));
  };
  for (let n = 0; n < count; n++) {
    await ensure(46);
    if (p + 46 > cd.length || cd.readUInt32LE(p) !== CENTRAL)
      throw new ZipRefusal('O arquivo ZIP está corrompido (entrada do diretório central inválida).');
    const nameLength = cd.readUInt16LE(p + 28);
    const extraLength = cd.readUInt16LE(p + 30);
    const commentLength = cd.readUInt16LE(p + 32);
    await ensure(46 + nameLength + extraLength + commentLength);
    if (p + 46 + nameLength + extraLength > cd.length)
      throw new ZipRefusal('O arquivo ZIP está corrompido (entrada do diretório central inválida).');
    const fullName = cd.toString('utf8', p + 46, p + 46 + nameLength);
    const entry: ZipFileEntry = {
      name:
        fullName.length > NAME_KEPT * 2 ? `${fullName.slice(0, NAME_KEPT)}…${fullName.slice(-NAME_KEPT)}` : fullName,
      flags: cd.readUInt16LE(p + 8),
      method: cd.readUInt16LE(p + 10),
      compressedSize: cd.readUInt32LE(p + 20),
      size: cd.readUInt32LE(p + 24),
      localHeaderOffset: cd.readUInt32LE(p + 42),
    };
    readZip64Extra(cd.subarray(p + 46 + nameLength, p + 46 + nameLength + extraLength), entry);
    p += 46 + nameLength + extraLength + commentLength;
    if (entry.name.endsWith('/')) continue;
    if (entries.length >= limits.maxEntries) {
      beyond++;
      continue;
    }
    entries.push(entry);
    declaredTotal += entry.size;
  }
  if (declaredTotal > limits.maxTotalBytes)
    throw new ZipRefusal(`O ZIP descompactado passaria de ${formatBytes(limits.maxTotalBytes)}: não é aceito.`);
  return { entries, beyond };
}

function readZip64Extra(extra: Buffer, entry: ZipFileEntry) {
  for (let q = 0; q + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(q);
    const len = extra.readUInt16LE(q + 2);
    if (id === 0x0001) {
      let r = q + 4;
      const next = () => {
        const v = r + 8 <= q + 4 + len ? Number(extra.readBigUInt64LE(r)) : 0;
        r += 8;
        return v;
      };
      if (entry.size === 0xffffffff) entry.size = next();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = next();
      return;
    }
    q += 4 + len;
  }
}

/**
 * The entry's inflated bytes, streamed from the file. Cut (ZipRefusal) once its real output passes the entry
 * limit, the ratio limit or what is left of the archive's total — whatever the archive declared.
 */
export async function* streamZipEntry(
  fh: FileHandle,
  path: string,
  entry: ZipFileEntry,
  limits: ZipLimits,
  budget: { left: number },
): AsyncGenerator<Buffer> {
  if (entry.flags & 0x1) throw new ZipRefusal('Arquivo protegido por senha dentro do ZIP: não é aceito.');
  if (entry.method !== 0 && entry.method !== 8) throw new ZipRefusal('Compressão não suportada dentro do ZIP.');
  const header = await readAt(fh, entry.localHeaderOffset, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL)
    throw new ZipRefusal('Entrada do ZIP corrompida (cabeçalho local inválido).');
  const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (entry.compressedSize === 0) return;
  const raw = createReadStream(path, { start, end: start + entry.compressedSize - 1, highWaterMark: 64 * 1024 });
  const source = entry.method === 8 ? raw.pipe(createInflateRaw()) : raw;
  const ratioCap = Math.max(1024 * 1024, entry.compressedSize * limits.maxRatio);
  let total = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > limits.maxEntryBytes)
        throw new ZipRefusal(`Arquivo maior que ${formatBytes(limits.maxEntryBytes)} descompactado: não é aceito.`);
      if (total > ratioCap)
        throw new ZipRefusal('Taxa de compressão suspeita (possível "bomba ZIP"): arquivo recusado.');
      if (total > budget.left)
        throw new ZipRefusal(
          `O ZIP descompactado passa de ${formatBytes(limits.maxTotalBytes)}: leitura interrompida.`,
        );
      yield chunk;
    }
  } catch (err) {
    if (err instanceof ZipRefusal) throw err;
    throw new ZipRefusal('Entrada do ZIP corrompida (dados compactados inválidos).');
  } finally {
    budget.left -= total;
    raw.destroy();
    if (source !== raw) (source as { destroy: () => void }).destroy();
  }
}

function formatBytes(n: number): string {
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  return n >= 1024 ** 3 ? `${n / 1024 ** 3} GB` : `${Math.round(n / 1024 / 1024)} MB`;
}
