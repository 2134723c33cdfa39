/**
 * JSON straight into UTF-8 bytes, byte-equal to `Buffer.from(JSON.stringify(value))` for the plain data of an
 * answer (objects, arrays, strings, finite numbers, booleans, null, undefined, toJSON). Why not JSON.stringify:
 * V8 returns a large result as a rope of parts, and a two-byte one (the memória's "−", "×", "→") is flattened
 * again before Node can measure or encode it — for a 2 MB invoice answer ≈ 18 ms against 6 ms for the printing
 * itself (issue 21 figures). Here the repeated texts (keys, the memória's descriptions, formulas and legal bases)
 * are encoded once and copied as bytes; short plain texts and numbers are written byte by byte.
 */

/** Encoded JSON texts (`"…"`, escaped) of the strings seen; cleared when full so it cannot grow without bound. */
const encodedStrings = new Map<string, Buffer>();
/** Encoded `"key":` of the object keys seen. */
const encodedKeys = new Map<string, Buffer>();
const MAX_CACHED = 20_000;
/** Longer texts are encoded once and cached; shorter ones written directly when plain ASCII. */
const SHORT = 24;

/** Reused by every answer (printJson copies out what it wrote); made on first use, grown by doubling. */
let scratch = Buffer.alloc(0);
let pos = 0;

function ensure(bytes: number): void {
  if (pos + bytes <= scratch.length) return;
  const bigger = Buffer.allocUnsafeSlow(Math.max(scratch.length * 2, pos + bytes, 1 << 16));
  scratch.copy(bigger, 0, 0, pos);
  scratch = bigger;
}

function writeBytes(bytes: Buffer): void {
  const length = bytes.length;
  ensure(length);
  // A key or punctuation (`,"campo":`) is copied faster byte by byte than through a call of TypedArray#set.
  if (length <= 16) {
    const out = scratch;
    let at = pos;
    for (let i = 0; i < length; i++) out[at++] = bytes[i]!;
    pos = at;
  } else {
    scratch.set(bytes, pos);
    pos += length;
  }
}

function writeAscii(text: string): void {
  ensure(text.length);
  const out = scratch;
  let at = pos;
  for (let i = 0; i < text.length; i++) out[at++] = text.charCodeAt(i);
  pos = at;
}

function encodeString(text: string): Buffer {
  return Buffer.from(JSON.stringify(text), 'utf8');
}

function writeString(text: string): void {
  const length = text.length;
  if (length <= SHORT) {
    ensure(length + 2);
    const out = scratch;
    let at = pos;
    out[at++] = 34;
    for (let i = 0; i < length; i++) {
      const c = text.charCodeAt(i);
      // Printable ASCII other than `"` and `\` is printed as is; anything else by JSON.stringify's own rules.
      if (c < 32 || c > 126 || c === 34 || c === 92) {
        writeCachedString(text);
        return;
      }
      out[at++] = c;
    }
    out[at++] = 34;
    pos = at;
    return;
  }
  writeCachedString(text);
}

/** A long text, or a short one needing escapes or UTF-8 ("não", "Valor da operação"): encoded once, then copied. */
function writeCachedString(text: string): void {
  let bytes = encodedStrings.get(text);
  if (bytes === undefined) {
    bytes = encodeString(text);
    if (encodedStrings.size >= MAX_CACHED) encodedStrings.clear();
    encodedStrings.set(text, bytes);
  }
  writeBytes(bytes);
}

function writeKey(key: string): void {
  let bytes = encodedKeys.get(key);
  if (bytes === undefined) {
    bytes = Buffer.from(`${JSON.stringify(key)}:`, 'utf8');
    if (encodedKeys.size >= MAX_CACHED) encodedKeys.clear();
    encodedKeys.set(key, bytes);
  }
  writeBytes(bytes);
}

/** Whether JSON.stringify leaves the property out of an object (and prints null in an array). */
const isOmitted = (value: unknown) => value === undefined || typeof value === 'function' || typeof value === 'symbol';

function writeValue(value: unknown, key = ''): void {
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function')
    value = (value as { toJSON: (key: string) => unknown }).toJSON(key);
  switch (typeof value) {
    case 'string':
      writeString(value);
      return;
    case 'number':
      writeNumber(value);
      return;
    case 'boolean':
      writeAscii(value ? 'true' : 'false');
      return;
    case 'bigint':
      // As JSON.stringify does.
      throw new TypeError('Do not know how to serialize a BigInt');
    case 'object':
      if (value === null) writeAscii('null');
      else if (Array.isArray(value)) writeArray(value);
      else writeObject(value as Record<string, unknown>);
      return;
    default:
      writeAscii('null');
  }
}

function writeArray(list: readonly unknown[]): void {
  ensure(1);
  scratch[pos++] = 91;
  for (let i = 0; i < list.length; i++) {
    if (i > 0) {
      ensure(1);
      scratch[pos++] = 44;
    }
    const item = list[i];
    if (isOmitted(item)) writeAscii('null');
    else writeValue(item, String(i));
  }
  ensure(1);
  scratch[pos++] = 93;
}

function writeObject(object: Record<string, unknown>): void {
  ensure(1);
  scratch[pos++] = 123;
  let first = true;
  // Own enumerable keys in JSON.stringify's order (integer-like keys first, then insertion order).
  const keys = Object.keys(object);
  for (let i = 0; i < keys.length; i++) first = writeMember(keys[i]!, object[keys[i]!], first);
  ensure(1);
  scratch[pos++] = 125;
}

/**
 * One `"key":value` member, after a comma unless `first`, or nothing for a value JSON.stringify leaves out;
 * returns whether the next member is still the first.
 */
function writeMember(key: string, value: unknown, first: boolean): boolean {
  if (isOmitted(value)) return first;
  ensure(1);
  if (!first) scratch[pos++] = 44;
  writeKey(key);
  if (typeof value === 'string') writeString(value);
  else writeValue(value, key);
  return false;
}

/**
 * A plain object of our own (an object literal: no toJSON, no enumerable inherited keys), such as a memória step's
 * `valores`: the same bytes as writeJson, walked with for…in (V8's enum cache) instead of allocating Object.keys.
 */
export function writePlainObject(object: Record<string, unknown>): void {
  ensure(1);
  scratch[pos++] = 123;
  let first = true;
  for (const key in object) first = writeMember(key, object[key], first);
  ensure(1);
  scratch[pos++] = 125;
}

/**
 * The object's `keys`, in that order, as JSON.stringify prints an object holding just those keys in that order:
 * what a response schema prints from a wider object, without building the narrower copy.
 */
export function writePicked(object: Record<string, unknown>, keys: readonly string[]): void {
  ensure(1);
  scratch[pos++] = 123;
  writeMembers(object, keys, true);
  ensure(1);
  scratch[pos++] = 125;
}

/**
 * The `"key":value` members of writePicked without the braces, after a comma unless `first`; returns whether the
 * next member is still the first (nothing written), so a caller can go on writing members of the same object.
 */
function writeMembers(object: Record<string, unknown>, keys: readonly string[], first: boolean): boolean {
  for (const key of keys) first = writeMember(key, object[key], first);
  return first;
}

/** The `"key":` bytes of each key of a fixed list (an answer's fields), for writeEncodedMembers. */
export function encodeKeys(keys: readonly string[]): Buffer[] {
  return keys.map((key) => Buffer.from(`${JSON.stringify(key)}:`, 'utf8'));
}

/**
 * writeMembers for a fixed list of keys whose bytes were encoded beforehand (encodeKeys): no lookup per key, and
 * numbers, most of an answer's fields, printed at once.
 */
export function writeEncodedMembers(
  object: Record<string, unknown>,
  keys: readonly string[],
  encoded: readonly Buffer[],
  first: boolean,
): boolean {
  for (let i = 0; i < keys.length; i++) {
    const value = object[keys[i]!];
    if (isOmitted(value)) continue;
    if (!first) {
      ensure(1);
      scratch[pos++] = 44;
    }
    first = false;
    writeBytes(encoded[i]!);
    if (typeof value === 'number') writeNumber(value);
    else if (typeof value === 'string') writeString(value);
    else writeValue(value, keys[i]!);
  }
  return first;
}

function writeNumber(value: number): void {
  if (value === 0) {
    ensure(1);
    scratch[pos++] = 48;
  } else writeAscii(Number.isFinite(value) ? String(value) : 'null');
}

/** Bytes encoded beforehand (punctuation and keys of a fixed layout: `,"campo":`). */
export function writeEncoded(bytes: Buffer): void {
  writeBytes(bytes);
}

/** The JSON text of a string (escaped, in quotes), as writeJson prints it. */
export { writeString as writeJsonString };

/** Punctuation and keys written by hand around writeJson (ASCII only). */
export function writeRaw(text: string): void {
  writeAscii(text);
}

export { writeValue as writeJson };

/**
 * Runs `write` (which calls writeJson / writeMember / writeRaw) and returns the bytes it wrote, as a Buffer of its
 * own: the scratch buffer is reused by the next answer while the socket may still be sending this one.
 */
export function printJson(write: () => void): Buffer {
  pos = 0;
  write();
  const bytes = Buffer.allocUnsafe(pos);
  scratch.copy(bytes, 0, 0, pos);
  return bytes;
}

/** The same bytes as Buffer.from(JSON.stringify(value)). */
export function jsonToBuffer(value: unknown): Buffer {
  return printJson(() => writeValue(value));
}
