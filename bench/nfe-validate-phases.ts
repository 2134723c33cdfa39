/**
 * POST /nfe/validate's work per phase, in process, no server nor database (a quick check while optimising; the
 * figures of bench/README.md come from nfe-validate-bench.ts): decoding the body, the parse into the rule book's
 * tree, the rules (no official tables), the XSD check (libxml2 parse + validate) and the whole service; CPU per call.
 *   npx tsx bench/nfe-validate-phases.ts        (BENCH_NFE_SAMPLES, default 300)
 */
import { validateNfeRules } from '@app/tax-engine';
import { placeholderSignature, validateSchema, warmSchemas } from '../server/src/modules/nfe-validation/nfe-schema.js';
import { validateNfeXml } from '../server/src/modules/nfe-validation/nfe-validation.service.js';
import { parseXmlTree } from '../server/src/modules/nfe-validation/nfe-xml-scan.js';
import { loadAverage } from './lib/measure.js';
import { nfeXml } from './lib/nfe-sample.js';

const SAMPLES = Number(process.env.BENCH_NFE_SAMPLES ?? 300);
const xml = nfeXml;
const signedXml = xml.replace('</NFe>', `${placeholderSignature}</NFe>`);
const bytes = Buffer.from(xml);
const signedBytes = Buffer.from(signedXml);
warmSchemas();

const phases: Record<string, () => unknown> = {
  decode: () => new TextDecoder('utf-8', { fatal: true }).decode(bytes),
  parse: () => parseXmlTree(xml),
  rules: (() => {
    const tree = parseXmlTree(xml);
    return () => validateNfeRules(tree, { tabelas: null });
  })(),
  schema: () => validateSchema(signedBytes, 'PL_010_V1.30'),
  service: () => validateNfeXml(bytes, { tabelas: null }),
};
const cpu: Record<string, number> = Object.fromEntries(Object.keys(phases).map((k) => [k, 0]));
const load = loadAverage();
for (let i = 0; i < 50 + SAMPLES; i++) {
  for (const [name, fn] of Object.entries(phases)) {
    const c = process.cpuUsage();
    fn();
    const d = process.cpuUsage(c);
    if (i >= 50) cpu[name]! += (d.user + d.system) / 1000;
  }
}
const perCall = Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, Math.round((v / SAMPLES) * 100) / 100]));
console.log(
  JSON.stringify({ bytes: bytes.length, samples: SAMPLES, load: [load, loadAverage()], cpuMsPerCall: perCall }),
);
