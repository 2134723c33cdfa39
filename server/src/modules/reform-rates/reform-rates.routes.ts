import {
  ZMunicipalRate,
  ZMunicipalRateInput,
  ZMunicipalRateList,
  ZMunicipalRateParams,
  ZReformRate,
  ZReformRateList,
  ZReformRateParams,
  ZReformRateUpdate,
} from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as municipal from './municipal-rates.service.js';
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

  // The IBS municipal rate of a município by date (decision 042): the Admin's rows, the reference rate otherwise.
  app.get(
    '/tax/reform-rates/municipal',
    {
      schema: {
        tags,
        summary: 'Alíquotas do IBS municipal por município e data',
        response: { 200: ZMunicipalRateList },
      },
      preHandler: app.requirePermission('read:reference:global'),
    },
    () => municipal.listMunicipalRates(app.db),
  );

  app.post(
    '/tax/reform-rates/municipal',
    {
      schema: {
        tags,
        summary: 'Inclui a alíquota do IBS de um município a partir de uma data (Admin), com a fonte',
        body: ZMunicipalRateInput,
        response: { 201: ZMunicipalRate },
      },
      preHandler: app.requirePermission('write:reform-rate:global'),
    },
    async (req, reply) => reply.code(201).send(await municipal.saveMunicipalRate(app.db, req.actor!, null, req.body)),
  );

  app.put(
    '/tax/reform-rates/municipal/:id',
    {
      schema: {
        tags,
        summary: 'Altera a alíquota do IBS de um município (Admin)',
        params: ZMunicipalRateParams,
        body: ZMunicipalRateInput,
        response: { 200: ZMunicipalRate },
      },
      preHandler: app.requirePermission('write:reform-rate:global'),
    },
    (req) => municipal.saveMunicipalRate(app.db, req.actor!, req.params.id, req.body),
  );

  app.delete(
    '/tax/reform-rates/municipal/:id',
    {
      schema: {
        tags,
        summary: 'Exclui a alíquota de um município: volta a valer a alíquota de referência (Admin)',
        params: ZMunicipalRateParams,
        response: { 204: z.null() },
      },
      preHandler: app.requirePermission('write:reform-rate:global'),
    },
    async (req, reply) => {
      await municipal.removeMunicipalRate(app.db, req.actor!, req.params.id);
      return reply.code(204).send(null);
    },
  );
}
