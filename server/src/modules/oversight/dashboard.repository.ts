import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/** Companies of the dashboard's scope (alias `c`): every company for Admin, else the partner's. */
export const companyScope = (partnerId: string | null): SQL =>
  partnerId === null ? sql`true` : sql`c.partner_id = ${partnerId}`;

export interface CompanyCountsRow {
  companyId: string;
  document: string;
  razaoSocial: string;
  nomeFantasia: string;
  pendings: number;
  inAudits: number;
  returneds: number;
  classified: number;
  errors: number;
  amount: number;
  /** product_count_deltas rows read for the company: above a threshold the service folds them. */
  deltaRows: number;
}

/** Per-company status counts summed from product_count_deltas (0470), never counted over products. */
export async function findCompanyCounts(db: DbOrTx, scope: SQL): Promise<CompanyCountsRow[]> {
  const res = await db.execute<CompanyCountsRow & Record<string, unknown>>(sql`
    SELECT c.id AS "companyId", c.document, c.razao_social AS "razaoSocial", c.nome_fantasia AS "nomeFantasia",
      coalesce(d.pendings, 0)::int AS pendings, coalesce(d.in_audits, 0)::int AS "inAudits",
      coalesce(d.returneds, 0)::int AS returneds, coalesce(d.classified, 0)::int AS classified,
      coalesce(d.errors, 0)::int AS errors,
      coalesce(d.amount, 0)::int AS amount, coalesce(d.rows, 0)::int AS "deltaRows"
    FROM companies c
    LEFT JOIN LATERAL (
      SELECT sum(x.n) FILTER (WHERE x.status = 'P') AS pendings, sum(x.n) FILTER (WHERE x.status = 'A') AS in_audits,
        sum(x.n) FILTER (WHERE x.status = 'D') AS returneds, sum(x.n) FILTER (WHERE x.status = 'F') AS classified,
        sum(x.n) FILTER (WHERE x.status = 'E') AS errors,
        sum(x.n) AS amount, count(*) AS rows
      FROM product_count_deltas x WHERE x.company_id = c.id
    ) d ON true
    WHERE ${scope}
    ORDER BY pendings DESC, c.nome_fantasia, c.id`);
  return res.rows;
}

/** Products linked to a fiscal rule, checked or not (0550 counters), and the companies whose rows need folding. */
export async function findProductRuleChecks(
  db: DbOrTx,
  scope: SQL,
  foldAfterRows: number,
): Promise<{ checked: number; unchecked: number; toFold: string[] }> {
  const res = await db.execute<{ checked: number; unchecked: number; toFold: string[] | null }>(sql`
    SELECT coalesce(sum(t.checked), 0)::int AS checked, coalesce(sum(t.unchecked), 0)::int AS unchecked,
      array_agg(t.company_id) FILTER (WHERE t.rows > ${foldAfterRows}) AS "toFold"
    FROM (
      SELECT d.company_id, sum(d.n) FILTER (WHERE d.checked) AS checked, sum(d.n) FILTER (WHERE NOT d.checked) AS unchecked,
        count(*) AS rows
      FROM product_rule_check_deltas d JOIN companies c ON c.id = d.company_id
      WHERE ${scope} GROUP BY d.company_id
    ) t`);
  const row = res.rows[0];
  return { checked: row?.checked ?? 0, unchecked: row?.unchecked ?? 0, toFold: row?.toFold ?? [] };
}

export interface DailyRow {
  day: string;
  created: number;
  classified: number;
}

/**
 * Arrivals and classifications per day since `since` (YYYY-MM-DD), summed over one partner (Admin:
 * every partner) from partner_daily_counts (0563): about one row per partner and day, not per company.
 */
export async function findDailyCounts(
  db: DbOrTx,
  partnerId: string | null,
  since: string,
  foldAfterRows: number,
): Promise<{ days: DailyRow[]; toFold: string[] }> {
  const scope = partnerId === null ? sql`true` : sql`d.partner_id = ${partnerId}`;
  const res = await db.execute<{ days: DailyRow[] | null; toFold: string[] | null }>(sql`
    WITH per_day AS (
      SELECT d.partner_id, d.day, sum(d.created) AS created, sum(d.classified) AS classified, count(*) AS rows
      FROM partner_daily_counts d
      WHERE ${scope} AND d.day >= ${since}::date
      GROUP BY d.partner_id, d.day
    )
    SELECT
      (SELECT json_agg(json_build_object('day', to_char(g.day, 'YYYY-MM-DD'), 'created', g.created, 'classified', g.classified))
        FROM (SELECT day, sum(created)::int AS created, sum(classified)::int AS classified FROM per_day GROUP BY day) g) AS days,
      (SELECT array_agg(f.partner_id) FROM (
        SELECT partner_id FROM per_day GROUP BY partner_id HAVING sum(rows) > count(*) + ${foldAfterRows}) f) AS "toFold"`);
  const row = res.rows[0];
  return { days: row?.days ?? [], toFold: row?.toFold ?? [] };
}

/** Fiscal rules are global content (shared by every partner): their review status, counted. */
export async function countFiscalRulesByStatus(db: DbOrTx): Promise<{ checked: number; unchecked: number }> {
  const res = await db.execute<{ checked: number; unchecked: number }>(sql`
    SELECT count(*) FILTER (WHERE status = 'Checked')::int AS checked,
      count(*) FILTER (WHERE status = 'Unchecked')::int AS unchecked
    FROM fiscal_rules`);
  return res.rows[0] ?? { checked: 0, unchecked: 0 };
}

/**
 * Folds a company's counter rows into one per group, in one statement (same reasoning as
 * compactProductCounts: only committed rows the snapshot sees are replaced by their exact sum;
 * writers only append, so they never wait on it).
 */
export async function foldRuleCheckDeltas(db: DbOrTx, companyId: string): Promise<void> {
  await db.execute(sql`
    WITH gone AS (DELETE FROM product_rule_check_deltas d WHERE d.company_id = ${companyId} RETURNING d.checked, d.n)
    INSERT INTO product_rule_check_deltas (company_id, checked, n)
    SELECT ${companyId}, g.checked, sum(g.n) FROM gone g GROUP BY g.checked HAVING sum(g.n) <> 0`);
}

/** Folds a partner's daily rows into one per day (same reasoning as foldRuleCheckDeltas). */
export async function foldPartnerDailyCounts(db: DbOrTx, partnerId: string): Promise<void> {
  await db.execute(sql`
    WITH gone AS (
      DELETE FROM partner_daily_counts d WHERE d.partner_id = ${partnerId} RETURNING d.day, d.created, d.classified)
    INSERT INTO partner_daily_counts (partner_id, day, created, classified)
    SELECT ${partnerId}, g.day, sum(g.created), sum(g.classified) FROM gone g GROUP BY g.day`);
}
