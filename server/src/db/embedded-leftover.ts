import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A cluster of our own DATA_DIR left running by a server that died without stopping it (kill -9,
 * an out-of-memory abort). Its postmaster.pid names the process; we only act when that process is
 * alive and is a postgres, so a stale file or a reused pid is never signalled.
 */
export function findLeftoverCluster(dataDir: string): number | null {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const [pidLine, dirLine] = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(pidLine);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  if (dirLine && path.resolve(dirLine) !== path.resolve(dataDir)) return null;
  if (!isAlive(pid)) return null;
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (!cmdline.includes('postgres')) return null;
  } catch {
    // No /proc (macOS): the pid file in our own directory and a live process are enough.
  }
  return pid;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: alive but owned by another user (the postgres user when we run as root and lost the right).
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Stops a leftover cluster: SIGINT is PostgreSQL's "fast" shutdown (rolls back open transactions,
 * such as an interrupted import, and checkpoints); after `graceMs` SIGQUIT, then SIGKILL.
 */
export async function stopLeftoverCluster(pid: number, graceMs = 15_000): Promise<void> {
  const steps: [NodeJS.Signals, number][] = [
    ['SIGINT', graceMs],
    ['SIGQUIT', 5_000],
    ['SIGKILL', 5_000],
  ];
  for (const [signal, waitMs] of steps) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    for (let waited = 0; waited < waitMs; waited += 100) {
      if (!isAlive(pid)) return;
      await sleep(100);
    }
  }
}
