import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * Demo history for the dashboard's 'Produtos Finalizados' chart: the demo catalogue is created in
 * one go today, so the months before get plausible daily arrivals and classifications (weekdays
 * busier than weekends). Runs once: skipped when any company already has history before today.
 */
export async function seedDemoOversight(db: Db): Promise<void> {
  const res = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM product_daily_counts WHERE day < oversight_today()`,
  );
  if ((res.rows[0]?.n ?? 0) > 0) return;
  await db.execute(sql`
    INSERT INTO product_daily_counts (company_id, day, created, classified)
    SELECT c.id, d.day::date, x.created, (x.created * (0.55 + random() * 0.4))::int
    FROM companies c
    CROSS JOIN generate_series(oversight_today() - 330, oversight_today() - 1, interval '1 day') AS d(day)
    CROSS JOIN LATERAL (
      SELECT (CASE WHEN extract(isodow FROM d.day) >= 6 THEN 2 ELSE 12 END * (0.5 + random()))::int
        + (CASE WHEN random() < 0.03 THEN 150 ELSE 0 END) AS created
      -- c.id makes the draw per company and day: companies import their big batches on different days
      WHERE c.id IS NOT NULL
    ) x
    -- a company nobody has access to yet (just registered) has no history
    WHERE EXISTS (SELECT 1 FROM user_companies u WHERE u.company_id = c.id)`);
}
