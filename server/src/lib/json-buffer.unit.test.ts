import { describe, expect, it } from 'vitest';
import {
  encodeKeys,
  jsonToBuffer,
  printJson,
  writeEncodedMembers,
  writeJson,
  writePicked,
  writePlainObject,
  writeRaw,
} from './json-buffer.js';

/** What the writer must print, byte for byte: Node's own JSON.stringify encoded as UTF-8. */
const expected = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8');

describe('jsonToBuffer prints the bytes of JSON.stringify', () => {
  const cases: [string, unknown][] = [
    ['short plain texts and escapes', ['abc', 'a"b', 'a\\b', 'tab\there', 'nl\n', '\u0001', '\u007f', '']],
    ['long texts (cached) with accents and symbols', ['Base de cálculo do ICMS (CST 10) — vBC × pICMS → ≥ 100 %', 'ç']],
    ['a long text with a quote, twice (from the cache)', [`${'x'.repeat(30)}"`, `${'x'.repeat(30)}"`]],
    ['lone surrogates and emoji', ['\ud800', 'a\udfffb', '😀', 'long text with a lone surrogate \ud83d here']],
    [
      'numbers',
      [0, -0, 1, -1.5, 0.1 + 0.2, 1e21, 1e-7, 123456789012.34, Number.MAX_SAFE_INTEGER, NaN, Infinity, -Infinity],
    ],
    ['booleans, null, undefined and functions in arrays', [true, false, null, undefined, () => 1, Symbol('s')]],
    [
      'keys: integer-like first, then insertion order; undefined left out',
      { b: 1, 2: 'two', a: undefined, 1: [], é: {} },
    ],
    ['toJSON', { d: new Date(0), custom: { toJSON: (key: string) => `key ${key}` } }],
    ['nesting', { itens: [{ memoria: [{ passo: 1, valores: { vBC: '1050.00' } }] }], total: { vNF: 1.5 } }],
    ['empty containers', [{}, [], [[]], { a: {} }]],
  ];
  for (const [name, value] of cases)
    it(name, () => {
      expect(jsonToBuffer(value).equals(expected(value))).toBe(true);
    });

  it('grows past its first buffer (a 3 MB answer)', () => {
    const big = Array.from({ length: 30_000 }, (_, i) => ({ i, text: `passo ${i} — ${'x'.repeat(80)}` }));
    expect(jsonToBuffer(big).equals(expected(big))).toBe(true);
  });

  it('keeps each answer its own bytes when the next one is printed', () => {
    const first = jsonToBuffer({ a: 'first' });
    jsonToBuffer({ a: 'second answer, longer than the first' });
    expect(first.toString()).toBe('{"a":"first"}');
  });
});

describe('writePicked', () => {
  it('prints the keys given, in that order, leaving out undefined ones', () => {
    const out = printJson(() => {
      writeRaw('[');
      writePicked({ c: 3, a: 1, b: undefined, extra: 'no' }, ['a', 'b', 'c']);
      writeRaw(',');
      writeJson('é');
      writeRaw(']');
    });
    expect(out.toString()).toBe(JSON.stringify([{ a: 1, c: 3 }, 'é']));
  });
});

describe('writePlainObject', () => {
  it('prints an object literal as JSON.stringify does: integer-like keys first, undefined left out, nested values', () => {
    const cases: Record<string, unknown>[] = [
      { vBC: '1050.00', pICMS: '12.00', ajustarMva: 'não', b: undefined, 2: 'dois', 1: '1', aspas: 'a"b' },
      { nested: { x: [1, 'é'] }, n: 0, d: new Date(0), f: () => 1 },
      {},
    ];
    for (const value of cases) {
      const out = printJson(() => writePlainObject(value));
      expect(out.equals(expected(value))).toBe(true);
    }
  });
});

describe('writeEncodedMembers', () => {
  it('prints the keys given with their encoded bytes as writePicked does, the first ones absent included', () => {
    const keys = ['vBC', 'ausente', 'vICMS', 'pMVAST', 'estimado', 'gIBSCBS', 'texto', 'é', 'grande', 'negativo'];
    const encoded = encodeKeys(keys);
    const cases: Record<string, unknown>[] = [
      { vBC: 1050, vICMS: 0, pMVAST: 65.5, estimado: false, gIBSCBS: { vBC: 1, g: [0.1] }, texto: 'não', é: -0 },
      { ausente: undefined, vICMS: 1e21, grande: 123456789012.34, negativo: -1.5, texto: 'a"b' },
      { vBC: undefined, ausente: () => 1, vICMS: Number.NaN, pMVAST: Infinity, estimado: true },
      {},
    ];
    for (const value of cases) {
      const picked = printJson(() => writePicked(value, keys));
      const out = printJson(() => {
        writeRaw('{');
        writeEncodedMembers(value, keys, encoded, true);
        writeRaw('}');
      });
      expect(out.toString()).toBe(picked.toString());
      expect(out.equals(expected(Object.fromEntries(keys.map((key) => [key, value[key]]))))).toBe(true);
    }
  });

  it('goes on after members already written (a comma before its first)', () => {
    const out = printJson(() => {
      writeRaw('{"a":1');
      const first = writeEncodedMembers({ b: 2, c: undefined }, ['b', 'c'], encodeKeys(['b', 'c']), false);
      writeRaw(first ? '}' : ',"d":3}');
    });
    expect(out.toString()).toBe('{"a":1,"b":2,"d":3}');
  });
});
