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

/** Deeper JSON than any of our requests needs (the deepest, a tax item, is 4 levels). */
export const MAX_JSON_DEPTH = 64;

export const jsonTooDeepMessage = `A estrutura JSON enviada é profunda demais (máximo de ${MAX_JSON_DEPTH} níveis).`;

/**
 * What is wrong with the text of a parsed JSON value: the dotted path of the first string (or object key)
 * with unsafe text, or that it nests deeper than MAX_JSON_DEPTH; null when nothing is. Iterative (issue 24):
 * a recursive walk of JSON nested 8,000 levels overflowed the stack and answered 500.
 */
export function inspectJsonText(value: unknown): { field: string } | { tooDeep: true } | null {
  const stack: [unknown, string, number][] = [[value, '', 0]];
  while (stack.length > 0) {
    const [current, path, depth] = stack.pop()!;
    if (typeof current === 'string') {
      if (hasUnsafeText(current)) return { field: path };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) return { tooDeep: true };
    const entries = Object.entries(current);
    // Pushed last-first so the first field in document order is found first.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      const at = path ? `${path}.${key}` : key;
      stack.push([child, at, depth + 1]);
    }
    for (const [key] of entries) {
      if (hasUnsafeText(key)) return { field: path ? `${path}.${key}` : key };
    }
  }
  return null;
}

/** The dotted path of the first string (or object key) with unsafe text in a parsed JSON value, else null. */
export function findUnsafeText(value: unknown): string | null {
  const found = inspectJsonText(value);
  return found && 'field' in found ? found.field : null;
}

export const unsafeTextMessage = (field: string) =>
  field
    ? `O campo ${field} contém caracteres inválidos (caractere nulo ou Unicode malformado).`
    : 'O texto enviado contém caracteres inválidos (caractere nulo ou Unicode malformado).';
