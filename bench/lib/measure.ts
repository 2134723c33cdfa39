import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { appendFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '../../server/src/db/embedded.js';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface Stats {
  n: number;
  p50: number;
  p95: number;
  max: number;
  mean: number;
}

export function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
  const round = (x: number) => Math.round(x * 10) / 10;
  return {
    n: s.length,
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    max: round(s[s.length - 1]!),
    mean: round(s.reduce((a, b) => a + b, 0) / s.length),
  };
}

export async function timeIt<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t = performance.now();
  const value = await fn();
  return { ms: performance.now() - t, value };
}

export const loadAverage = () => os.loadavg().map((x) => Math.round(x * 100) / 100);

/** kB → MB of a /proc/<pid>/status field (VmRSS now, VmHWM the peak since start or the last reset). */
export function procMemoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return Math.round(kb / 102.4) / 10;
}

/** utime + stime of a process in seconds (/proc/<pid>/stat fields 14 and 15, clock ticks of 1/100 s). */
export function processCpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Server CPU by thread while a run lasts: sample() with the RSS sampler, seconds() at the end. The main thread is the
 * pid's own; a thread named "node" that appears during the run is a worker (the documents' reading thread), those there
 * before are V8's platform threads (parallel and concurrent GC, compilation); the rest is libuv and timers. A worker's
 * last < 100 ms before it exits are not seen.
 */
export function threadCpuTracker(pid: number) {
  const seen = new Map<string, { name: string; first: number; last: number; before: boolean }>();
  let started = false;
  const sample = () => {
    let tids: string[] = [];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      return;
    }
    for (const tid of tids) {
      try {
        const raw = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const f = raw.slice(raw.lastIndexOf(') ') + 2).split(' ');
        const secs = (Number(f[11]) + Number(f[12])) / 100;
        const t = seen.get(tid);
        if (t) t.last = secs;
        else
          seen.set(tid, {
            name: raw.slice(raw.indexOf('(') + 1, raw.lastIndexOf(')')),
            first: secs,
            last: secs,
            before: !started,
          });
      } catch {
        // the thread ended between the listing and the read
      }
    }
    started = true;
  };
  sample();
  const seconds = () => {
    sample();
    const out = { main: 0, workers: 0, v8Platform: 0, other: 0 };
    for (const [tid, t] of seen) {
      const key = tid === String(pid) ? 'main' : t.name !== 'node' ? 'other' : t.before ? 'v8Platform' : 'workers';
      out[key] += t.last - t.first;
    }
    for (const k of Object.keys(out) as (keyof typeof out)[]) out[k] = Math.round(out[k] * 100) / 100;
    return out;
  };
  return { sample, seconds };
}

/** Resets the peak RSS (VmHWM) of a process: writing 5 to clear_refs (Linux ≥ 4.0). */
export function resetPeakMemory(pid: number) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // not permitted: the peak then covers the whole run
  }
}

export interface ServerProcess {
  base: string;
  pid: number;
  stop: () => Promise<void>;
}

/**
 * Node's flags of server/package.json's start script (`${VAR:-default}` expanded like sh does), then
 * BENCH_NODE_FLAGS to try others: the benchmark runs the server exactly as `npm start` does.
 */
function startFlags(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'server/package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const expanded = pkg.scripts.start.replace(
    /\$\{(\w+):-([^}]*)\}/g,
    (_, name: string, def: string) => process.env[name] ?? def,
  );
  const flags = expanded.split(/\s+/).filter((w) => w.startsWith('--'));
  return [...flags, ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [])];
}

/**
 * The real server as `npm start` runs it (the production bundle server/dist/server.js, built again
 * here from the current sources) in a child process on a free port, so that its memory can be read
 * from /proc. Node runs it directly so that the pid is the server's.
 */
export async function startServer(databaseUrl: string, dataDir: string): Promise<ServerProcess> {
  execFileSync(process.execPath, ['--import', 'tsx', 'server/src/scripts/build-server.ts'], {
    cwd: repoRoot,
    stdio: 'ignore',
  });
  const port = await findFreePort();
  const child: ChildProcess = spawn(process.execPath, [...startFlags(), 'server/dist/server.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const logFile = path.join(dataDir, 'server.log');
  const keep = (d: Buffer) => {
    output += d;
    appendFileSync(logFile, d);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      await fetch(`${base}/v1/public/none`);
      break;
    } catch {
      if (i > 600) throw new Error(`server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    base,
    pid: child.pid!,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
