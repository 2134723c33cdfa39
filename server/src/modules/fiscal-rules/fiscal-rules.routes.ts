import type { FastifyInstance } from 'fastify';

export default async function fiscalRulesRoutes(_app: FastifyInstance) {}
