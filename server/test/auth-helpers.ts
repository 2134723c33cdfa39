import type { Db } from '../src/db/client.js';
import { sessions } from '../src/db/schema/index.js';
import { hashToken, newToken } from '../src/lib/tokens.js';

/**
 * Signs a user in for a test without going through /users/signin: inserts a session row (the
 * token stored as its SHA-256, as the real sign-in does) and returns the raw token.
 */
export async function createSessionToken(db: Db, userId: string): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + 60 * 60 * 1000),
  });
  return token;
}

/** Headers for app.inject with a bearer token. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
