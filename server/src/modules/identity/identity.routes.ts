import type { FastifyInstance } from 'fastify';

export default async function identityRoutes(_app: FastifyInstance) {}
