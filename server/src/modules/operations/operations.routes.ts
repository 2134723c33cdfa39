import type { FastifyInstance } from 'fastify';

export default async function operationsRoutes(_app: FastifyInstance) {}
