import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isPrivateAddress, safePost } from './safe-post.js';

describe('webhook SSRF guard', () => {
  it('refuses loopback, private, link-local and reserved addresses, IPv4-mapped ones too', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.0.10',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['::1', '::', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1']) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['8.8.8.8', '200.152.38.1', '2804:14c::1', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  it('never connects to a private address unless allowed, by IP or by a name that resolves to one', async () => {
    let hits = 0;
    const server = http.createServer((_req, res) => {
      hits++;
      res.writeHead(200).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    try {
      const opts = { allowPrivate: false, timeoutMs: 2000 };
      for (const url of [
        `http://127.0.0.1:${port}/`,
        `http://localhost:${port}/`,
        `http://[::ffff:127.0.0.1]:${port}/`,
      ]) {
        const result = await safePost(url, {}, '{}', opts);
        expect(result.ok, url).toBe(false);
        expect(result.error, url).toContain('não permitido');
      }
      expect(hits).toBe(0);
      expect((await safePost(`http://127.0.0.1:${port}/`, {}, '{}', { ...opts, allowPrivate: true })).ok).toBe(true);
      expect(hits).toBe(1);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('gives up after the timeout', async () => {
    const server = http.createServer(() => {});
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    try {
      const result = await safePost(`http://127.0.0.1:${port}/`, {}, '{}', { allowPrivate: true, timeoutMs: 300 });
      expect(result).toMatchObject({ ok: false, status: null });
      expect(result.durationMs).toBeLessThan(2000);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
