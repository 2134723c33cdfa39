import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The README's examples are code an ERP developer copies: each ```ts block runs here against the sources, and
 * every line `expression; // value` (value a JavaScript literal) must hold.
 */
const readme = readFileSync(path.join(import.meta.dirname, '../README.md'), 'utf8');
const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
const entry = path.join(import.meta.dirname, 'index.ts');
const dir = mkdtempSync(path.join(os.tmpdir(), 'tax-engine-readme-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const literal = (text: string): boolean => {
  try {
    new Function(`return (${text});`);
    return true;
  } catch {
    return false;
  }
};

/** The block as a module whose `claims` pairs each claimed line's value with the README's. */
function asModule(block: string): { source: string; claims: number } {
  let claims = 0;
  const lines = block.split('\n').map((line) => {
    const m = /^(\S.*?);\s*\/\/\s*(.+)$/.exec(line);
    if (!m || !literal(m[2]!)) return line.replace(/from '@app\/tax-engine'/, `from ${JSON.stringify(entry)}`);
    claims++;
    return `claims.push([${JSON.stringify(m[1])}, ${m[1]}, ${m[2]}]);`;
  });
  return { source: `export const claims: [string, unknown, unknown][] = [];\n${lines.join('\n')}`, claims };
}

describe('tax-engine/README.md examples', () => {
  it('has examples', () => expect(blocks.length).toBeGreaterThanOrEqual(4));

  it.each(blocks.map((b, i) => [i, b] as const))('block %i runs and each claim holds', async (i, block) => {
    const { source, claims } = asModule(block);
    expect(claims).toBeGreaterThan(0);
    const file = path.join(dir, `example-${i}.ts`);
    writeFileSync(file, source);
    const mod = (await import(file)) as { claims: [string, unknown, unknown][] };
    for (const [expression, actual, expected] of mod.claims)
      expect({ expression, value: actual }).toEqual({ expression, value: expected });
  });
});
