import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../config.js';
import { findFreePort } from './embedded.js';

// Issue 15: a process manager (systemd, `docker stop`) signals the process it started — `npm start`
// itself. Before scripts/start.mjs, SIGTERM killed npm's shell and orphaned the server and
// PostgreSQL, still listening. This runs the real `npm start` (bundle built once here, not the web)
// and signals the npm process, as an operator's tooling would.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fiscal-npm-start-'));
// mkdtemp makes it 0700: as root, the postgres user could not enter it.
chmodSync(dataDir, 0o755);
const children: ChildProcess[] = [];

beforeAll(() => {
  execFileSync('npm', ['run', 'build', '-w', 'server'], { cwd: repoRoot, stdio: 'ignore' });
}, 120_000);

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  // An orphan left by a failure here must not outlive the run.
  for (const pid of processesOf(dataDir)) process.kill(pid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** Pids of processes whose command line names our data directory (the embedded PostgreSQL). */
function processesOf(dir: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSafe('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(dir)) pids.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return pids;
}
function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

async function startNpm(port: number, pgPort: number) {
  const child = spawn('npm', ['start'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      START_SKIP_BUILD: '1',
      DATA_DIR: dataDir,
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      JOB_WORKERS: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout?.on('data', (c) => {
    out += c;
  });
  child.stderr?.on('data', (c) => {
    out += c;
  });
  const exited = once(child, 'exit');
  const until = Date.now() + 180_000;
  while (!out.includes('Plataforma Fiscal em')) {
    if (child.exitCode !== null || Date.now() > until) throw new Error(`npm start did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, exited, output: () => out };
}

describe('npm start under a process manager', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} to the npm process stops the server and its database within 10 s`, async () => {
      const [port, pgPort] = [await findFreePort(), await findFreePort()];
      const app = await startNpm(port, pgPort);
      expect((await fetch(`http://127.0.0.1:${port}/v1/public/partners`)).status).toBeLessThan(500);
      expect(processesOf(dataDir).length).toBeGreaterThan(0);

      const t0 = Date.now();
      app.child.kill(signal);
      await app.exited;
      const stoppedIn = Date.now() - t0;
      // Nothing of ours keeps running or listening: PostgreSQL stopped, its pid file removed.
      for (let i = 0; i < 20 && processesOf(dataDir).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(processesOf(dataDir)).toEqual([]);
      expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
      await expect(fetch(`http://127.0.0.1:${port}/v1/public/partners`)).rejects.toThrow();
      expect(stoppedIn).toBeLessThan(10_000);
    }, 240_000);
  }
});
