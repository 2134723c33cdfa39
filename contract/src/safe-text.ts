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
 * with unsafe text, or that it nests deeper than MAX_JSON_DEPTH; null when nothing is. Depth-first in document
 * order, an object's keys before its values. Recursion stops at MAX_JSON_DEPTH levels (issue 24: an unbounded
 * walk of JSON nested 8,000 levels overflowed the stack and answered 500). The path is only spelled out for the
 * field found: building one per value cost a whole invoice's body (≈ 10,000 values) ≈ 3 % of its CPU (issue 21).
 */
export function inspectJsonText(value: unknown): { field: string } | { tooDeep: true } | null {
  return inspectNode(value, 0, []);
}

function inspectNode(current: unknown, depth: number, keys: string[]): { field: string } | { tooDeep: true } | null {
  if (typeof current === 'string') return hasUnsafeText(current) ? { field: pathOf(keys) } : null;
  if (current === null || typeof current !== 'object') return null;
  if (depth >= MAX_JSON_DEPTH) return { tooDeep: true };
  const own = Object.keys(current);
  for (const key of own) {
    if (hasUnsafeText(key)) return { field: pathOf(keys, key) };
  }
  for (const key of own) {
    keys.push(key);
    const found = inspectNode((current as Record<string, unknown>)[key], depth + 1, keys);
    keys.pop();
    if (found !== null) return found;
  }
  return null;
}

/** The dotted path `a.b.0.c` of a field, each key joined as `path ? `${path}.${key}` : key`. */
function pathOf(keys: readonly string[], last?: string): string {
  let path = '';
  for (const key of keys) path = path ? `${path}.${key}` : key;
  if (last !== undefined) path = path ? `${path}.${last}` : last;
  return path;
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
