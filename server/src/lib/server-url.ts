import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config.js';

/**
 * The address the server listens at, kept in its data directory: tools run beside it (the demo seed) print
 * links that open the running server, even when PORT or PUBLIC_URL were given to the server only (issue 24).
 */
const FILE = 'server-url';

export function recordServerUrl(config: Pick<AppConfig, 'dataDir' | 'publicUrl'>): void {
  try {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(path.join(config.dataDir, FILE), `${config.publicUrl}\n`);
  } catch {
    // Only a convenience for the tools: a read-only data directory must not stop the server.
  }
}

/**
 * The public URL a tool should print: PUBLIC_URL or PORT of its own environment when given, else the one the
 * server recorded at its last start, else the default.
 */
export function serverUrlFor(env: NodeJS.ProcessEnv, config: Pick<AppConfig, 'dataDir' | 'publicUrl'>): string {
  if (env.PUBLIC_URL || env.PORT) return config.publicUrl;
  try {
    const recorded = readFileSync(path.join(config.dataDir, FILE), 'utf8').trim();
    if (/^https?:\/\/\S+$/.test(recorded)) return recorded;
  } catch {
    // No server started with this data directory yet.
  }
  return config.publicUrl;
}

export const signInLink = (baseUrl: string) => `${baseUrl.replace(/\/+$/, '')}/login`;
