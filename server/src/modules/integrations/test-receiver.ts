import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  id: string;
  timestamp: string;
  body: string;
  signatureValid: boolean;
}

/**
 * A webhook receiver for tests and benchmarks: verifies each message's Standard Webhooks signature
 * the way a client would (its own HMAC, not the server's signing code), answers 500 to the next
 * `failNext` messages and 302 on /redirect.
 */
export async function startReceiver() {
  const state = {
    url: '',
    secret: '',
    failNext: 0,
    received: [] as Received[],
    onMessage: null as ((r: Received) => void) | null,
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const id = String(req.headers['webhook-id'] ?? '');
      const timestamp = String(req.headers['webhook-timestamp'] ?? '');
      const key = Buffer.from(state.secret.replace(/^whsec_/, ''), 'base64');
      const expected = Buffer.from(createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64'));
      const signatureValid = String(req.headers['webhook-signature'] ?? '')
        .split(' ')
        .map((s) => Buffer.from(s.replace(/^v1,/, '')))
        .some((s) => s.length === expected.length && timingSafeEqual(s, expected));
      const received = { path: req.url ?? '', id, timestamp, body, signatureValid };
      state.received.push(received);
      state.onMessage?.(received);
      if (req.url === '/redirect') {
        res.writeHead(302, { location: '/hook' }).end();
      } else if (state.failNext > 0) {
        state.failNext--;
        res.writeHead(500).end('falha');
      } else {
        res.writeHead(204).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
