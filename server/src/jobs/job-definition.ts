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
}

export function defineJob<S extends z.ZodType>(def: JobDefinition<S>): JobDefinition<S> {
  return def;
}
