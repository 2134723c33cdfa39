import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { repoRoot } from '../src/config.js';

/**
 * Runs the real server (src/server.ts through tsx) as a separate process on its own data directory,
 * for the tests that kill it, restart it or signal it as an operator would.
 */
export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code (or the signal name). */
  exited: Promise<number | string>;
}

export function spawnServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'server/src/server.ts')], {
    cwd: path.join(repoRoot, 'server'),
    env: { ...process.env, LOG_LEVEL: 'warn', JOB_WORKERS: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c) => {
    out += c;
  });
  child.stderr?.on('data', (c) => {
    out += c;
  });
  const exited = once(child, 'exit').then(([code, signal]) => (code ?? signal) as number | string);
  return { child, output: () => out, exited };
}

/** Waits until the server printed that it listens (or died). */
export async function waitUntilListening(server: ServerProcess, timeoutMs = 180_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.output().includes('Plataforma Fiscal em')) return;
    if (server.child.exitCode !== null || server.child.signalCode !== null) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not start:\n${server.output()}`);
}
