import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

export interface ReformRateRow extends Record<string, unknown> {
  tax: 'CBS' | 'IBSUF' | 'IBSMun';
  validFrom: string;
  validTo: string | null;
  fileRate: string;
  rate: string;
  estimated: boolean;
  source: string;
  overridden: boolean;
  editedBy: string | null;
  editedAt: string | null;
}

const columns = sql`r.tax, r.valid_from::text AS "validFrom", r.valid_to::text AS "validTo",
  trim_scale(r.rate)::text AS "fileRate", trim_scale(coalesce(r.override_rate, r.rate))::text AS "rate", r.estimated,
  coalesce(r.override_source, r.source) AS source, r.override_rate IS NOT NULL AS overridden,
  u.name AS "editedBy", to_char(r.override_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "editedAt"`;

export async function findReformRates(db: DbOrTx): Promise<ReformRateRow[]> {
  const res = await db.execute<ReformRateRow>(sql`SELECT ${columns}
    FROM ref_cbs_ibs_rates r LEFT JOIN users u ON u.id = r.override_by
    WHERE r.active ORDER BY r.valid_from, array_position(ARRAY['CBS', 'IBSUF', 'IBSMun'], r.tax)`);
  return res.rows;
}

/** One row, locked for the edit (two Admins editing the same rate apply one after the other). */
export async function findReformRateForUpdate(db: DbOrTx, tax: string, validFrom: string) {
  const res = await db.execute<ReformRateRow>(sql`SELECT ${columns}
    FROM ref_cbs_ibs_rates r LEFT JOIN users u ON u.id = r.override_by
    WHERE r.tax = ${tax} AND r.valid_from = ${validFrom}::date AND r.active FOR UPDATE OF r`);
  return res.rows[0] ?? null;
}

export async function updateReformRateOverride(
  db: DbOrTx,
  key: { tax: string; validFrom: string },
  value: { rate: string | null; source: string | null; userId: string | null },
): Promise<void> {
  await db.execute(sql`UPDATE ref_cbs_ibs_rates SET override_rate = ${value.rate}::numeric,
      override_source = ${value.source}, override_by = ${value.userId}::uuid,
      override_at = CASE WHEN ${value.rate}::numeric IS NULL THEN NULL ELSE now() END
    WHERE tax = ${key.tax} AND valid_from = ${key.validFrom}::date`);
}
