import { ZDashboard, ZIndicators, ZIndicatorsQuery, ZLogDescriptiveList, ZLogExportQuery } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import './oversight.codes.js';
import { getDashboard } from './dashboard.service.js';
import { getIndicators } from './indicators.service.js';
import { listLogDescriptives, openLogExport } from './logs.service.js';

const security: { [name: string]: string[] }[] = [{ bearer: [] }, { cookie: [] }];

/** Oversight (issue 12): partner dashboard, company indicators, log descriptives and export. */
export default async function oversightRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/users/partners/dashboard',
    {
      schema: {
        tags: ['Dashboard'],
        security,
        summary: 'Números do dashboard do parceiro',
        response: { 200: ZDashboard },
      },
      preHandler: app.requirePermission('read:dashboard'),
    },
    (req) => getDashboard(app.db, req.actor!),
  );

  app.get(
    '/companies/indicators/common',
    {
      schema: {
        tags: ['Empresas'],
        security,
        summary: 'Indicadores da empresa',
        querystring: ZIndicatorsQuery,
        response: { 200: ZIndicators },
      },
      preHandler: app.requirePermission('read:company'),
    },
    (req) => getIndicators(app.db, req.actor!, req.query.companyId),
  );

  app.get(
    '/users/partners/logs/descriptives',
    {
      schema: {
        tags: ['Logs'],
        security,
        summary: 'Códigos de log e descrições',
        response: { 200: ZLogDescriptiveList },
      },
      preHandler: app.requirePermission('read:log'),
    },
    async () => listLogDescriptives(),
  );

  app.get(
    '/users/partners/logs/export',
    {
      schema: {
        tags: ['Logs'],
        security,
        summary: 'Exporta os logs de um período (XLSX)',
        querystring: ZLogExportQuery,
      },
      preHandler: app.requirePermission('read:log'),
    },
    async (req, reply) => {
      const body = openLogExport(app.db, req.actor!, req.query);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="Log.xlsx"')
        .send(body);
    },
  );
}
