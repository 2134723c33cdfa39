import type { TFanout } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { Db, Tx } from '../../../db/client.js';
import { AppError } from '../../../lib/app-error.js';
import { auditCodes } from '../../../lib/audit.js';
import { AUDIT } from '../classifying.codes.js';
import {
  classifyPendingByGtin,
  findFanout,
  findPendingTwins,
  insertFanout,
  lockCompaniesProductWrites,
  markFanoutJobDone,
  type PendingTwins,
} from './fanout.repository.js';

export const FANOUT_JOB = 'classify-pending-by-gtin';
/** GTINs of one company in one step: a step is one short transaction of one company. */
export const FANOUT_GTINS_PER_STEP = 2000;
/**
 * Pending products per job. A job walks its companies one transaction each; a worker polls its queue
 * once a second, so one job per company made 100 companies take 100 s on one process (bench/README.md).
 * Big runs still split into many jobs that several server processes share.
 */
export const FANOUT_PRODUCTS_PER_JOB = 20_000;

export interface FanoutStep {
  companyId: string;
  gtins: string[];
}

export interface FanoutJob {
  fanoutId: string;
  steps: FanoutStep[];
  actor: { id: string; name: string };
}

export interface PlannedFanout {
  id: string;
  jobs: FanoutJob[];
}

/** Companies (split by GTIN count) packed into jobs of about FANOUT_PRODUCTS_PER_JOB products. */
export function packJobs(twins: PendingTwins[]): FanoutStep[][] {
  const jobs: FanoutStep[][] = [];
  let current: FanoutStep[] = [];
  let size = 0;
  for (const t of twins) {
    const perGtin = t.products / Math.max(1, t.gtins.length);
    for (let i = 0; i < t.gtins.length; i += FANOUT_GTINS_PER_STEP) {
      const gtins = t.gtins.slice(i, i + FANOUT_GTINS_PER_STEP);
      const products = Math.ceil(perGtin * gtins.length);
      if (current.length > 0 && size + products > FANOUT_PRODUCTS_PER_JOB) {
        jobs.push(current);
        current = [];
        size = 0;
      }
      current.push({ companyId: t.companyId, gtins });
      size += products;
    }
  }
  if (current.length > 0) jobs.push(current);
  return jobs;
}

/**
 * Plans "classify once → everywhere" for GTINs the global base just got (server-design "Curating the
 * global base"): the companies with Pending products of those GTINs, packed into jobs, recorded in
 * global_fanouts and queued, all inside the caller's transaction (pg-boss send through it): the run and its
 * jobs exist if and only if the global rows commit, and no job can see the base before they are visible.
 * After the commit the caller answers with reportFanout.
 */
export async function planFanout(
  app: FastifyInstance,
  tx: Tx,
  input: { source: 'Create' | 'Update' | 'Import'; actor: { id: string; name: string }; twins: PendingTwins[] },
): Promise<PlannedFanout | null> {
  if (input.twins.length === 0) return null;
  const packed = packJobs(input.twins);
  const id = await insertFanout(tx, {
    source: input.source,
    userId: input.actor.id,
    companies: input.twins.length,
    products: input.twins.reduce((n, t) => n + t.products, 0),
    jobs: packed.length,
  });
  const jobs = packed.map((steps) => ({ fanoutId: id, steps, actor: input.actor }));
  for (const job of jobs) await app.jobs.send(FANOUT_JOB, job, { tx });
  return { id, jobs };
}

export { findPendingTwins };

/** After the commit: this process's worker starts at once (not at its next poll), and the run as it stands. */
export async function reportFanout(app: FastifyInstance, plan: PlannedFanout | null): Promise<TFanout | null> {
  if (!plan) return null;
  app.jobs.wake(FANOUT_JOB);
  return (await findFanout(app.db, plan.id)) ?? null;
}

/**
 * The job: one transaction that takes its companies' product write locks (in id order, so two jobs
 * never wait on each other in a cycle; an import of one of them is waited for, as by any writer) and
 * classifies all their Pending products of the GTINs in one statement, with the audit items,
 * classification-history rows and audit events (classifyPendingByGtin). One statement for 100
 * companies instead of a transaction per company: 10,000 products went from 10.8 s to the figure in
 * bench/README.md. A product classified or deleted meanwhile is simply not Pending any more, so a
 * retried job redoes nothing; the job's end counts it done (the last marks the run finished).
 */
export async function runFanoutJob(db: Db, job: FanoutJob): Promise<{ classified: number }> {
  const counts = await db.transaction(async (tx) => {
    await lockCompaniesProductWrites(tx, [...new Set(job.steps.map((s) => s.companyId))]);
    const found = await classifyPendingByGtin(tx, {
      steps: job.steps,
      actor: job.actor,
      fanoutId: job.fanoutId,
      audit: { code: AUDIT.classifiedByGlobal, description: auditCodes[AUDIT.classifiedByGlobal]!.description },
    });
    await markFanoutJobDone(tx, job.fanoutId);
    return found;
  });
  return { classified: counts.reduce((n, c) => n + c.classified, 0) };
}

export async function getFanout(db: Db, id: string): Promise<TFanout> {
  const found = await findFanout(db, id);
  if (!found) throw new AppError('FANOUT_NOT_FOUND');
  return found;
}
