/**
 * Production build of the server (`npm run build -w server`): one ES module, server/dist/server.js, and one module
 * per worker thread beside it (dist/nfe-lines-thread.js, the invoice-lines threads; dist/documents-read-thread.js,
 * the thread that reads uploaded documents; dist/nfe-schema-thread.js, the NF-e XSD check), each
 * with our own code (server, contract, tax engine) bundled and every npm dependency left external.
 * Why: `npm start` used to run the TypeScript through tsx, which compiles every module in the
 * server process at start and keeps the compiler around (≈60 MB more resident memory, slower start;
 * bench/README.md). The SQL migrations, the reference tables and the web build are read from the
 * repository at run time (config.ts `repoRoot`), so nothing else is copied. The source map is written
 * but not loaded by default (≈7 MB resident): `NODE_OPTIONS=--enable-source-maps` maps stack traces
 * back to the TypeScript.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { repoRoot } from '../config.js';

const serverDir = path.join(repoRoot, 'server');
const pkg = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
// The workspace packages (@app/contract, @app/tax-engine) are TypeScript sources: they are bundled, the rest is not.
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@app/'));

const started = Date.now();
await build({
  // The threads of whole invoices' lines run a module of their own (nfe-lines-pool.ts finds it beside server.js).
  entryPoints: {
    server: path.join(serverDir, 'src/server.ts'),
    'nfe-lines-thread': path.join(serverDir, 'src/modules/tax/nfe-lines/nfe-lines-thread.ts'),
    // The thread that reads uploaded documents (decision 056; read-in-thread.ts finds it beside server.js).
    'documents-read-thread': path.join(serverDir, 'src/modules/documents/read/read-thread.ts'),
    // The XSD check of NF-e (decision 073; nfe-schema-check.ts finds it beside server.js).
    'nfe-schema-thread': path.join(serverDir, 'src/modules/nfe-validation/nfe-schema-thread.ts'),
  },
  outdir: path.join(serverDir, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  // Some dependencies are CommonJS and call require(): give the bundle one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
console.log(`server/dist/server.js em ${Date.now() - started} ms`);
