import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';

export interface StatusCounts {
  pending: number;
  classified: number;
  returned: number;
  inAudit: number;
  errors: number;
  amount: number;
  /** product_count_deltas rows read: above COMPACT_AFTER_ROWS the service folds them. */
  rows: number;
}

/** The history table shows the latest batches: a company importing daily for years stays one short read. */
export const HISTORY_LIMIT = 500;

/** A classification batch (0400 classification_batches, recorded at creation and import). */
export interface ClassificationBatchRow {
  id: string;
  createdAt: string;
  sent: number;
  classified: number;
}

/** A change-check run (0530 product_change_checks, GET /products/fiscalservice/consult). */
export interface ChangeCheckRow {
  id: string;
  createdAt: string;
  amount: number;
  missing: number;
  changed: number;
  finished: number;
}

/** The company's fields the indicators show, with the figures and histories of one statement. */
export interface IndicatorsRow {
  document: string;
  razaoSocial: string;
  nomeFantasia: string;
  crt: string;
  contribuinteIcms: boolean;
  regimeEspecial: string;
  regimeTributario: string;
  fiscalService: string;
  status: 'Pending' | 'Active' | 'Blocked';
  codigoFaixaEnquadramento: string;
  cnae: string | null;
  uf: string;
  counts: StatusCounts;
  /** Newest first, at most HISTORY_LIMIT; empty for Members. */
  classified: ClassificationBatchRow[];
  changes: ChangeCheckRow[];
}

/**
 * Everything GET /companies/indicators/common reads, in one round trip: the company only if the actor may
 * read it (Admin any; staff their partner's; a Member a linked one, blocked or not so the service can answer
 * COMPANY_BLOCKED), its status counters and, for non-Members, the two histories. No row: unknown or foreign.
 * The same rules as findAccessibleCompany, applied in the WHERE so nothing of a foreign company is read.
 */
export async function findIndicatorsOf(
  db: DbOrTx,
  actor: Actor,
  companyId: string,
  withHistories: boolean,
): Promise<IndicatorsRow | undefined> {
  const access: SQL =
    actor.role === 'Admin'
      ? sql`true`
      : actor.role === 'Member'
        ? sql`EXISTS (SELECT 1 FROM user_companies uc WHERE uc.user_id = ${actor.id} AND uc.company_id = c.id)`
        : sql`c.partner_id = ${actor.partnerId ?? '00000000-0000-0000-0000-000000000000'}`;
  const stamp = (col: SQL) => sql`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const histories = withHistories
    ? sql`(SELECT coalesce(json_agg(json_build_object('id', b.id, 'createdAt', ${stamp(sql`b.created_at`)},
          'sent', b.sent, 'classified', b.classified) ORDER BY b.created_at DESC, b.id), '[]')
        FROM (SELECT * FROM classification_batches b WHERE b.company_id = c.id
              ORDER BY b.created_at DESC, b.id LIMIT ${HISTORY_LIMIT}) b) AS classified,
      (SELECT coalesce(json_agg(json_build_object('id', x.id, 'createdAt', ${stamp(sql`x.created_at`)},
          'amount', x.amount, 'missing', x.missing, 'changed', x.changed, 'finished', x.finished)
          ORDER BY x.created_at DESC, x.id), '[]')
        FROM (SELECT * FROM product_change_checks x WHERE x.company_id = c.id
              ORDER BY x.created_at DESC, x.id LIMIT ${HISTORY_LIMIT}) x) AS changes`
    : sql`'[]'::json AS classified, '[]'::json AS changes`;
  const res = await db.execute<IndicatorsRow & Record<string, unknown>>(sql`
    SELECT c.document, c.razao_social AS "razaoSocial", c.nome_fantasia AS "nomeFantasia", c.crt,
      c.contribuinte_icms AS "contribuinteIcms", c.regime_especial AS "regimeEspecial",
      c.regime_tributario AS "regimeTributario", c.fiscal_service AS "fiscalService", c.status,
      c.codigo_faixa_enquadramento AS "codigoFaixaEnquadramento", c.cnae, c.uf,
      (SELECT json_build_object(
          'pending', coalesce(sum(d.n) FILTER (WHERE d.status = 'P'), 0)::int,
          'classified', coalesce(sum(d.n) FILTER (WHERE d.status = 'F'), 0)::int,
          'returned', coalesce(sum(d.n) FILTER (WHERE d.status = 'D'), 0)::int,
          'inAudit', coalesce(sum(d.n) FILTER (WHERE d.status = 'A'), 0)::int,
          'errors', coalesce(sum(d.n) FILTER (WHERE d.status = 'E'), 0)::int,
          'amount', coalesce(sum(d.n), 0)::int, 'rows', count(*)::int)
        FROM product_count_deltas d WHERE d.company_id = c.id) AS counts,
      ${histories}
    FROM companies c
    WHERE c.id = ${companyId} AND ${access}`);
  return res.rows[0];
}
