import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { conformanceMarkdown } from '../src/nfe-rules/conformance.js';
import { CONFORMANCE_FILE, readConformanceInputs } from '../src/nfe-rules/conformance-inputs.js';

// Writes docs/nfe-conformance.md from the rule book and reference-data/nfe-rules-index.tsv; conformance.test.ts fails
// while the file is out of date.
writeFileSync(CONFORMANCE_FILE, conformanceMarkdown(readConformanceInputs()));
console.log(`escrito ${path.relative(process.cwd(), CONFORMANCE_FILE)}`);
