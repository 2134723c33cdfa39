/**
 * POST /nfe/validate's work per phase, in process, no server nor database (a quick check while optimising; the
 * figures of bench/README.md come from nfe-validate-bench.ts): decoding the body, the parse into the rule book's
 * tree, the rules (no official tables), the XSD check by libxml2 (parse + validate), the schema's fast path on a parsed
 * tree (decision 077) and the whole service with the fast path and without it (libxml2 in its thread, decision 073);
 * CPU per call (the whole process, the schema thread included).
 *   npx tsx bench/nfe-validate-phases.ts        (BENCH_NFE_SAMPLES, default 300)
 */
import { validateNfeRules } from '@app/tax-engine';
import { placeholderSignature, validateSchema, warmSchemas } from '../server/src/modules/nfe-validation/nfe-schema.js';
import { nfeSchemaCheck } from '../server/src/modules/nfe-validation/nfe-schema-check.js';
import { validateNfeXml } from '../server/src/modules/nfe-validation/nfe-validation.service.js';
import { parseXmlTree, type TreeFacts } from '../server/src/modules/nfe-validation/nfe-xml-scan.js';
import { treeDoubt } from '../server/src/modules/nfe-validation/xsd-fast/fast-check.js';
import { loadAverage, stats } from './lib/measure.js';
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
  fastCheck: (() => {
    const facts: TreeFacts = { plain: true, nfe: 0 };
    const tree = parseXmlTree(xml, facts);
    return () => {
      if (treeDoubt(xml, tree, facts, 'PL_010_V1.30', false) !== null) throw new Error('not proven');
    };
  })(),
  service: () => {
    nfeSchemaCheck.options.fast = true;
    return validateNfeXml(bytes, { tabelas: null });
  },
  serviceLibxml2: () => {
    nfeSchemaCheck.options.fast = false;
    return validateNfeXml(bytes, { tabelas: null });
  },
};
const cpu: Record<string, number> = Object.fromEntries(Object.keys(phases).map((k) => [k, 0]));
const load = loadAverage();
const wall: Record<string, number[]> = Object.fromEntries(Object.keys(phases).map((k) => [k, []]));
// libxml2's wasm reaches its optimised tier after ≈ 150 checks: the warm-up covers it in both threads.
const WARMUP = 200;
for (let i = 0; i < WARMUP + SAMPLES; i++) {
  for (const [name, fn] of Object.entries(phases)) {
    const c = process.cpuUsage();
    const t = performance.now();
    await fn();
    const ms = performance.now() - t;
    const d = process.cpuUsage(c);
    if (i >= WARMUP) {
      cpu[name]! += (d.user + d.system) / 1000;
      wall[name]!.push(ms);
    }
  }
}
await nfeSchemaCheck.close();
const perCall = Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, Math.round((v / SAMPLES) * 100) / 100]));
console.log(
  JSON.stringify({
    bytes: bytes.length,
    samples: SAMPLES,
    load: [load, loadAverage()],
    cpuMsPerCall: perCall,
    wallMs: Object.fromEntries(Object.entries(wall).map(([k, v]) => [k, stats(v)])),
  }),
);
