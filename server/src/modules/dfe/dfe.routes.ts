import type { FastifyInstance } from 'fastify';

export default async function dfeRoutes(_app: FastifyInstance) {}
