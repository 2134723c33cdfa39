// After `tsc -p tsconfig.publish.json`: makes dist/ the package an ERP installs (`npm publish tax-engine/dist`).
// npm does not apply publishConfig's main/types/exports (npm/cli#7586), so the published manifest is written
// here: the same name, version and dependencies, pointing at the compiled files, with the README beside them.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const manifest = {
  name: pkg.name,
  version: pkg.version,
  description: pkg.description,
  license: pkg.license,
  type: 'module',
  main: 'index.js',
  types: 'index.d.ts',
  exports: { '.': { types: './index.d.ts', import: './index.js' } },
  engines: { node: '>=20' },
  dependencies: pkg.dependencies,
};
writeFileSync(path.join(root, 'dist/package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
copyFileSync(path.join(root, 'README.md'), path.join(root, 'dist/README.md'));
