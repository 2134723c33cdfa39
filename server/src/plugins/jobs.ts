import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fromDrizzle, PgBoss } from 'pg-boss';
import type { Tx } from '../db/client.js';
import { jobDefinitions } from '../jobs/index.js';
import type { JobDefinition } from '../jobs/job-definition.js';
import { describeForLog } from './http-statuses.js';

export interface Jobs {
  /**
   * Queues a job (validated against its schema); returns its id. Never runs it in this request. With `tx` the
   * job row is inserted by the caller's transaction (pg-boss `send` with `db`: pg-boss's own Drizzle adapter,
   * which runs its statements through the transaction's public `execute`): it exists if and only if that
   * transaction commits, so a crash between a write and its job can lose neither. Call `wake` after the commit.
   */
  send: (
    name: string,
    data: object,
    options?: { singletonKey?: string; singletonSeconds?: number; startAfter?: number; tx?: Tx },
  ) => Promise<string>;
  /**
   * Queues many jobs of one queue in one statement (pg-boss `insert`), inside `tx` like `send`: a dispatch of
   * 200 deliveries costs one round trip instead of 200. Queue options (retries, expiry) are the queue's own.
   */
  sendMany: (name: string, data: object[], options: { tx: Tx }) => Promise<void>;
  /**
   * After the commit of a transaction that queued jobs: this process's worker of `name` fetches now instead of
   * at its next poll (up to a second later). Other processes still find the jobs at their poll.
   */
  wake: (name: string) => void;
  /**
   * Runs the queued jobs of `name` (or of every queue) in this process until none is left; returns how many ran.
   * Tests and scripts use it instead of waiting for a worker's poll.
   */
  drain: (name?: string) => Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/**
 * pg-boss over the app's own pool (decision 014): jobs live in PostgreSQL (schema pgboss, migration 0505), so they
 * survive restarts and every server process shares the work. Workers run when `config.jobWorkers` is on.
 */
export default fp(
  async (app: FastifyInstance, opts: { definitions?: JobDefinition[] }) => {
    const definitions = opts.definitions ?? jobDefinitions;
    const pool = app.database.pool;
    const boss = new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => pool.query(text, values as unknown[]) },
      schema: 'pgboss',
      // Our migrations install the schema; maintenance and cron only where workers run.
      migrate: false,
      supervise: app.config.jobWorkers,
      schedule: false,
    });
    boss.on('error', (err: Error) => app.log.error({ err: { message: err.message } }, 'fila de tarefas: erro'));
    const byName = new Map<string, JobDefinition>(definitions.map((d) => [d.name, d]));
    const workerIds = new Map<string, string>();
    let started = false;

    async function ensureStarted() {
      if (started) return;
      started = true;
      await boss.start();
      for (const def of definitions) {
        await boss.createQueue(def.name, {
          retryLimit: def.retryLimit ?? 2,
          expireInSeconds: def.expireInSeconds ?? 900,
        });
      }
    }

    /**
     * A job's failure is logged here, under the job's id, as the 5xx handler logs (codes and stack, never the message,
     * which for a failed query holds SQL and values); what a user reads is the job's own Portuguese status.
     */
    async function run(def: JobDefinition, data: unknown, jobId?: string) {
      try {
        return await def.handle(app, def.schema.parse(data));
      } catch (err) {
        app.log.error({ job: def.name, jobId, err: describeForLog(err) }, 'tarefa em segundo plano falhou');
        throw err;
      }
    }

    /** One job of a batch, settled on its own: a failure retries that job only. */
    async function settle(def: JobDefinition, job: { id: string; data: unknown }) {
      try {
        return {
          id: job.id,
          status: 'completed' as const,
          output: ((await run(def, job.data, job.id)) ?? null) as object | null,
        };
      } catch (err) {
        return { id: job.id, status: 'failed' as const, output: { message: (err as Error).message } };
      }
    }

    const jobs: Jobs = {
      async send(name, data, options) {
        const def = byName.get(name);
        if (!def) throw new Error(`Tarefa desconhecida: ${name}`);
        def.schema.parse(data);
        await ensureStarted();
        const { tx, ...sendOptions } = options ?? {};
        const id = await boss.send(name, data, tx ? { ...sendOptions, db: fromDrizzle(tx, sql) } : sendOptions);
        if (!id) throw new Error(`Tarefa ${name} não enfileirada`);
        return id;
      },
      async sendMany(name, data, { tx }) {
        const def = byName.get(name);
        if (!def) throw new Error(`Tarefa desconhecida: ${name}`);
        if (data.length === 0) return;
        for (const d of data) def.schema.parse(d);
        await ensureStarted();
        await boss.insert(
          name,
          data.map((d) => ({ data: d })),
          { db: fromDrizzle(tx, sql) },
        );
      },
      wake(name) {
        const workerId = workerIds.get(name);
        if (workerId) boss.notifyWorker(workerId);
      },
      async drain(name) {
        await ensureStarted();
        let count = 0;
        for (const def of name ? [byName.get(name)].filter((d) => d !== undefined) : definitions) {
          for (;;) {
            const [job] = await boss.fetch<object>(def.name);
            if (!job) break;
            try {
              const output = await run(def, job.data, job.id);
              await boss.complete(def.name, job.id, (output ?? null) as object | null);
            } catch (err) {
              await boss.fail(def.name, job.id, { message: (err as Error).message });
            }
            count++;
          }
        }
        return count;
      },
    };
    app.decorate('jobs', jobs);

    if (app.config.jobWorkers) {
      app.addHook('onReady', async () => {
        await ensureStarted();
        for (const def of definitions) {
          const pollingIntervalSeconds = 1;
          const batchSize = def.batchSize ?? 1;
          const workerId =
            batchSize > 1
              ? await boss.work(
                  def.name,
                  {
                    pollingIntervalSeconds,
                    batchSize,
                    burstWhenBatchFull: true,
                    perJobResults: true,
                    localConcurrency: def.concurrency ?? 1,
                  },
                  (batch) => Promise.all(batch.map((job) => settle(def, job))),
                )
              : await boss.work(def.name, { pollingIntervalSeconds }, async ([job]) => {
                  if (!job) return null;
                  return (await run(def, job.data, job.id)) ?? null;
                });
          workerIds.set(def.name, workerId);
        }
      });
    }
    app.addHook('onClose', async () => {
      if (started) await boss.stop({ graceful: true, timeout: 5000, close: false }).catch(() => undefined);
    });
  },
  { name: 'jobs', dependencies: ['db'] },
);
