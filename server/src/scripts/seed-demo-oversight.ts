import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * Demo history for the dashboard's 'Produtos Finalizados' chart. The demo catalogue is created in one go
 * today, so its products are spread back over the last four months: each arrived on one of those days and,
 * if Classified, was finalized between its arrival and today. The chart's series are then rebuilt from the
 * products themselves, so they add up to the catalogue the doughnuts show (decision 067) instead of a
 * made-up history. Runs once: skipped when any company already has history before today.
 */
export async function seedDemoOversight(db: Db): Promise<void> {
  const res = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM product_daily_counts WHERE day < oversight_today()`,
  );
  if ((res.rows[0]?.n ?? 0) > 0) return;
  await db.transaction(async (tx) => {
    // Weekdays are busier: a weekend day is drawn again once, so about nine in ten arrivals fall on weekdays.
    await tx.execute(sql`
      UPDATE products p SET created_at = p.created_at - make_interval(days => x.back)
      FROM (
        SELECT id, CASE WHEN extract(isodow FROM oversight_today() - b.back) >= 6 THEN (random() * 120)::int
          ELSE b.back END AS back
        FROM (SELECT id, (random() * 120)::int AS back FROM products) b
      ) x
      WHERE p.id = x.id`);
    await tx.execute(sql`
      UPDATE product_finalizations f SET day = a.day + (random() * (oversight_today() - a.day))::int
      FROM (SELECT id, (created_at AT TIME ZONE 'America/Sao_Paulo')::date AS day FROM products) a
      WHERE f.product_id = a.id`);
    // The dated counters rebuilt from the products (partner_daily_counts follows through its triggers).
    await tx.execute(sql`DELETE FROM product_daily_counts`);
    await tx.execute(sql`
      INSERT INTO product_daily_counts (company_id, day, created, classified)
      SELECT d.company_id, d.day, sum(d.created), sum(d.classified)
      FROM (
        SELECT p.company_id, (p.created_at AT TIME ZONE 'America/Sao_Paulo')::date AS day, 1 AS created, 0 AS classified
        FROM products p
        UNION ALL
        SELECT f.company_id, f.day, 0, 1 FROM product_finalizations f
      ) d
      GROUP BY 1, 2`);
  });
}
