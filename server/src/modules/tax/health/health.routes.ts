import { ZHealthCheck, ZHealthQuery, ZHealthReport, ZUuid } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HEALTH_CHECK_JOB } from './health.codes.js';
import * as service from './health.service.js';
import { writeFindingsXlsx } from './health-export.js';

const tags = ['Saúde fiscal do catálogo'];
const params = z.object({ id: ZUuid });

export default async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/companies/:id/health',
    {
      schema: {
        tags,
        summary: 'Inicia a verificação de saúde fiscal do catálogo (tarefa em segundo plano)',
        params,
        response: { 202: ZHealthCheck },
      },
      preHandler: app.requirePermission('write:product'),
    },
    async (req, reply) => {
      const check = await service.startHealthCheck(app.db, req.actor!, req.params.id, (checkId, tx) =>
        app.jobs.send(HEALTH_CHECK_JOB, { checkId }, { tx }),
      );
      app.jobs.wake(HEALTH_CHECK_JOB);
      return reply.status(202).send(check);
    },
  );

  app.get(
    '/companies/:id/health',
    {
      schema: {
        tags,
        summary: 'Saúde fiscal do catálogo: contagem por achado e páginas de achados da última verificação',
        params,
        querystring: ZHealthQuery,
        response: { 200: ZHealthReport },
      },
      preHandler: app.requirePermission('read:product'),
    },
    (req) => service.getHealthReport(app.db, req.actor!, req.params.id, req.query),
  );

  app.get(
    '/companies/:id/health/export',
    {
      schema: { tags, summary: 'Achados da última verificação em XLSX', params },
      preHandler: app.requirePermission('read:product'),
    },
    async (req, reply) => {
      const { rows } = await service.listAllFindings(app.db, req.actor!, req.params.id);
      const file = await writeFindingsXlsx(rows);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="saude-fiscal.xlsx"')
        .send(file);
    },
  );
}
