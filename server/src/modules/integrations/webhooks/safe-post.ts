import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Outgoing webhook calls (decision 032): a client's URL must not make our server reach its own
 * network (SSRF). Every address the name resolves to is checked, and the connection goes to a checked
 * address (the lookup hook below), so a DNS answer that changes between check and connect (rebinding)
 * cannot slip through. No redirect is followed (a 3xx is a failed attempt), and each attempt has a timeout.
 */
/**
 * Only globally routable unicast addresses are reachable, as classified by ipaddr.js (a maintained table of
 * the IANA special-purpose registries). IPv6 forms that carry an IPv4 address are judged by that address:
 * IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d), 6to4 (2002::/16) and NAT64 (64:ff9b::/96), so
 * "::127.0.0.1" or "2002:7f00:1::" cannot reach loopback through a relay or a dual-stack socket. Teredo
 * (2001::/32) hides its client address and local-use NAT64 (64:ff9b:1::/48) its embedding: both refused.
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null | 'refuse' {
  const p = address.parts;
  const v4 = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 255, lo >> 8, lo & 255]);
  const range = address.range();
  if (range === 'teredo') return 'refuse';
  if (p[0] === 0 && p[1] === 0 && p[2] === 0 && p[3] === 0 && p[4] === 0 && (p[5] === 0 || p[5] === 0xffff)) {
    // :: and ::1 are themselves (unspecified, loopback); anything else below ::1:0:0 carries an IPv4.
    return range === 'unspecified' || range === 'loopback' ? null : v4(p[6]!, p[7]!);
  }
  if (range === '6to4') return v4(p[1]!, p[2]!);
  if (range === 'rfc6052') {
    const wellKnown = p[0] === 0x64 && p[1] === 0xff9b && p[2] === 0 && p[3] === 0 && p[4] === 0 && p[5] === 0;
    return wellKnown ? v4(p[6]!, p[7]!) : 'refuse';
  }
  return null;
}

/** True for every address that is not globally routable unicast (loopback, private, reserved, multicast…). */
export function isPrivateAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6 = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const inner = embeddedIPv4(parsed as ipaddr.IPv6);
    if (inner === 'refuse') return true;
    if (inner) parsed = inner;
  }
  return parsed.range() !== 'unicast';
}

export class RefusedAddressError extends Error {}

/** Timeouts raised by this module carry this message, so they read the same as a socket's ETIMEDOUT. */
const TIMED_OUT = 'tempo esgotado';

/**
 * A failed attempt in the receiver's words, in Portuguese: node's own texts ("connect ECONNREFUSED 1.2.3.4:443")
 * are English and name our side's internals. The delivery list and the audit show this text.
 */
export function describeDeliveryError(err: NodeJS.ErrnoException): string {
  if (err instanceof RefusedAddressError || err.message === TIMED_OUT) return err.message;
  switch (err.code) {
    case 'ETIMEDOUT':
    case 'ESOCKETTIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return TIMED_OUT;
    case 'ECONNREFUSED':
      return 'conexão recusada pelo destino';
    case 'ECONNRESET':
    case 'EPIPE':
      return 'conexão interrompida pelo destino';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return 'nome do servidor não encontrado';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'EHOSTDOWN':
    case 'ENETDOWN':
      return 'destino inalcançável';
    case 'ERR_INVALID_URL':
      return 'endereço inválido';
    default:
      if (err.code?.startsWith('ERR_TLS') || /CERT|SSL|TLS/i.test(`${err.code ?? ''} ${err.message}`)) {
        return 'falha na conexão segura (certificado TLS do destino)';
      }
      return 'falha na conexão com o destino';
  }
}

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
    if (target.protocol !== 'http:' && target.protocol !== 'https:') {
      throw new RefusedAddressError('protocolo não permitido (use http ou https)');
    }
    addresses = await checkHost(target.hostname, opts.allowPrivate);
  } catch (err) {
    return done(null, describeDeliveryError(err as NodeJS.ErrnoException));
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
    const timer = setTimeout(() => req.destroy(new Error(TIMED_OUT)), opts.timeoutMs);
    req.on('timeout', () => req.destroy(new Error(TIMED_OUT)));
    req.on('error', (err) => resolve(done(null, describeDeliveryError(err))));
    req.on('close', () => clearTimeout(timer));
    req.end(body);
  });
}
