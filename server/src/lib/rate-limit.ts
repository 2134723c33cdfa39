import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { AppError } from './app-error.js';

/**
 * Fixed-window counters in PostgreSQL (migration 0511): several processes share them and a restart
 * does not reset them. One statement per hit: the row is created, counted, or restarted when its
 * window is over. Keys are hashed: e-mails and IPs are not kept in clear text.
 */
let hitsSinceSweep = 0;

export async function hitRateLimit(db: Db, key: string, max: number, windowMs: number): Promise<void> {
  const hashed = createHash('sha256').update(key).digest('hex');
  const res = await db.execute<{ hits: number; retry: number }>(sql`
    INSERT INTO rate_limits AS r (key, hits, reset_at)
    VALUES (${hashed}, 1, now() + make_interval(secs => ${windowMs / 1000}))
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.hits + 1 END,
      reset_at = CASE WHEN r.reset_at <= now() THEN EXCLUDED.reset_at ELSE r.reset_at END
    RETURNING hits, ceil(extract(epoch FROM reset_at - now()))::int AS retry`);
  // Expired rows are only garbage: swept by one hit in a thousand rather than by a timer.
  if (++hitsSinceSweep >= 1000) {
    hitsSinceSweep = 0;
    await db.execute(sql`DELETE FROM rate_limits WHERE reset_at < now() - interval '1 hour'`);
  }
  const row = res.rows[0]!;
  if (row.hits > max) throw new AppError('RATE_LIMITED');
}
