import { ZDfeAccessToken } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createDfeAccessToken } from './dfe.service.js';

export default async function dfeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/users/dfe/temporaryAccessToken',
    {
      schema: {
        tags: ['Identidade'],
        security: [{ bearer: [] }, { cookie: [] }],
        summary: 'Token de 5 minutos para o emissor de documentos fiscais',
        response: { 200: ZDfeAccessToken },
      },
      preHandler: app.authenticate,
    },
    async (request) => createDfeAccessToken(app, request.actor!),
  );
}
