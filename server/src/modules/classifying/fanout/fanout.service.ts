import type { TFanout } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { Db, DbOrTx } from '../../../db/client.js';
import { AppError } from '../../../lib/app-error.js';
import { recordAudit } from '../../../lib/audit.js';
import { lockCompanyProductWrites, recordClassificationBatch } from '../../products/matching/upsert-products.js';
import { AUDIT } from '../classifying.codes.js';
import {
  addFanoutProgress,
  classifyPendingByGtin,
  findFanout,
  findPendingTwins,
  insertFanout,
  type PendingTwins,
} from './fanout.repository.js';

export const FANOUT_JOB = 'classify-pending-by-gtin';
/** GTINs per job: a job is one short transaction of one company (a few thousand products at most). */
export const FANOUT_GTINS_PER_JOB = 2000;

export interface FanoutJob {
  fanoutId: string;
  companyId: string;
  gtins: string[];
  actor: { id: string; name: string };
}

export interface PlannedFanout {
  id: string;
  jobs: FanoutJob[];
}

/**
 * Plans "classify once → everywhere" for GTINs the global base just got (server-design "Curating the
 * global base"): the companies with Pending products of those GTINs, one job per company (split by
 * FANOUT_GTINS_PER_JOB), recorded in global_fanouts inside the caller's transaction. The caller sends
 * the jobs after its commit (sendFanoutJobs), so no job can run before the global rows are visible.
 */
export async function planFanout(
  tx: DbOrTx,
  input: { source: 'Create' | 'Update' | 'Import'; actor: { id: string; name: string }; twins: PendingTwins[] },
): Promise<PlannedFanout | null> {
  if (input.twins.length === 0) return null;
  const jobs: Omit<FanoutJob, 'fanoutId'>[] = [];
  for (const t of input.twins) {
    for (let i = 0; i < t.gtins.length; i += FANOUT_GTINS_PER_JOB) {
      jobs.push({ companyId: t.companyId, gtins: t.gtins.slice(i, i + FANOUT_GTINS_PER_JOB), actor: input.actor });
    }
  }
  const id = await insertFanout(tx, {
    source: input.source,
    userId: input.actor.id,
    companies: input.twins.length,
    products: input.twins.reduce((n, t) => n + t.products, 0),
    jobs: jobs.length,
  });
  return { id, jobs: jobs.map((j) => ({ ...j, fanoutId: id })) };
}

export { findPendingTwins };

export async function sendFanoutJobs(app: FastifyInstance, plan: PlannedFanout | null): Promise<TFanout | null> {
  if (!plan) return null;
  for (const job of plan.jobs) await app.jobs.send(FANOUT_JOB, job);
  return (await findFanout(app.db, plan.id)) ?? null;
}

/**
 * The job: classifies one company's Pending products of the GTINs (a product classified or deleted
 * meanwhile is simply not Pending any more), with the classification-history row of the company and
 * an audit event, and adds its count to the run. Under the company's product write lock, like an import.
 */
export async function runFanoutJob(db: Db, job: FanoutJob): Promise<{ classified: number }> {
  return db.transaction(async (tx) => {
    await lockCompanyProductWrites(tx, job.companyId);
    const company = await tx.query.companies.findFirst({ where: (c, { eq }) => eq(c.id, job.companyId) });
    let ids: string[] = [];
    if (company) {
      ids = await classifyPendingByGtin(tx, {
        companyId: company.id,
        uf: company.uf,
        gtins: job.gtins,
        actor: job.actor,
      });
    }
    if (company && ids.length > 0) {
      await recordClassificationBatch(tx, {
        companyId: company.id,
        userId: job.actor.id,
        source: 'Global',
        sent: ids.length,
        classified: ids.length,
      });
      await recordAudit(tx, {
        code: AUDIT.classifiedByGlobal,
        actor: job.actor,
        partnerId: company.partnerId,
        companyId: company.id,
        entityId: job.fanoutId,
        after: { classified: ids.length, gtins: job.gtins.length },
      });
    }
    await addFanoutProgress(tx, job.fanoutId, ids.length);
    return { classified: ids.length };
  });
}

export async function getFanout(db: Db, id: string): Promise<TFanout> {
  const found = await findFanout(db, id);
  if (!found) throw new AppError('FANOUT_NOT_FOUND');
  return found;
}
