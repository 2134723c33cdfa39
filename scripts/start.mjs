// `npm start`: builds, then runs the server bundle as ONE child whose lifetime follows ours.
// Why a script and not `npm run build && npm run start -w server`: a process manager (systemd,
// `docker stop`) signals only the process it started. The shell of an `&&` chain dies on SIGTERM
// without passing it on, which orphaned the inner npm, the server and PostgreSQL, still listening.
// Here SIGTERM/SIGINT/SIGHUP go to whichever child runs, and we exit with it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'server');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
let current = null;
let signalled = null;

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    signalled = signal;
    current?.kill(signal);
    if (!current) process.exit(0);
  });
}

function run(command, args, cwd) {
  return new Promise((resolve) => {
    current = spawn(command, args, { cwd, stdio: 'inherit' });
    current.on('error', (err) => {
      console.error(`Não foi possível executar ${command}: ${err.message}`);
      resolve(1);
    });
    current.on('exit', (code, signal) => {
      current = null;
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

// START_SKIP_BUILD=1: a process manager restarting an already built checkout skips the rebuild
// (and the test that signals `npm start` uses it to avoid a 60 s web build).
const built = process.env.START_SKIP_BUILD === '1' ? 0 : await run(npm, ['run', 'build'], root);
if (signalled) process.exit(0);
if (built !== 0) process.exit(built);
const heapMb = process.env.SERVER_HEAP_MB || '256';
// No allocation-site pretenuring (decision 077): a request's NF-e tree would otherwise be allocated in the old
// generation once V8 sees a few trees survive a scavenge, and every request then pays for full collections.
const code = await run(
  process.execPath,
  [`--max-old-space-size=${heapMb}`, '--no-allocation-site-pretenuring', 'dist/server.js'],
  serverDir,
);
process.exit(signalled && code === 0 ? 0 : code);
