import { once } from 'node:events';
import { createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * Builds XLSX (ZIP) files by hand for the upload-hardening tests: parts are given as a chunk count ×
 * a repeated chunk, so a part can inflate to hundreds of MB while the test only holds the compressed
 * bytes (a deflated run of repeated text is ~1000× smaller).
 */
export interface Part {
  name: string;
  /** Text of the part, or a head + `repeat` × `chunk` + tail. */
  text?: string;
  head?: string;
  chunk?: string;
  repeat?: number;
  tail?: string;
}

async function deflatePart(part: Part): Promise<{ data: Buffer; size: number }> {
  if (part.text !== undefined) {
    const raw = Buffer.from(part.text, 'utf8');
    return { data: deflateRawSync(raw), size: raw.length };
  }
  // The body is written as 4 MB slices of the repeated chunk into one deflate stream, so a part
  // inflating to hundreds of MB never exists whole in the test's memory.
  const body = Buffer.from(part.chunk ?? '', 'utf8');
  const total = (part.repeat ?? 0) * body.length;
  const perSlice = Math.max(1, Math.floor((4 * 1024 * 1024) / Math.max(body.length, 1)));
  const slice = Buffer.alloc(Math.min(total, perSlice * body.length));
  for (let i = 0; i < slice.length; i += body.length) body.copy(slice, i);
  const deflate = createDeflateRaw({ level: 1 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const done = once(deflate, 'end');
  const write = async (b: Buffer) => {
    if (!deflate.write(b)) await once(deflate, 'drain');
  };
  await write(Buffer.from(part.head ?? '', 'utf8'));
  for (let left = total; left > 0; left -= slice.length) {
    await write(left >= slice.length ? slice : slice.subarray(0, left));
  }
  deflate.end(Buffer.from(part.tail ?? '', 'utf8'));
  await done;
  const size = Buffer.byteLength(part.head ?? '') + total + Buffer.byteLength(part.tail ?? '');
  return { data: Buffer.concat(out), size };
}

/** A ZIP with the given parts, deflated, in the given order. */
export async function buildZip(parts: Part[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const { data, size } = await deflatePart(part);
    const name = Buffer.from(part.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(Math.min(size, 0xfffffffe), 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(Math.min(size, 0xfffffffe), 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(parts.length, 8);
  eocd.writeUInt16LE(parts.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, eocd]);
}

const WORKBOOK =
  '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>' +
  '<sheet name="Produtos" sheetId="1" r:id="rId1"/></sheets></workbook>';
const RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
  '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>' +
  '</Relationships>';
export const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
export const SHEET_TAIL = '</sheetData></worksheet>';
const SST_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">';

/** An XLSX whose shared strings and sheet are given; shared strings come first in the zip (read before the sheet). */
export function buildXlsx(opts: { sharedStrings?: Omit<Part, 'name'>; sheet: Omit<Part, 'name'> }): Promise<Buffer> {
  return buildZip([
    { name: '[Content_Types].xml', text: '<?xml version="1.0"?><Types/>' },
    { name: 'xl/workbook.xml', text: WORKBOOK },
    { name: 'xl/_rels/workbook.xml.rels', text: RELS },
    { name: 'xl/sharedStrings.xml', ...(opts.sharedStrings ?? { text: `${SST_HEAD}</sst>` }) },
    { name: 'xl/worksheets/sheet1.xml', ...opts.sheet },
  ]);
}

export const sharedStringsOf = (head: string, chunk: string, repeat: number, tail = ''): Omit<Part, 'name'> => ({
  head: SST_HEAD + head,
  chunk,
  repeat,
  tail: `${tail}</sst>`,
});
