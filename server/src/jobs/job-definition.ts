import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

/**
 * One background job: its queue name, the shape of its payload and its handler. A handler calls the same
 * service functions the routes call, so behaviour is tested once (style notes: background jobs).
 */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  schema: S;
  handle: (app: FastifyInstance, data: z.infer<S>) => Promise<unknown>;
  /** Seconds before a running job is considered lost and retried (default 15 min). */
  expireInSeconds?: number;
  retryLimit?: number;
  /**
   * Jobs a worker takes per fetch (default 1). Above 1 they run concurrently, each settled on its own, and a
   * full batch fetches the next at once instead of waiting for the poll: for many short jobs that must leave
   * within seconds (webhook deliveries, decision 044).
   */
  batchSize?: number;
  /**
   * Workers of this queue in each process (default 1), each fetching its own batches: while one waits for its
   * batch's slowest job (a receiver taking seconds), the others keep taking jobs.
   */
  concurrency?: number;
}

export function defineJob<S extends z.ZodType>(def: JobDefinition<S>): JobDefinition<S> {
  return def;
}
