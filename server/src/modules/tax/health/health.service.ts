import {
  healthFindingInfo,
  healthFindingKinds,
  type THealthCheck,
  type THealthQuery,
  type THealthReport,
  ZHealthQuery,
} from '@app/contract';
import type { Db, DbOrTx, Tx } from '../../../db/client.js';
import type { Actor } from '../../../lib/actor.js';
import { AppError } from '../../../lib/app-error.js';
import { recordAudit } from '../../../lib/audit.js';
import { findUsableCompany } from '../../../lib/company-access.js';
import { AUDIT_HEALTH_CHECK_STARTED } from './health.codes.js';
import * as repo from './health.repository.js';

function toCheck(row: repo.HealthCheckRow): THealthCheck {
  return {
    id: row.id,
    status: row.status,
    referenceDate: row.referenceDate,
    products: row.products,
    findings: row.findings,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The job expires after 10 min and is retried twice: a run older than 40 min is lost, not in progress. */
const STALE_AFTER_MS = 40 * 60_000;

function isInProgress(check: repo.HealthCheckRow): boolean {
  if (check.status !== 'Queued' && check.status !== 'Running') return false;
  return Date.now() - check.createdAt.getTime() < STALE_AFTER_MS;
}

/**
 * Queues a check of the company's catalogue. One run at a time per company: a second click while
 * one is queued or running answers 409 instead of doubling the work.
 */
export async function startHealthCheck(
  db: Db,
  actor: Actor,
  companyId: string,
  enqueue: (checkId: string, tx: Tx) => Promise<unknown>,
): Promise<THealthCheck> {
  const company = await findUsableCompany(db, actor, companyId);
  const check = await db.transaction(async (tx) => {
    const latest = await repo.findLatestHealthCheck(tx, company.id);
    if (latest && isInProgress(latest)) throw new AppError('HEALTH_CHECK_RUNNING');
    const row = await repo.insertHealthCheck(tx, company.id, actor.id);
    await recordAudit(tx, {
      code: AUDIT_HEALTH_CHECK_STARTED,
      actor,
      partnerId: company.partnerId,
      companyId: company.id,
      entityId: row.id,
    });
    // Queued by this transaction: the run and its job exist together or not at all (a run never queued
    // would block the next one with a 409).
    await enqueue(row.id, tx);
    return row;
  });
  return toCheck(check);
}

/** The job's work: every rule over the catalogue in one transaction, then the totals. */
export async function runHealthCheck(db: DbOrTx, checkId: string): Promise<void> {
  const check = await repo.findHealthCheck(db, checkId);
  if (!check || check.status === 'Done') return;
  await repo.updateHealthCheck(db, checkId, { status: 'Running', startedAt: new Date() });
  try {
    await db.transaction(async (tx) => {
      // A retried job starts from a clean slate.
      await tx.execute(repo.deleteFindingsSql(checkId));
      const totals = await repo.runHealthRules(tx, check);
      await repo.updateHealthCheck(tx, checkId, { status: 'Done', finishedAt: new Date(), ...totals });
    });
  } catch (err) {
    await repo.updateHealthCheck(db, checkId, { status: 'Failed', finishedAt: new Date() });
    throw err;
  }
}

/** Summary counts by finding and one page of findings of the company's latest check. */
export async function getHealthReport(
  db: DbOrTx,
  actor: Actor,
  companyId: string,
  query: THealthQuery,
): Promise<THealthReport> {
  const company = await findUsableCompany(db, actor, companyId);
  const q = ZHealthQuery.parse(query);
  const latest = await repo.findLatestHealthCheck(db, company.id);
  const empty = { counts: [], productsWithFindings: 0, items: [], total: 0, page: q.page, pageSize: q.pageSize };
  if (!latest) return { check: null, ...empty };
  // Counts and findings always come from the last finished run, so a running check still shows the previous one.
  const shown = latest.status === 'Done' ? latest : await repo.findLatestDoneHealthCheck(db, company.id);
  if (!shown) return { check: toCheck(latest), ...empty };
  const { byKind, products } = await repo.countFindingsByKind(db, shown.id);
  const page = await repo.findFindings(db, shown.id, {
    kind: q.kind,
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });
  return {
    check: toCheck(latest),
    counts: healthFindingKinds.map((kind) => ({
      kind,
      label: healthFindingInfo[kind].label,
      rejection: healthFindingInfo[kind].rejection,
      count: byKind.get(kind) ?? 0,
    })),
    productsWithFindings: products,
    items: page.rows.map(({ proposal, ruleCode, ...r }) => ({
      ...r,
      // The rule book's findings name their rule (decision 060): "778 · I05-20".
      rejection: ruleCode ?? healthFindingInfo[r.kind].rejection,
      fix: healthFindingInfo[r.kind].fix,
      proposedCClassTrib: proposal ? proposal.split(',') : null,
    })),
    total: page.total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** Every finding of the last finished run, for the XLSX. */
export async function listAllFindings(db: DbOrTx, actor: Actor, companyId: string) {
  const company = await findUsableCompany(db, actor, companyId);
  const shown = await repo.findLatestDoneHealthCheck(db, company.id);
  if (!shown) return { company, rows: [] };
  const { rows } = await repo.findFindings(db, shown.id, { limit: null, offset: 0 });
  return { company, rows };
}
