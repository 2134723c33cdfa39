import { type TDashboard, todayInBrazil } from '@app/contract';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { COMPACT_AFTER_ROWS, compactProductCounts } from '../products/product-counts.repository.js';
import {
  companyScope,
  countFiscalRulesByStatus,
  findCompanyCounts,
  findDailyCounts,
  findProductRuleChecks,
  foldPartnerDailyCounts,
  foldRuleCheckDeltas,
} from './dashboard.repository.js';
import { buildSeries, seriesStart } from './dashboard-series.js';
import { countTicketsByStatus } from './tickets-count.repository.js';

/**
 * GET /users/partners/dashboard (spec 01 §3): Admin sees every partner, partner staff their own.
 * Every figure is a sum of counters kept by triggers (decision 021): its cost grows with the number
 * of companies and days, not with the catalogue.
 */
export async function getDashboard(db: Db, actor: Actor, now = new Date()): Promise<TDashboard> {
  const partnerId = actor.role === 'Admin' ? null : actor.partnerId;
  const scope = companyScope(partnerId);
  const today = todayInBrazil(now);
  const [companies, ruleChecks, daily, fiscalRules, tickets] = await Promise.all([
    findCompanyCounts(db, scope),
    findProductRuleChecks(db, scope, COMPACT_AFTER_ROWS),
    findDailyCounts(db, partnerId, seriesStart(today), COMPACT_AFTER_ROWS),
    countFiscalRulesByStatus(db),
    countTicketsByStatus(db, scope),
  ]);
  await foldCounters(db, companies, ruleChecks.toFold, daily.toFold);
  const sum = (k: 'pendings' | 'inAudits' | 'returneds' | 'classified' | 'errors' | 'amount') =>
    companies.reduce((acc, c) => acc + c[k], 0);
  const series = buildSeries(daily.days, today);
  return {
    totalProducts: sum('amount'),
    products: {
      pendings: sum('pendings'),
      inAudit: sum('inAudits'),
      refundeds: sum('returneds'),
      classified: sum('classified'),
      errors: sum('errors'),
    },
    newProducts: series.created,
    classification: {
      finishedsByDay: series.classified.day,
      finishedsByWeek: series.classified.week,
      finishedsByMonth: series.classified.month,
    },
    tickets,
    fiscalRules,
    productFiscalRules: { checked: ruleChecks.checked, unchecked: ruleChecks.unchecked },
    companies: companies.map((c) => ({
      companyId: c.companyId,
      document: c.document,
      companyRazaoSocial: c.razaoSocial,
      companyNomeFantasia: c.nomeFantasia,
      pendings: c.pendings,
      inAudits: c.inAudits,
      returneds: c.returneds,
      errors: c.errors,
      amount: c.amount,
    })),
  };
}

/** Keeps the next read cheap: companies whose counters grew long get them folded (rare, one statement each). */
async function foldCounters(
  db: Db,
  companies: { companyId: string; deltaRows: number }[],
  ruleChecks: string[],
  daily: string[],
): Promise<void> {
  for (const c of companies) if (c.deltaRows > COMPACT_AFTER_ROWS) await compactProductCounts(db, c.companyId);
  for (const id of ruleChecks) await foldRuleCheckDeltas(db, id);
  for (const id of daily) await foldPartnerDailyCounts(db, id);
}
