import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { insertHealthCheck } from '../modules/tax/health/health.repository.js';
import { runHealthCheck } from '../modules/tax/health/health.service.js';

/**
 * Demo: a finished catalogue health check for every company that has products and none yet, so the
 * 'Saúde fiscal do catálogo' screen opens with real counts. Run in process (the same service call the
 * job makes), so the seed does not depend on a worker being up.
 */
export async function seedDemoHealth(db: Db): Promise<void> {
  const res = await db.execute<{ id: string } & Record<string, unknown>>(sql`
    SELECT c.id FROM companies c
    WHERE EXISTS (SELECT 1 FROM products p WHERE p.company_id = c.id)
      AND NOT EXISTS (SELECT 1 FROM health_checks h WHERE h.company_id = c.id)`);
  for (const { id } of res.rows) {
    const check = await insertHealthCheck(db, id, null);
    await runHealthCheck(db, check.id);
  }
}
