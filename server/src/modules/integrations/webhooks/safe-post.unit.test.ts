import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { describeDeliveryError, isPrivateAddress, safePost } from './safe-post.js';

// Name resolution is the operating system's: a test controls what a name resolves to, call by call.
const resolved = vi.hoisted(() => ({ answers: [] as string[][] }));
vi.mock('node:dns', async (original) => {
  const dns = await original<typeof import('node:dns')>();
  const lookup = (host: string, options: unknown, callback: (...args: unknown[]) => void) => {
    if (host !== 'erp.example.com.br') return (dns.lookup as (...args: unknown[]) => void)(host, options, callback);
    const list = (resolved.answers.shift() ?? []).map((address) => ({
      address,
      family: address.includes(':') ? 6 : 4,
    }));
    callback(null, list);
  };
  return { ...dns, default: { ...dns, lookup }, lookup };
});

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

  it('judges IPv6 forms that carry an IPv4 address by that address: compatible, mapped, 6to4, NAT64; refuses Teredo', () => {
    for (const a of [
      '::127.0.0.1', // IPv4-compatible
      '::7f00:1',
      '0:0:0:0:0:ffff:7f00:1', // IPv4-mapped, long form
      '::ffff:169.254.169.254',
      '2002:7f00:1::', // 6to4 of 127.0.0.1
      '2002:a00:1::1', // 6to4 of 10.0.0.1
      '64:ff9b::7f00:1', // NAT64 of 127.0.0.1
      '64:ff9b::a9fe:a9fe', // NAT64 of 169.254.169.254
      '64:ff9b:1::a00:1', // local-use NAT64
      '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
      '2001:db8::1',
      '100::1',
      '::',
      'not-an-address',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['::808:808', '2002:808:808::1', '64:ff9b::808:808', '2606:4700:4700::1111']) {
      expect(isPrivateAddress(a), a).toBe(false);
    }
  });

  it('checks the addresses again when it delivers: a name that turned private is refused without connecting', async () => {
    let hits = 0;
    const server = http.createServer((_req, res) => {
      hits++;
      res.writeHead(200).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    try {
      resolved.answers.push(['::ffff:127.0.0.1', '8.8.8.8']);
      const result = await safePost(`http://erp.example.com.br:${port}/hook`, {}, '{}', {
        allowPrivate: false,
        timeoutMs: 2000,
      });
      expect(result).toMatchObject({ ok: false, status: null });
      expect(result.error).toContain('não permitido');
      expect(hits).toBe(0);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('reports failed attempts in Portuguese, never node’s English', async () => {
    const server = http.createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    await new Promise((r) => server.close(r));
    const refused = await safePost(`http://127.0.0.1:${port}/`, {}, '{}', { allowPrivate: true, timeoutMs: 2000 });
    expect(refused.error).toBe('conexão recusada pelo destino');
    const code = (c: string) => Object.assign(new Error(`connect ${c} 10.0.0.1:443`), { code: c });
    expect(describeDeliveryError(code('EHOSTUNREACH'))).toBe('destino inalcançável');
    expect(describeDeliveryError(code('ETIMEDOUT'))).toBe('tempo esgotado');
    expect(describeDeliveryError(code('ENOTFOUND'))).toBe('nome do servidor não encontrado');
    expect(describeDeliveryError(code('DEPTH_ZERO_SELF_SIGNED_CERT'))).toContain('certificado');
    expect(describeDeliveryError(code('EWHATEVER'))).toBe('falha na conexão com o destino');
    const ftp = await safePost('ftp://erp.example.com.br/', {}, '{}', { allowPrivate: false, timeoutMs: 500 });
    expect(ftp.error).toContain('protocolo não permitido');
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
      expect(result).toMatchObject({ ok: false, status: null, error: 'tempo esgotado' });
      expect(result.durationMs).toBeLessThan(2000);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
