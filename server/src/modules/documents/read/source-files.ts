import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { ReadEvent } from './document-model.js';
import { readEfd } from './efd-reader.js';
import { DEFAULT_READ_LIMITS, formatCount, type ReadLimits } from './nfe-layout-limits.js';
import { readNfeXml } from './nfe-xml-reader.js';
import {
  DOCUMENT_ZIP_LIMITS,
  listZipFileEntries,
  streamZipEntry,
  type ZipLimits,
  ZipRefusal,
} from './zip-file-reader.js';

export type SourceKind = 'zip' | 'xml' | 'efd' | 'unknown';

/** Tells the file by its first bytes, whatever its name says. */
export function detectSourceKind(head: Uint8Array): SourceKind {
  if (head[0] === 0x50 && head[1] === 0x4b && (head[2] === 0x03 || head[2] === 0x05)) return 'zip';
  let i = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  while (i < head.length && (head[i] === 0x20 || head[i] === 0x0a || head[i] === 0x0d || head[i] === 0x09)) i++;
  if (head[i] === 0x3c) return 'xml';
  if (Buffer.from(head.subarray(i, i + 6)).toString('latin1') === '|0000|') return 'efd';
  return 'unknown';
}

async function readHead(path: string): Promise<Uint8Array> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(64);
    const { bytesRead } = await fh.read(buf, 0, 64, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** An entry's name as a label in messages: printable characters only, never used as a path. */
const entryLabel = (zipName: string, entry: string) =>
  `${zipName}/${[...entry]
    .map((c) => (c < ' ' || c === '\u007f' ? '?' : c))
    .join('')
    .slice(0, 300)}`;

/**
 * Every document and problem of one uploaded file, read as a stream from the temporary file: an NF-e XML, a ZIP
 * of them (folders allowed) or an EFD ICMS/IPI file of the company `ownerCnpj`.
 */
export async function* readSourceFile(
  path: string,
  fileName: string,
  ownerCnpj: string,
  limits: ZipLimits = DOCUMENT_ZIP_LIMITS,
  read: ReadLimits = DEFAULT_READ_LIMITS,
): AsyncGenerator<ReadEvent> {
  const head = await readHead(path);
  if (head.length === 0) {
    yield { problem: { fileName, line: null, message: 'O arquivo está vazio.' } };
    return;
  }
  const kind = detectSourceKind(head);
  if (kind === 'xml') yield* readNfeXml(createReadStream(path, { highWaterMark: 64 * 1024 }), fileName, read);
  else if (kind === 'efd')
    yield* readEfd(createReadStream(path, { highWaterMark: 256 * 1024 }), fileName, ownerCnpj, read.maxItems);
  else if (kind === 'zip') yield* readZip(path, fileName, limits, read);
  else
    yield {
      problem: {
        fileName,
        line: null,
        message:
          'Formato não reconhecido: envie XML de NF-e/NFC-e, um ZIP desses XMLs ou um arquivo SPED EFD ICMS/IPI.',
      },
    };
}

async function* readZip(
  path: string,
  fileName: string,
  limits: ZipLimits,
  read: ReadLimits,
): AsyncGenerator<ReadEvent> {
  const fh = await open(path, 'r');
  try {
    let entries: Awaited<ReturnType<typeof listZipFileEntries>>['entries'];
    let beyond = 0;
    try {
      ({ entries, beyond } = await listZipFileEntries(fh, limits));
    } catch (err) {
      if (!(err instanceof ZipRefusal)) throw err;
      yield { problem: { fileName, line: null, message: err.message } };
      return;
    }
    if (entries.length === 0) {
      yield { problem: { fileName, line: null, message: 'O ZIP está vazio: nenhum XML encontrado.' } };
      return;
    }
    const budget = { left: limits.maxTotalBytes };
    for (const entry of entries) {
      const label = entryLabel(fileName, entry.name);
      if (!/\.xml$/i.test(entry.name)) {
        yield {
          problem: { fileName: label, line: null, message: 'Ignorado: dentro do ZIP só são lidos arquivos .xml.' },
        };
        continue;
      }
      yield* readNfeXml(streamZipEntry(fh, path, entry, limits, budget), label, read);
      if (budget.left <= 0) {
        yield {
          problem: {
            fileName,
            line: null,
            message: 'O ZIP descompactado passou do limite: os arquivos restantes não foram lidos.',
          },
        };
        return;
      }
    }
    // The files past the limit are not read at all: one row says how many (a ZIP of 100,000 tiny files costs the
    // limit's time, not 100,000 problem rows).
    if (beyond > 0)
      yield {
        problem: {
          fileName,
          line: null,
          message:
            beyond === 1
              ? `1 arquivo além do limite de ${formatCount(limits.maxEntries)} arquivos por ZIP não foi lido.`
              : `${formatCount(beyond)} arquivos além do limite de ${formatCount(limits.maxEntries)} arquivos por ZIP não foram lidos.`,
        },
      };
  } finally {
    await fh.close();
  }
}
