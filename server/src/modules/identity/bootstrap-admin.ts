import type { FastifyInstance } from 'fastify';

/** First start on an empty database creates the Admin (filled in by the identity module). */
export async function bootstrapAdmin(_app: FastifyInstance): Promise<void> {}
