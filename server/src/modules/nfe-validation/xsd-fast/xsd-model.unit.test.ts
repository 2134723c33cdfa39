import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { referenceDataDir } from '../../reference/loaders/reference-files.js';
import { type SchemaPackage, schemaPackages } from '../nfe-schema.js';
import { matchParticle } from './content-match.js';
import { warmFastCheck } from './fast-check.js';
import { builtinCheck, NEVER, restrict, xsdPattern } from './simple-types.js';
import { compilePackage, type ElementDecl, type Particle } from './xsd-model.js';

// The fast path's compiler (decision 077) on the official XSDs of reference-data/nfe-xsd: every construct they use is
// understood, so no type of theirs falls back to "never proven", and the content matcher only returns derivations.
const pkgs = Object.keys(schemaPackages) as SchemaPackage[];
const dirOf = (pkg: SchemaPackage) => path.join(referenceDataDir, 'nfe-xsd', pkg);

describe('the XSD fast path compiler', () => {
  it('compiles both packages, with no type left unproven', () => {
    expect([...warmFastCheck(pkgs)]).toEqual([]);
    for (const pkg of pkgs) {
      const seen = new Set<object>();
      const never: string[] = [];
      const visit = (d: ElementDecl, where: string) => {
        if (seen.has(d)) return;
        seen.add(d);
        const t = d.type;
        if (t.kind === 'simple') {
          if (t.check === NEVER) never.push(`${where}/${d.name}`);
          return;
        }
        for (const [name, a] of t.attributes) if (a.type.check === NEVER) never.push(`${where}/${d.name}@${name}`);
        if (t.text?.check === NEVER) never.push(`${where}/${d.name}#text`);
        for (const child of t.children.values()) visit(child, `${where}/${d.name}`);
      };
      const root = compilePackage(dirOf(pkg));
      visit(root, '');
      expect(never, pkg).toEqual([]);
      // The layout's elements, Signature's included, are all reached from NFe.
      expect(seen.size, pkg).toBeGreaterThan(pkg === 'PL_009_V4' ? 500 : 700);
    }
  });

  it('translates every xs:pattern of the packages into an anchored JavaScript expression', () => {
    const patterns = new Set<string>();
    for (const pkg of pkgs)
      for (const f of readdirSync(dirOf(pkg)).filter((n) => n.endsWith('.xsd')))
        for (const m of readFileSync(path.join(dirOf(pkg), f), 'utf8').matchAll(/pattern value="([^"]*)"/g))
          patterns.add(m[1]!.replaceAll('&amp;', '&'));
    expect(patterns.size).toBeGreaterThan(80);
    expect([...patterns].filter((p) => xsdPattern(p) === null)).toEqual([]);
    // Anchored as XSD anchors: the whole value must match.
    expect(xsdPattern('[0-9]{2}')!.test('123')).toBe(false);
    expect(xsdPattern('0|[1-9]{1}[0-9]{0,2}')!.test('01')).toBe(false);
    // Where JavaScript would read a pattern otherwise, it is refused (never proven), not guessed.
    expect(xsdPattern('[a-z-[aeiou]]')).toBeNull();
    expect(xsdPattern('\\s+')).toBeNull();
    expect(xsdPattern('a$')).toBeNull();
    expect(xsdPattern('[A-F0-9]{8}-[A-F0-9]{4}')).not.toBeNull();
  });

  it('built-in types: base64 with its padding rules and wrapped lines, conservative URIs, ASCII IDs', () => {
    const b64 = builtinCheck('base64Binary').check;
    expect(['AAAA', 'AAA=', 'AA==', 'QUJD\nREVG\n', 'QUJD REVG'].map(b64)).toEqual([true, true, true, true, true]);
    // XSD 1.0 §3.2.16: the character before "=" carries no stray bits; a lone or empty group is not base64.
    expect(['', 'AAB=', 'AB==', 'AAA', 'A===', 'AA=A', 'A*AA'].map(b64)).toEqual(Array(7).fill(false));
    const uri = builtinCheck('anyURI').check;
    expect(['#NFe35', 'http://www.w3.org/2000/09/xmldsig#sha1', 'https://a.b/c'].map(uri)).toEqual([true, true, true]);
    // What libxml2's RFC 3986 parser refuses, and whatever is not plainly safe, is not proven.
    const refused = ['a b', 'a%20b', 'ação', '#a#b', '1:x', 'http://a:b/', 'http://a@b@c', '//a:1:2', 'x?y'];
    expect(refused.map(uri)).toEqual(Array(refused.length).fill(false));
    const id = builtinCheck('ID').check;
    expect(['NFe123', '1NFe', 'NF e', 'NFé'].map(id)).toEqual([true, false, false, false]);
    expect(builtinCheck('decimal').check).toBe(NEVER);
    // base64Binary's length counts octets (hashCSRT: 20 octets = 28 characters), not characters.
    const b20 = restrict(b64, { patterns: [], enumerations: [], length: 20 }, false, true);
    expect([b20(`${'A'.repeat(27)}=`), b20('A'.repeat(20)), b20('A'.repeat(28))]).toEqual([true, false, false]);
  });
});

/** A random content model over the names a..e, and its language as a JavaScript expression over one letter per name. */
function randomParticle(rand: () => number, depth: number): Particle {
  const occurs = (): [number, number] => {
    const r = rand();
    return r < 0.5 ? [1, 1] : r < 0.7 ? [0, 1] : r < 0.85 ? [0, Number.POSITIVE_INFINITY] : [1, 3];
  };
  const [min, max] = occurs();
  if (depth === 0 || rand() < 0.4) return { k: 'el', name: 'abcde'[Math.floor(rand() * 5)]!, min, max };
  const parts = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => randomParticle(rand, depth - 1));
  return { k: rand() < 0.5 ? 'seq' : 'choice', parts, min, max };
}
function asRegex(p: Particle): string {
  const inner = p.k === 'el' ? p.name : `(?:${p.parts.map(asRegex).join(p.k === 'seq' ? '' : '|')})`;
  const times = p.max === Number.POSITIVE_INFINITY ? `{${p.min},}` : `{${p.min},${p.max}}`;
  return `(?:${inner})${times}`;
}

describe('the content matcher', () => {
  it('on 4,000 random models and sequences, every match it returns is a derivation (checked by a regular expression)', () => {
    let seed = 7;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    let matched = 0;
    for (let i = 0; i < 4000; i++) {
      const p = randomParticle(rand, 3);
      const language = new RegExp(`^${asRegex(p)}$`);
      const names = Array.from({ length: Math.floor(rand() * 7) }, () => 'abcde'[Math.floor(rand() * 5)]!);
      const end = matchParticle(
        p,
        names.map((name) => ({ name })),
        0,
      );
      if (end === names.length) {
        matched++;
        expect(language.test(names.join('')), `${asRegex(p)} on ${names.join('')}`).toBe(true);
      }
    }
    // The property is not vacuous: a good share of the cases match.
    expect(matched).toBeGreaterThan(400);
  });

  it('a deterministic model (as XSD requires) is matched exactly: NF-e-like sequences, choices and repetitions', () => {
    const el = (name: string, min = 1, max = 1): Particle => ({ k: 'el', name, min, max });
    const model: Particle = {
      k: 'seq',
      min: 1,
      max: 1,
      parts: [
        el('ide'),
        { k: 'choice', min: 1, max: 1, parts: [el('CNPJ'), el('CPF')] },
        { k: 'seq', min: 0, max: 1, parts: [el('dhCont'), el('xJust')] },
        el('det', 1, 990),
        el('infAdic', 0, 1),
      ],
    };
    const ok = (names: string) => {
      const seq = names.split(' ').map((name) => ({ name }));
      return matchParticle(model, seq, 0) === seq.length;
    };
    expect(ok('ide CNPJ det det infAdic')).toBe(true);
    expect(ok('ide CPF dhCont xJust det')).toBe(true);
    expect(ok('ide CNPJ CPF det')).toBe(false);
    expect(ok('ide CNPJ dhCont det')).toBe(false);
    expect(ok('ide CNPJ infAdic')).toBe(false);
    expect(ok('ide CNPJ det infAdic det')).toBe(false);
  });
});
