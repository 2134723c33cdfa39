import { describe, expect, it } from 'vitest';
import { readNfeBody } from '../nfe-body.js';
import type { SchemaPackage } from '../nfe-schema.js';
import { schemaBytes, spliceAt } from '../nfe-validation.service.js';
import { provenValid, treeDoubt } from './fast-check.js';
import {
  asChecked,
  buildSeeds,
  craftedBodies,
  craftedMutants,
  everyVariantOf,
  libxmlVerdict,
  type Mutant,
  manyItems,
  mutantsOf,
  type Seed,
  xmlDiff,
} from './mutations.js';

/**
 * The XSD fast path (fast-check.ts, compiled from the official XSDs of reference-data/nfe-xsd) only certifies
 * validity: where it says "valid", libxml2 (the oracle, nfe-schema.ts) must find no schema error — the MOC 7.0 rule
 * D01 (rejection 225) may never be skipped by it. Checked on valid NF-e of varied shapes of both packages and on a
 * few thousand deterministic mutants of them; a throw of the fast path counts as a failure (it must answer false).
 */
const seeds = buildSeeds();
const seedByName = new Map(seeds.map((s) => [s.name, s]));

type Fast = boolean | 'threw';
function fast(xml: string, pkg: SchemaPackage): Fast {
  try {
    return provenValid(xml, pkg);
  } catch {
    return 'threw';
  }
}

/**
 * The service's own use (nfe-validation.service.ts): the fast path on the tree the rule book reads, told whether the
 * NFe has a Signature child, against libxml2 on the bytes it would get (the placeholder spliced before the last
 * </NFe> when unsigned). The body is read as the route reads it, as bytes (decoded by readNfeBody), or as the text a
 * service wrote. null: the body is refused before any schema check (400 either way).
 */
function serviceVerdicts(
  body: string | Buffer,
  pkg: SchemaPackage,
): { fast: Fast; libxml2: ReturnType<typeof libxmlVerdict> } | null {
  let read: ReturnType<typeof readNfeBody>;
  try {
    read = readNfeBody(body);
  } catch {
    return null;
  }
  const signed = read.nfe.children.some((c) => c.name === 'Signature');
  let f: Fast;
  try {
    f = treeDoubt(read.xml, read.root, read.facts, pkg, signed) === null;
  } catch {
    f = 'threw';
  }
  // The bytes the service gives libxml2 (the placeholder signature spliced in when unsigned).
  const end = spliceAt(read.xml, read.facts, signed);
  const bytes = Buffer.from(schemaBytes(Buffer.from(body), end)).toString('utf8');
  return { fast: f, libxml2: libxmlVerdict(bytes, pkg) };
}

/** Mutants per seed: fewer for the 50-item documents (libxml2 takes ≈ 3 ms on each). */
const perSeed = (s: Seed) => (s.xml.length > 30_000 ? 60 : 220);

describe('XSD fast path against libxml2 (differential)', () => {
  it('every seed is valid for libxml2 and proven valid by the fast path', () => {
    const rows = seeds.map((s) => {
      const xml = asChecked(s.xml);
      return { seed: s.name, libxml2: libxmlVerdict(xml, s.pkg), fast: fast(xml, s.pkg) };
    });
    const proven = rows.filter((r) => r.fast === true).length;
    console.log(
      `seeds: ${rows.length}, proven valid by the fast path: ${proven} (${((100 * proven) / rows.length).toFixed(0)} %)`,
    );
    expect(rows.filter((r) => !r.libxml2.valid).map((r) => `${r.seed}: ${r.libxml2.why}`)).toEqual([]);
    expect(rows.filter((r) => r.fast !== true).map((r) => `${r.seed}: ${r.fast}`)).toEqual([]);
  });

  it('no mutant is proven valid where libxml2 finds an error, and the fast path never throws', () => {
    const mutants: Mutant[] = seeds.flatMap((s) => mutantsOf(s, perSeed(s)));
    const small = seedByName.get('PL_010_V1.30/icms00-ipi-piscofins')!;
    // The layout's limit of items: 990 det are valid, 991 are not (det maxOccurs="990").
    for (const n of [990, 991])
      mutants.push({ seed: small.name, kind: 'items', detail: `${n} det`, xml: manyItems(small, n), pkg: small.pkg });
    // Every value variant on the fields whose types are the least plain: base64, dates, QR-Code, GUID, year-month, URI.
    mutants.push(...craftedMutants(seeds));
    for (const [name, fields] of [
      ['PL_010_V1.30/nfce-qrcode-signed', ['DigestValue', 'SignatureValue', 'X509Certificate', 'qrCode', 'urlChave']],
      ['PL_010_V1.30/ibscbs-other-groups', ['competApur', 'dhEmi']],
      ['PL_009_V4/rich-optional-groups', ['nFCI', 'email', 'CEST', 'dVal']],
    ] as const)
      mutants.push(...everyVariantOf(seedByName.get(name)!, fields));

    const byKind = new Map<string, { n: number; valid: number; proven: number; slow: number; falseValid: number }>();
    const falseValids: string[] = [];
    const falseValidKinds: string[] = [];
    const throws: string[] = [];
    const slow: string[] = [];
    for (const m of mutants) {
      const oracle = libxmlVerdict(m.xml, m.pkg);
      const f = fast(m.xml, m.pkg);
      const k = byKind.get(m.kind) ?? { n: 0, valid: 0, proven: 0, slow: 0, falseValid: 0 };
      byKind.set(m.kind, k);
      k.n++;
      if (oracle.valid) k.valid++;
      if (f === true) k.proven++;
      const where = () =>
        `[${m.seed} ${m.pkg}] ${m.kind}: ${m.detail}\n${xmlDiff(asChecked(seedByName.get(m.seed)!.xml), m.xml)}`;
      if (f === 'threw') throws.push(where());
      if (f === true && !oracle.valid) {
        k.falseValid++;
        falseValids.push(`${where()}\n  libxml2: ${oracle.why}`);
        falseValidKinds.push(`${m.kind}: ${m.detail}`);
      }
      if (oracle.valid && f !== true) {
        k.slow++;
        slow.push(`${m.kind}: ${m.detail}`);
      }
    }
    const total = [...byKind.values()].reduce(
      (a, k) => ({ n: a.n + k.n, valid: a.valid + k.valid, proven: a.proven + k.proven, slow: a.slow + k.slow }),
      { n: 0, valid: 0, proven: 0, slow: 0 },
    );
    console.log(
      `mutants: ${total.n}, libxml2-valid: ${total.valid}, proven valid: ${total.proven}, ` +
        `valid but not proven (slow path): ${total.slow} (${((100 * total.slow) / Math.max(1, total.valid)).toFixed(0)} % of the valid), false valids: ${falseValids.length}, throws: ${throws.length}\n` +
        [...byKind].map(([kind, k]) => `  ${kind.padEnd(15)} ${JSON.stringify(k)}`).join('\n') +
        (slow.length ? `\nvalid but not proven (first 40):\n  ${slow.slice(0, 40).join('\n  ')}` : '') +
        (falseValidKinds.length ? `\nFALSE VALIDS:\n  ${falseValidKinds.join('\n  ')}` : ''),
    );
    // The oracle is not vacuous: most mutants break the schema, and a good part keep it (the fast path is tried on both).
    expect(total.n - total.valid).toBeGreaterThan(total.n / 2);
    expect(total.valid).toBeGreaterThan(total.n / 10);
    expect(throws.slice(0, 10), 'provenValid threw (it must return false)').toEqual([]);
    expect(falseValids.slice(0, 20), `${falseValids.length} false valids`).toEqual([]);
  }, 180_000);

  it('the service path (the tree the rule book read, unsigned bodies given their placeholder) agrees as well', () => {
    const mutants = seeds.flatMap((s) => mutantsOf(s, s.xml.length > 30_000 ? 20 : 80, 'body'));
    mutants.push(...craftedBodies(seeds));
    let judged = 0;
    let valid = 0;
    let proven = 0;
    const falseValids: string[] = [];
    for (const m of [...seeds.map((s) => ({ ...s, seed: s.name, kind: 'seed', detail: 'unmutated' })), ...mutants]) {
      // As the route reads it (bytes); a body that starts with a byte order mark also as text (TextDecoder drops one).
      const v = serviceVerdicts(Buffer.from(m.xml), m.pkg);
      const t = m.xml.startsWith('\uFEFF') ? serviceVerdicts(m.xml, m.pkg) : null;
      if (t && (t.fast === 'threw' || (t.fast === true && !t.libxml2.valid)))
        falseValids.push(`[${m.seed}] ${m.kind}: ${m.detail} (as text, fast ${t.fast})\n  libxml2: ${t.libxml2.why}`);
      if (!v) continue;
      judged++;
      if (v.libxml2.valid) valid++;
      if (v.fast === true) proven++;
      if (v.fast === 'threw' || (v.fast === true && !v.libxml2.valid))
        falseValids.push(
          `[${m.seed}] ${m.kind}: ${m.detail} (fast ${v.fast})\n${xmlDiff(seedByName.get(m.seed)!.xml, m.xml)}\n  libxml2: ${v.libxml2.why}`,
        );
    }
    console.log(
      `service path: ${mutants.length} body mutants + ${seeds.length} seeds, ${judged} read as an NF-e, ` +
        `libxml2-valid ${valid}, proven ${proven}, false valids or throws ${falseValids.length}`,
    );
    expect(falseValids.slice(0, 20), `${falseValids.length} false valids on the service path`).toEqual([]);
  }, 180_000);
});
