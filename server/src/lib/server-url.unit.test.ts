import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { recordServerUrl, serverUrlFor, signInLink } from './server-url.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const dataDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'server-url-'));
  dirs.push(d);
  return d;
};

/** The demo seed's sign-in link (issue 24): it printed port 3000 whatever the server was started with. */
describe('the sign-in link printed by tools', () => {
  it("follows the tool's own PORT or PUBLIC_URL", () => {
    const DATA_DIR = dataDir();
    const port = loadConfig({ PORT: '3456', DATA_DIR });
    expect(signInLink(serverUrlFor({ PORT: '3456' }, port))).toBe('http://localhost:3456/login');
    const url = loadConfig({ PUBLIC_URL: 'https://fiscal.example.com/', DATA_DIR });
    expect(signInLink(serverUrlFor({ PUBLIC_URL: 'https://fiscal.example.com/' }, url))).toBe(
      'https://fiscal.example.com/login',
    );
  });

  it('without them, the address the server recorded at its start in the same data directory', () => {
    const DATA_DIR = dataDir();
    recordServerUrl(loadConfig({ PORT: '3777', DATA_DIR }));
    expect(signInLink(serverUrlFor({}, loadConfig({ DATA_DIR })))).toBe('http://localhost:3777/login');
    expect(signInLink(serverUrlFor({}, loadConfig({ DATA_DIR: dataDir() })))).toBe('http://localhost:3000/login');
  });
});
