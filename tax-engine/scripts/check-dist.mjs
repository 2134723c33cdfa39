// Plain Node (no tsx, no TypeScript): imports the built package the way an ERP would — by its name, through
// dist/package.json's exports — and computes an item and an invoice. `npm run test:dist -w tax-engine`.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const app = mkdtempSync(path.join(os.tmpdir(), 'erp-'));
try {
  // An ERP's node_modules: the package (our dist) and its one dependency.
  mkdirSync(path.join(app, 'node_modules/@app'), { recursive: true });
  symlinkSync(path.join(root, 'dist'), path.join(app, 'node_modules/@app/tax-engine'), 'dir');
  const decimal = path.dirname(createRequire(path.join(root, 'package.json')).resolve('decimal.js/package.json'));
  symlinkSync(decimal, path.join(app, 'node_modules/decimal.js'), 'dir');
  writeFileSync(
    path.join(app, 'erp.mjs'),
    `import { calculateNfe, calculateNfeItem, TaxInputError } from '@app/tax-engine';
const operacao = { ufOrigem: 'SP', ufDestino: 'SP', consumidorFinal: false, contribuinte: true, data: '2026-03-10' };
const item = { vProd: '1000.00', icms: { cst: '00', pICMS: 18 } };
const one = calculateNfeItem({ operacao, item });
const nfe = calculateNfe({ operacao, itens: [item, item] });
let refused = null;
try { calculateNfe({ operacao, itens: [] }); } catch (err) { refused = err instanceof TaxInputError ? err.field : 'other'; }
console.log(JSON.stringify({ vICMS: one.vICMS, steps: one.memoria.length, vNF: nfe.total.ICMSTot.vNF, refused }));
`,
  );
  const out = JSON.parse(execFileSync(process.execPath, ['erp.mjs'], { cwd: app, encoding: 'utf8' }));
  assert.deepEqual(out, { vICMS: 180, steps: 3, vNF: 2000, refused: 'itens' });
  console.log('dist ok:', JSON.stringify(out));
} finally {
  rmSync(app, { recursive: true, force: true });
}
