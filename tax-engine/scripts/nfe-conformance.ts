import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { conformanceMarkdown } from '../src/nfe-rules/conformance.js';

// Writes docs/nfe-conformance.md from the rule book; conformance.test.ts fails while the file is out of date.
const file = path.join(import.meta.dirname, '../../docs/nfe-conformance.md');
writeFileSync(file, conformanceMarkdown());
console.log(`escrito ${path.relative(process.cwd(), file)}`);
