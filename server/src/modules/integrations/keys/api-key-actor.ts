import type { Role } from '@app/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import type { Actor } from '../../../lib/actor.js';
import { hitRateLimit } from '../../../lib/rate-limit.js';
import { API_KEY_FAILURE_LIMIT, API_KEY_RATE_LIMIT, LAST_USED_RESOLUTION_MS } from '../integrations.codes.js';

interface KeyRow extends Record<string, unknown> {
  key_id: string;
  key_name: string;
  company_id: string | null;
  last_used_at: Date | null;
  id: string;
  name: string;
  email: string;
  role: Role;
  partner_id: string | null;
  permissions: string[];
}

/**
 * The actor of an API key, or null (unknown, revoked, or its creator no longer active). Read on every
 * call, never cached (decision 032): a revoked key answers 401 on the very next call on any process.
 * The creator's role and permissions are read now, so a key never holds more than its creator holds today;
 * its name is the actor's name, so every write it makes is audited under it.
 */
export async function resolveApiKeyActor(db: Db, keyHash: string): Promise<Actor | null> {
  const res = await db.execute<KeyRow>(sql`
    SELECT k.id AS key_id, k.name AS key_name, k.company_id, k.last_used_at,
           u.id, u.name, u.email, u.role, u.partner_id, u.permissions
    FROM api_keys k JOIN users u ON u.id = k.created_by
    WHERE k.key_hash = ${keyHash} AND k.revoked_at IS NULL AND u.status = 'Active'`);
  const row = res.rows[0];
  if (!row) return null;
  // Counted per key (429 once over), after the key is known: unknown keys cannot fill the table.
  await hitRateLimit(db, `api-key:${row.key_id}`, API_KEY_RATE_LIMIT.max, API_KEY_RATE_LIMIT.windowMs);
  if (!row.last_used_at || Date.now() - new Date(row.last_used_at).getTime() >= LAST_USED_RESOLUTION_MS) {
    await db.execute(sql`UPDATE api_keys SET last_used_at = now() WHERE id = ${row.key_id}`);
  }
  return Object.freeze({
    id: row.id,
    sessionId: `api-key:${row.key_id}`,
    name: `${row.key_name} (chave de API)`,
    email: row.email,
    role: row.role,
    partnerId: row.partner_id,
    permissions: Object.freeze([...row.permissions]) as string[],
    apiKey: Object.freeze({ id: row.key_id, name: row.key_name, companyId: row.company_id }),
  });
}

/** Counts a call with an unknown or revoked key against the caller's IP; throws RateLimitedError when over. */
export async function countUnknownApiKey(db: Db, ip: string): Promise<void> {
  const { max, windowMs } = API_KEY_FAILURE_LIMIT;
  await hitRateLimit(db, `api-key-unknown:ip:${ip}`, max, windowMs, { progressive: true });
}
