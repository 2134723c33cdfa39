import { ZReformRate, ZReformRateList, ZReformRateParams, ZReformRateUpdate } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as service from './reform-rates.service.js';

const tags = ['Motor tributário'];

export default async function reformRatesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/tax/reform-rates',
    {
      schema: {
        tags,
        summary:
          'Alíquotas de referência de CBS, IBS estadual e IBS municipal por data (2026–2033), com as estimativas',
        response: { 200: ZReformRateList },
      },
      preHandler: app.requirePermission('read:reference:global'),
    },
    () => service.listReformRates(app.db),
  );

  app.put(
    '/tax/reform-rates/:tax/:validFrom',
    {
      schema: {
        tags,
        summary: 'Altera uma alíquota estimada (Admin), com a fonte; rate nulo volta ao valor do arquivo oficial',
        params: ZReformRateParams,
        body: ZReformRateUpdate,
        response: { 200: ZReformRate },
      },
      preHandler: app.requirePermission('write:reform-rate:global'),
    },
    (req) => service.updateReformRate(app.db, req.actor!, req.params, req.body),
  );
}
