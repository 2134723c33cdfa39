import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Outgoing webhook calls (decision 032): a client's URL must not make our server reach its own
 * network (SSRF). Every address the name resolves to is checked, and the connection goes to a checked
 * address (the lookup hook below), so a DNS answer that changes between check and connect (rebinding)
 * cannot slip through. No redirect is followed (a 3xx is a failed attempt), and each attempt has a timeout.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** True for loopback, private, link-local, shared, documentation, multicast and reserved addresses. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return blocked.check(mapped, 'ipv4');
  return blocked.check(address, 'ipv6');
}

export class RefusedAddressError extends Error {}

/** Resolves a host and refuses it when any of its addresses is private. */
export async function checkHost(host: string, allowPrivate: boolean): Promise<LookupAddress[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  const addresses = isIP(bare)
    ? [{ address: bare, family: isIP(bare) }]
    : await new Promise<LookupAddress[]>((resolve, reject) =>
        dnsLookup(bare, { all: true }, (err, list) => (err ? reject(err) : resolve(list))),
      );
  if (addresses.length === 0) throw new RefusedAddressError('nome sem endereço');
  if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) {
    throw new RefusedAddressError('endereço não permitido (rede local, loopback ou reservado)');
  }
  return addresses;
}

export interface PostResult {
  ok: boolean;
  status: number | null;
  durationMs: number;
  error: string | null;
}

export async function safePost(
  url: string,
  headers: Record<string, string>,
  body: string,
  opts: { allowPrivate: boolean; timeoutMs: number },
): Promise<PostResult> {
  const started = performance.now();
  const done = (status: number | null, error: string | null): PostResult => ({
    ok: status !== null && status >= 200 && status < 300,
    status,
    durationMs: Math.round(performance.now() - started),
    error,
  });
  let target: URL;
  let addresses: LookupAddress[];
  try {
    target = new URL(url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new RefusedAddressError('protocolo');
    addresses = await checkHost(target.hostname, opts.allowPrivate);
  } catch (err) {
    return done(null, (err as Error).message);
  }
  // The connection uses the addresses checked above, never a second resolution.
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
  const client = target.protocol === 'https:' ? https : http;
  return new Promise<PostResult>((resolve) => {
    const req = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup,
        timeout: opts.timeoutMs,
      },
      (res) => {
        // The answer's body is not kept; read (up to a bound) so the socket is released.
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > 64 * 1024) res.destroy();
        });
        res.on('end', () => resolve(done(res.statusCode ?? null, null)));
        res.on('error', () => resolve(done(res.statusCode ?? null, null)));
      },
    );
    const timer = setTimeout(() => req.destroy(new Error('tempo esgotado')), opts.timeoutMs);
    req.on('timeout', () => req.destroy(new Error('tempo esgotado')));
    req.on('error', (err) => resolve(done(null, err.message)));
    req.on('close', () => clearTimeout(timer));
    req.end(body);
  });
}
