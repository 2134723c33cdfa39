import {
  ZSimulation,
  ZSimulationList,
  ZSimulationProductsPage,
  ZSimulationProductsQuery,
  ZSimulationProductYears,
  ZSimulationStart,
  ZUuid,
} from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SIMULATION_JOB } from './simulation.codes.js';
import * as service from './simulation.service.js';
import { writeSimulationXlsx } from './simulation-export.js';

const tags = ['Simulação da reforma'];
const params = z.object({ id: ZUuid });

export default async function simulationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Simulating reads the catalogue and writes nothing of it: reading products is what it takes.
  const canRead = app.requirePermission('read:product');

  app.post(
    '/companies/:id/transition-simulations',
    {
      schema: {
        tags,
        summary: 'Inicia a simulação da reforma do catálogo da empresa (tarefa em segundo plano)',
        description:
          'Cada produto classificado (ligado a uma regra fiscal ou a um produto global) é calculado como uma venda da ' +
          'UF da empresa para `ufDestino` a um contribuinte ou consumidor final, em cada ano de `anoInicial` a `anoFinal`.',
        params,
        body: ZSimulationStart,
        response: { 202: ZSimulation },
      },
      preHandler: canRead,
    },
    async (req, reply) => {
      const sim = await service.startSimulation(app.db, req.actor!, req.params.id, req.body, (simulationId, tx) =>
        app.jobs.send(SIMULATION_JOB, { simulationId }, { tx }),
      );
      app.jobs.wake(SIMULATION_JOB);
      return reply.status(202).send(sim);
    },
  );

  app.get(
    '/companies/:id/transition-simulations',
    {
      schema: {
        tags,
        summary: 'As últimas simulações da reforma da empresa',
        params,
        response: { 200: ZSimulationList },
      },
      preHandler: canRead,
    },
    (req) => service.listSimulations(app.db, req.actor!, req.params.id),
  );

  app.get(
    '/transition-simulations/:id',
    {
      schema: {
        tags,
        summary: 'Situação, progresso e totais por ano de uma simulação da reforma',
        params,
        response: { 200: ZSimulation },
      },
      preHandler: canRead,
    },
    (req) => service.getSimulation(app.db, req.actor!, req.params.id),
  );

  app.get(
    '/transition-simulations/:id/products',
    {
      schema: {
        tags,
        summary: 'Produtos da simulação, os de maior aumento de carga primeiro',
        params,
        querystring: ZSimulationProductsQuery,
        response: { 200: ZSimulationProductsPage },
      },
      preHandler: canRead,
    },
    (req) => service.listSimulationProducts(app.db, req.actor!, req.params.id, req.query),
  );

  app.get(
    '/transition-simulations/:id/products/:productId',
    {
      schema: {
        tags,
        summary: 'Os anos de um produto da simulação, com a memória de cálculo',
        params: params.extend({ productId: ZUuid }),
        response: { 200: ZSimulationProductYears },
      },
      preHandler: canRead,
    },
    (req) => service.getSimulationProductYears(app.db, req.actor!, req.params.id, req.params.productId),
  );

  app.get(
    '/transition-simulations/:id/export',
    {
      schema: { tags, summary: 'A simulação em XLSX: anos do catálogo e carga de cada produto', params },
      preHandler: canRead,
    },
    async (req, reply) => {
      const sim = await service.findExportableSimulation(app.db, req.actor!, req.params.id);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="simulacao-reforma.xlsx"')
        .send(writeSimulationXlsx(app.db, sim));
    },
  );
}
