/** An upload's file name as kept in the history: no control characters or lone surrogates, ≤ 255 chars. */
export function cleanFileName(name: string | undefined | null): string | null {
  if (!name) return null;
  const cleaned = name
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    .slice(0, 255);
  return cleaned || null;
}
