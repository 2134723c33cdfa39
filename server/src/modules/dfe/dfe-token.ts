import { createHmac, timingSafeEqual } from 'node:crypto';

/** The fiscal-document product accepts a token only for a few minutes. */
export const DFE_TOKEN_TTL_SECONDS = 5 * 60;

export interface DfeTokenPayload {
  sub: string;
  email: string;
  iat: number;
  exp: number;
}

const sign = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('base64url');

/** `base64url(JSON payload).base64url(HMAC-SHA256)`, a JWS-like token without a header to negotiate. */
export function signDfeToken(secret: string, user: { id: string; email: string }, nowMs = Date.now()): string {
  const iat = Math.floor(nowMs / 1000);
  const payload: DfeTokenPayload = { sub: user.id, email: user.email, iat, exp: iat + DFE_TOKEN_TTL_SECONDS };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

/** What the receiving product does: checks signature and expiry; null when either fails. */
export function verifyDfeToken(secret: string, token: string, nowMs = Date.now()): DfeTokenPayload | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as DfeTokenPayload;
    return payload.exp > Math.floor(nowMs / 1000) ? payload : null;
  } catch {
    return null;
  }
}
