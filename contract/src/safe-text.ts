/**
 * Text PostgreSQL cannot store (NUL) or that is not valid Unicode (a lone UTF-16 surrogate). The
 * server refuses a request holding one in any string field, all fields at once (plugins/safe-input.ts):
 * before, such text reached the database and answered 500 on 24 routes.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what is looked for.
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasUnsafeText(value: string): boolean {
  return UNSAFE.test(value);
}

/** The dotted path of the first string (or object key) with unsafe text in a parsed JSON value, else null. */
export function findUnsafeText(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return hasUnsafeText(value) ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (hasUnsafeText(key)) return at;
    const found = findUnsafeText(child, at);
    if (found !== null) return found;
  }
  return null;
}

export const unsafeTextMessage = (field: string) =>
  field
    ? `O campo ${field} contém caracteres inválidos (caractere nulo ou Unicode malformado).`
    : 'O texto enviado contém caracteres inválidos (caractere nulo ou Unicode malformado).';
