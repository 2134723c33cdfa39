import type { FastifyInstance } from 'fastify';

export default async function partnersRoutes(_app: FastifyInstance) {}
