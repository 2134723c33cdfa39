import { AppError } from '../../../lib/app-error.js';

// Control characters never found in a text catalogue (tab, CR and LF excepted; C1 controls appear
// only when bytes undefined in Windows-1252 are decoded): their presence means a binary file.
function hasJunk(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || (c >= 0x7f && c <= 0x9f)) return true;
  }
  return false;
}

function firstHighByte(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; i++) if (bytes[i]! >= 0x80) return i;
  return -1;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/**
 * Decodes an uploaded text file chunk by chunk without holding it: UTF-8 (with or without BOM) or
 * Windows-1252, as Excel in Brazil saves "CSV (separado por ponto e vírgula)". While only ASCII has
 * been seen both read the same; the first non-ASCII bytes decide: valid UTF-8 → UTF-8 from then on
 * (a later invalid sequence means a mixed/wrong encoding: refused), otherwise Windows-1252.
 * UTF-16 and binary content are refused.
 */
export class ImportTextDecoder {
  private mode: 'detect' | 'utf8' | 'cp1252' = 'detect';
  private readonly utf8 = new TextDecoder('utf-8', { fatal: true });
  private readonly cp1252 = new TextDecoder('windows-1252');
  private held: Uint8Array | null = null;
  private isFirst = true;

  get encoding(): string {
    return this.mode === 'cp1252' ? 'windows-1252' : 'utf-8';
  }

  decode(input: Uint8Array): string {
    const chunk = this.held ? concat(this.held, input) : input;
    this.held = null;
    if (this.isFirst && chunk.length > 0) {
      this.isFirst = false;
      this.checkStart(chunk);
    }
    return this.check(this.decodeChunk(chunk));
  }

  end(): string {
    let out = '';
    if (this.held) {
      const rest = this.held;
      this.held = null;
      this.mode = isUtf8(rest) ? 'utf8' : 'cp1252';
      out = this.mode === 'utf8' ? this.decodeUtf8(rest, true) : this.cp1252.decode(rest);
    } else if (this.mode === 'utf8') {
      out = this.decodeUtf8(new Uint8Array(0), false);
    }
    return this.check(out);
  }

  private checkStart(chunk: Uint8Array) {
    if ((chunk[0] === 0xff && chunk[1] === 0xfe) || (chunk[0] === 0xfe && chunk[1] === 0xff)) {
      throw new AppError('IMPORT_ENCODING');
    }
    const head = chunk.subarray(0, 4096);
    if (head.includes(0)) {
      // ASCII written as UTF-16 without BOM: every other byte is zero.
      const utf16 = head.length >= 4 && ((head[1] === 0 && head[3] === 0) || (head[0] === 0 && head[2] === 0));
      throw new AppError(utf16 ? 'IMPORT_ENCODING' : 'IMPORT_BINARY');
    }
    if (chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) this.mode = 'utf8';
  }

  private decodeChunk(chunk: Uint8Array): string {
    if (this.mode === 'utf8') return this.decodeUtf8(chunk, true);
    if (this.mode === 'cp1252') return this.cp1252.decode(chunk, { stream: true });
    const i = firstHighByte(chunk);
    if (i < 0) return Buffer.from(chunk).toString('latin1');
    if (i >= chunk.length - 3) {
      // Too few bytes to tell a UTF-8 sequence from Windows-1252 letters: decide with the next chunk.
      this.held = chunk.slice(i);
      return Buffer.from(chunk.subarray(0, i)).toString('latin1');
    }
    const rest = chunk.subarray(i);
    if (isUtf8(rest, true)) this.mode = 'utf8';
    else if (startsWithUtf8Sequence(rest)) throw new AppError('IMPORT_ENCODING');
    else this.mode = 'cp1252';
    return this.decodeChunk(chunk);
  }

  private decodeUtf8(chunk: Uint8Array, stream: boolean): string {
    try {
      return this.utf8.decode(chunk, { stream });
    } catch {
      throw new AppError('IMPORT_ENCODING');
    }
  }

  private check(text: string): string {
    if (hasJunk(text)) throw new AppError('IMPORT_BINARY');
    return text;
  }
}

function isUtf8(bytes: Uint8Array, stream = false): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream });
    return true;
  } catch {
    return false;
  }
}

/** The first non-ASCII character is a well-formed UTF-8 sequence (so later invalid bytes mean a mixed file). */
function startsWithUtf8Sequence(bytes: Uint8Array): boolean {
  const lead = bytes[0]!;
  const length =
    lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
  return length > 0 && bytes.length >= length && isUtf8(bytes.subarray(0, length));
}
