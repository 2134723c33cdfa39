import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';

// A miniature build: what `vite build` + the precompress plugin write into web/dist.
const dist = mkdtempSync(path.join(tmpdir(), 'spa-'));
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
writeFileSync(path.join(dist, 'assets/index-B6CzoLNj.js'), script);
writeFileSync(path.join(dist, 'assets/index-B6CzoLNj.js.br'), brotliCompressSync(script));
writeFileSync(path.join(dist, 'assets/index-B6CzoLNj.js.gz'), gzipSync(script));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const { app } = await createTestApp({ webDistDir: dist });

describe('serving the built SPA (issue 13)', () => {
  it('sends the precompressed brotli file of a hashed asset, cached for a year as immutable', async () => {
    const res = await app.inject({ url: '/assets/index-B6CzoLNj.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await app.inject({ url: '/assets/index-B6CzoLNj.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/assets/index-B6CzoLNj.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('never lets index.html be cached without revalidation, at / routes or by name', async () => {
    for (const url of ['/login', '/member/home', '/index.html']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });
});
