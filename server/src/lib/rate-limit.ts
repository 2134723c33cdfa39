import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { AppError } from './app-error.js';

/**
 * Fixed-window counters in PostgreSQL (migrations 0511, 0721): several processes share them and a restart
 * does not reset them. One statement per hit: the row is created, counted, or restarted when its
 * window is over. Keys are hashed: e-mails and IPs are not kept in clear text.
 *
 * Every 429 says when to come back (Retry-After). A progressive limit (issue 24) makes each new throttle of
 * the same key within a day last twice the one before (window, 2×, 4×… up to a day): guessing one account's
 * password gets slower and slower, while a user who mistyped a few times waits one short window.
 */
let hitsSinceSweep = 0;

const MAX_WAIT_SECONDS = 24 * 60 * 60;

export interface RateLimitOptions {
  progressive?: boolean;
  /** Called when this hit starts a new throttle (the first hit over the limit), with the key's strike count. */
  onStrike?: (strikes: number) => Promise<void>;
}

export async function hitRateLimit(
  db: Db,
  key: string,
  max: number,
  windowMs: number,
  options: RateLimitOptions = {},
): Promise<void> {
  const hashed = createHash('sha256').update(key).digest('hex');
  const windowSeconds = windowMs / 1000;
  const res = await db.execute<{ hits: number; retry: number; strikes: number }>(sql`
    INSERT INTO rate_limits AS r (key, hits, reset_at)
    VALUES (${hashed}, 1, now() + make_interval(secs => ${windowSeconds}))
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.hits + 1 END,
      reset_at = CASE WHEN r.reset_at <= now() THEN EXCLUDED.reset_at ELSE r.reset_at END,
      strikes = CASE WHEN r.reset_at <= now() - interval '1 day' THEN 0 ELSE r.strikes END
    RETURNING hits, ceil(extract(epoch FROM reset_at - now()))::int AS retry, strikes`);
  // Expired rows are only garbage: swept by one hit in a thousand rather than by a timer.
  if (++hitsSinceSweep >= 1000) {
    hitsSinceSweep = 0;
    await db.execute(sql`DELETE FROM rate_limits WHERE reset_at < now() - interval '1 day'`);
  }
  const row = res.rows[0]!;
  if (row.hits <= max) return;
  if (row.hits > max + 1) throw new RateLimitedError(row.retry);
  // This hit starts a throttle: one more strike, and a longer wait when the limit is progressive.
  const factor = options.progressive ? sql`power(2, least(strikes, 20))` : sql`0`;
  const struck = await db.execute<{ retry: number; strikes: number }>(sql`
    UPDATE rate_limits SET
      strikes = strikes + 1,
      reset_at = greatest(reset_at, now() + make_interval(secs => least(${windowSeconds}::float8 * ${factor}, ${MAX_WAIT_SECONDS})))
    WHERE key = ${hashed}
    RETURNING ceil(extract(epoch FROM reset_at - now()))::int AS retry, strikes`);
  const { retry, strikes } = struck.rows[0] ?? { retry: row.retry, strikes: row.strikes + 1 };
  await options.onStrike?.(strikes);
  throw new RateLimitedError(retry);
}

/** 429 with the seconds until the key's window ends (the error handler sends them as Retry-After). */
export class RateLimitedError extends AppError {
  override readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super('RATE_LIMITED');
    this.retryAfterSeconds = Math.max(1, retryAfterSeconds);
  }
}
