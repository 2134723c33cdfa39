/**
 * Text the database cannot store (NUL) or that is not valid Unicode (a lone surrogate) — refused
 * at the edge for every request field (plugins/safe-input.ts), and removed from names the server
 * receives outside the schema (an upload's file name).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what is looked for.
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasUnsafeText(value: string): boolean {
  return UNSAFE.test(value);
}

/** An upload's file name as kept in the history: no control characters or lone surrogates, ≤ 255 chars. */
export function cleanFileName(name: string | undefined | null): string | null {
  if (!name) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  const cleaned = name
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    .slice(0, 255);
  return cleaned || null;
}
