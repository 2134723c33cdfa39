import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';

/**
 * A one-sheet XLSX written as it streams: the sheet's XML (inline strings, no styles) is deflated into a
 * ZIP entry whose CRC and sizes follow its data (a data descriptor), so nothing of the file is kept.
 * exceljs' streaming writer did the same work about ten times slower (bench/README.md, Oversight), too
 * slow for the log export's 1M events. Limits: under 4 GB (no ZIP64) and at most 26 columns.
 */
export type Cell = string | number;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS = 'http://schemas.openxmlformats.org';
const staticParts = (sheetName: string): [string, string][] => [
  [
    '[Content_Types].xml',
    `${XML_HEAD}<Types xmlns="${NS}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
  ],
  [
    '_rels/.rels',
    `${XML_HEAD}<Relationships xmlns="${NS}/package/2006/relationships"><Relationship Id="rId1" Type="${NS}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ],
  [
    'xl/workbook.xml',
    `${XML_HEAD}<workbook xmlns="${NS}/spreadsheetml/2006/main" xmlns:r="${NS}/officeDocument/2006/relationships"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ],
  [
    'xl/_rels/workbook.xml.rels',
    `${XML_HEAD}<Relationships xmlns="${NS}/package/2006/relationships"><Relationship Id="rId1" Type="${NS}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
  ],
];

/** XML text: the four entities escaped and the control characters XML 1.0 forbids dropped (they would corrupt the file). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding these characters is the point
const NEEDS_ESCAPE = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

export function escapeXml(text: string): string {
  // Most cells need nothing: one scan instead of five replaces (the writer's main cost per row).
  if (!NEEDS_ESCAPE.test(text)) return text;
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing these characters is the point
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
  );
}

/** Whitespace XML would trim at the ends of a text: only then is xml:space="preserve" needed (it is 20 bytes a cell). */
const EDGE_SPACE = /^\s|\s$/;

/** One non-empty text cell without its reference (`<c t="inlineStr">…`). */
export function textCellXml(text: string): string {
  return `<c t="inlineStr"><is><t${EDGE_SPACE.test(text) ? ' xml:space="preserve"' : ''}>${escapeXml(text)}</t></is></c>`;
}

const COLUMNS = Array.from({ length: 26 }, (_, i) => String.fromCharCode(65 + i));

/**
 * One row's XML. The format makes cell references (`r`) optional, a cell without one being the next column; they
 * were ~20 % of a log export's bytes (decision 030). So only a row's first cell and a cell after a gap carry one
 * (readers such as exceljs need the first; an empty text is written as no cell, which is what exceljs read it as).
 * log-xml.repository.ts builds the same XML in SQL.
 */
export function rowXml(rowNumber: number, cells: Cell[]): string {
  let xml = `<row r="${rowNumber}">`;
  let gap = true;
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i]!;
    if (cell === '') {
      gap = true;
      continue;
    }
    const c = typeof cell === 'number' ? `<c><v>${cell}</v></c>` : textCellXml(cell);
    xml += gap ? `<c r="${COLUMNS[i]}${rowNumber}"${c.slice(2)}` : c;
    gap = false;
  }
  return `${xml}</row>`;
}

const UTF8_NAMES = 0x0800;
const DATA_DESCRIPTOR = 0x0008;

function localHeader(name: Buffer, method: number, flags: number, crc: number, size: number, raw: number): Buffer {
  const b = Buffer.alloc(30);
  b.writeUInt32LE(0x04034b50, 0);
  b.writeUInt16LE(20, 4);
  b.writeUInt16LE(flags, 6);
  b.writeUInt16LE(method, 8);
  b.writeUInt16LE(0, 10);
  b.writeUInt16LE(0x21, 12); // 1980-01-01: the entries' dates carry no meaning
  b.writeUInt32LE(crc >>> 0, 14);
  b.writeUInt32LE(size, 18);
  b.writeUInt32LE(raw, 22);
  b.writeUInt16LE(name.length, 26);
  b.writeUInt16LE(0, 28);
  return Buffer.concat([b, name]);
}

interface Entry {
  name: Buffer;
  method: number;
  flags: number;
  crc: number;
  size: number;
  raw: number;
  offset: number;
}

function centralHeader(e: Entry): Buffer {
  const b = Buffer.alloc(46);
  b.writeUInt32LE(0x02014b50, 0);
  b.writeUInt16LE(20, 4);
  b.writeUInt16LE(20, 6);
  b.writeUInt16LE(e.flags, 8);
  b.writeUInt16LE(e.method, 10);
  b.writeUInt16LE(0, 12);
  b.writeUInt16LE(0x21, 14);
  b.writeUInt32LE(e.crc >>> 0, 16);
  b.writeUInt32LE(e.size, 20);
  b.writeUInt32LE(e.raw, 24);
  b.writeUInt16LE(e.name.length, 28);
  b.writeUInt32LE(e.offset, 42);
  return Buffer.concat([b, e.name]);
}

/** Uncompressed sheet XML handed to deflate at a time (about 2,000 log rows). */
const CHUNK_BYTES = 1 << 20;
/** Chunks deflate may hold before the writer waits: it compresses on the libuv thread pool meanwhile. */
const DEFLATE_QUEUE = 4 * CHUNK_BYTES;

/** Streams an XLSX of one sheet: the header row, then every page of rows as it arrives. */
export function streamXlsx(sheetName: string, header: Cell[], pages: AsyncIterable<Cell[][]>): Readable {
  const out = new PassThrough();
  (async () => {
    let offset = 0;
    const entries: Entry[] = [];
    const write = async (b: Buffer) => {
      offset += b.length;
      if (!out.write(b)) await once(out, 'drain');
    };
    for (const [name, text] of staticParts(sheetName)) {
      const data = Buffer.from(text, 'utf8');
      const e = {
        name: Buffer.from(name),
        method: 0,
        flags: UTF8_NAMES,
        crc: crc32(data),
        size: data.length,
        raw: data.length,
        offset,
      };
      entries.push(e);
      await write(localHeader(e.name, 0, e.flags, e.crc, e.size, e.raw));
      await write(data);
    }
    const sheet: Entry = {
      name: Buffer.from('xl/worksheets/sheet1.xml'),
      method: 8,
      flags: UTF8_NAMES | DATA_DESCRIPTOR,
      crc: 0,
      size: 0,
      raw: 0,
      offset,
    };
    entries.push(sheet);
    await write(localHeader(sheet.name, 8, sheet.flags, 0, 0, 0));
    // Level 1: the export is bound by compression time, and text this repetitive still shrinks ~10×.
    // (zlib streams take the stream options, which @types/node's ZlibOptions does not list)
    const deflate = createDeflateRaw({ level: 1, chunkSize: 64 * 1024, ...{ writableHighWaterMark: DEFLATE_QUEUE } });
    deflate.on('data', (chunk: Buffer) => {
      sheet.size += chunk.length;
      offset += chunk.length;
      if (!out.write(chunk)) {
        deflate.pause();
        out.once('drain', () => deflate.resume());
      }
    });
    const ended = once(deflate, 'end');
    // Chunks go back to a free list once deflate has consumed them: a new 1 MB buffer per chunk made that much
    // short-lived external memory that garbage collection took ~45 % of the export's main thread.
    const free: Buffer[] = [];
    const put = async (data: Buffer, reusable?: Buffer) => {
      sheet.crc = crc32(data, sheet.crc);
      sheet.raw += data.length;
      // Not awaiting each chunk's consumption (as before decision 030) lets deflate work while rows are built.
      const queued = deflate.write(data, () => {
        if (reusable) free.push(reusable);
      });
      if (!queued) await once(deflate, 'drain');
    };
    await put(
      Buffer.from(`${XML_HEAD}<worksheet xmlns="${NS}/spreadsheetml/2006/main"><sheetData>${rowXml(1, header)}`),
    );
    let row = 2;
    // Each row's XML is encoded straight into a chunk buffer: concatenating a page into one string and encoding
    // that was most of a 1M-row export's CPU (flattening ~500 MB of string ropes).
    let chunk: Buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    let used = 0;
    for await (const page of pages) {
      for (const cells of page) {
        const xml = rowXml(row++, cells);
        if (used + xml.length * 3 > chunk.length) {
          if (used > 0) await put(chunk.subarray(0, used), chunk.length === CHUNK_BYTES ? chunk : undefined);
          chunk =
            xml.length * 3 > CHUNK_BYTES
              ? Buffer.allocUnsafe(xml.length * 3)
              : (free.pop() ?? Buffer.allocUnsafe(CHUNK_BYTES));
          used = 0;
        }
        used += chunk.write(xml, used);
      }
    }
    if (used > 0) await put(chunk.subarray(0, used));
    await put(Buffer.from('</sheetData></worksheet>'));
    deflate.end();
    await ended;
    if (offset > 0xffffffff || sheet.raw > 0xffffffff) throw new Error('XLSX over 4 GB: ZIP64 not supported');
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(sheet.crc >>> 0, 4);
    descriptor.writeUInt32LE(sheet.size, 8);
    descriptor.writeUInt32LE(sheet.raw, 12);
    await write(descriptor);
    const central = Buffer.concat(entries.map(centralHeader));
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(entries.length, 8);
    end.writeUInt16LE(entries.length, 10);
    end.writeUInt32LE(central.length, 12);
    end.writeUInt32LE(offset, 16);
    await write(central);
    await write(end);
    out.end();
  })().catch((err) => out.destroy(err));
  return out;
}
