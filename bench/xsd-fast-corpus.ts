/**
 * The XSD fast path (server/src/modules/nfe-validation/xsd-fast/fast-check.ts) on a corpus of real NF-e, libxml2 as the
 * oracle: for every NF-e 4.00 (root NFe or nfeProc) of a directory, libxml2's verdict under the package of its dhEmi
 * and the fast path's. A "false valid" (fast path true, libxml2 errors) must never happen; "valid but not proven" only
 * costs the libxml2 check, and its files are listed so the reason can be looked at.
 *   npx tsx bench/xsd-fast-corpus.ts [dir]        (or NFE_CORPUS_DIR; default /tmp/nfe-corpus)
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  placeholderSignature,
  type SchemaPackage,
  schemaPackageOn,
  validateSchema,
} from '../server/src/modules/nfe-validation/nfe-schema.js';
import * as fast from '../server/src/modules/nfe-validation/xsd-fast/fast-check.js';

const dir = process.argv[2] ?? process.env.NFE_CORPUS_DIR ?? '/tmp/nfe-corpus';

/** The XML as libxml2 checks it: the placeholder signature before the last </NFe> when unsigned (the service's rule). */
function asChecked(xml: string): { xml: string; signed: boolean } {
  const end = xml.lastIndexOf('</NFe>');
  if (end < 0) return { xml, signed: false };
  const signed = /Signature\/?>$/.test(xml.slice(Math.max(0, end - 40), end).trimEnd());
  return { xml: signed ? xml : xml.slice(0, end) + placeholderSignature + xml.slice(end), signed };
}

/** The first element's local name, after the declaration, comments and processing instructions. */
const rootName = (xml: string) =>
  /<(?:[\w.-]+:)?([\w.-]+)/.exec(xml.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, ''))?.[1];

function libxml2(xml: string, pkg: SchemaPackage): { valid: boolean; why: string } {
  try {
    const errors = validateSchema(xml, pkg, 1);
    return { valid: errors.length === 0, why: errors[0] ? `${errors[0].campo}: ${errors[0].mensagem}` : '' };
  } catch (e) {
    return { valid: false, why: `${(e as Error).name}: ${(e as Error).message}` };
  }
}

const whyNotProven = (fast as Record<string, unknown>).whyNotProven as
  | ((xml: string, pkg: SchemaPackage) => string | null)
  | undefined;

const skipped: Record<string, number> = {};
const skip = (why: string) => {
  skipped[why] = (skipped[why] ?? 0) + 1;
};
let files = 0;
let valid = 0;
let proven = 0;
let signedCount = 0;
const byPkg: Record<string, number> = {};
const falseValids: string[] = [];
const notProven: string[] = [];
const threw: string[] = [];

for (const name of readdirSync(dir)
  .filter((f) => f.toLowerCase().endsWith('.xml'))
  .sort()) {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(readFileSync(path.join(dir, name)));
  } catch {
    skip('not UTF-8');
    continue;
  }
  const root = rootName(text);
  if (root !== 'NFe' && root !== 'nfeProc') {
    skip(`root <${root ?? '?'}>`);
    continue;
  }
  if (!/<(?:\w+:)?infNFe\b[^>]*\bversao\s*=\s*["']4\.00["']/.test(text)) {
    skip('layout other than 4.00');
    continue;
  }
  const date = /<(?:\w+:)?dhEmi>\s*(\d{4}-\d\d-\d\d)/.exec(text)?.[1];
  if (!date) {
    skip('no dhEmi');
    continue;
  }
  const pkg = schemaPackageOn(date);
  const checked = asChecked(text);
  files++;
  byPkg[pkg] = (byPkg[pkg] ?? 0) + 1;
  if (checked.signed) signedCount++;
  const oracle = libxml2(checked.xml, pkg);
  let f: boolean;
  try {
    f = fast.provenValid(checked.xml, pkg);
  } catch (e) {
    threw.push(`${name}: ${(e as Error).message}`);
    f = false;
  }
  if (oracle.valid) valid++;
  if (f) proven++;
  if (f && !oracle.valid) falseValids.push(`${name} (${pkg}): libxml2 ${oracle.why}`);
  if (oracle.valid && !f) notProven.push(`${name} (${pkg}): ${whyNotProven?.(checked.xml, pkg) ?? 'not proven'}`);
}

const pct = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(1)} %` : '-');
console.log(`corpus ${dir}`);
console.log(`files (NF-e 4.00, root NFe or nfeProc): ${files}  ${JSON.stringify(byPkg)}, signed ${signedCount}`);
console.log(`skipped: ${JSON.stringify(skipped)}`);
console.log(`libxml2-valid: ${valid}`);
console.log(`proven valid by the fast path: ${proven} (${pct(proven, valid)} of the libxml2-valid)`);
console.log(`FALSE VALIDS (must be 0): ${falseValids.length}`);
for (const l of falseValids) console.log(`  ${l}`);
if (threw.length) console.log(`fast path threw (must be 0): ${threw.length}\n  ${threw.join('\n  ')}`);
console.log(`valid but not proven (slow path): ${notProven.length}`);
for (const l of notProven) console.log(`  ${l}`);
const reasons = new Map<string, number>();
for (const l of notProven) {
  const r = l.slice(l.indexOf('): ') + 3);
  reasons.set(r, (reasons.get(r) ?? 0) + 1);
}
console.log('reasons:');
for (const [r, n] of [...reasons].sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(4)}  ${r}`);
process.exitCode = falseValids.length || threw.length ? 1 : 0;
