import { ZOperationsQuery, ZOperationsResponse } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as service from './operations.service.js';

const tags = ['Produtos'];

export default async function operationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/products/fiscalservice/operations',
    {
      schema: {
        tags,
        summary: 'Consulta de operações: CFOP, CST/CSOSN, alíquotas, ST, DIFAL e CBS/IBS do produto',
        body: ZOperationsQuery,
        response: { 200: ZOperationsResponse },
      },
      preHandler: app.requirePermission('read:product'),
    },
    (req) => service.queryOperations(app.db, req.actor!, req.body),
  );
}
