import { ZTaxTransitionRequest, ZTaxTransitionResponse, ZTransitionYearsComputed } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { findComputedYears } from './computed-years.js';
import './simulation.codes.js';
import simulationRoutes from './simulation.routes.js';
import * as service from './transition.service.js';

const tags = ['Motor tributário'];

export default async function transitionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/tax/transition',
    {
      schema: {
        tags,
        summary: 'Simula um item de NF-e ano a ano na transição da reforma (2026 a 2033): tributos, total e carga',
        description:
          'O corpo de /tax/calculate sem a data: o item é calculado em `diaMes` (padrão 07-01) de cada ano de ' +
          '`anoInicial` a `anoFinal` (padrão 2026 a 2033). `vTotal` soma ICMS, ICMS-ST, FCP, FCP-ST, DIFAL ' +
          '(vICMSUFDest + vFCPUFDest), IPI, PIS, COFINS, CBS, IBS estadual e municipal e IS; `pCarga` = vTotal ÷ ' +
          'valor da operação × 100. Um ano que o motor não calcula responde 400 nomeando o ano.',
        body: ZTaxTransitionRequest,
        response: { 200: ZTaxTransitionResponse },
      },
      // Reading reference data, like /tax/calculate: every signed-in role may simulate an item.
      preHandler: app.requirePermission('read:reference:global'),
    },
    (req) => service.calculateItemTransition(app.db, req.body),
  );

  app.get(
    '/tax/transition/years',
    {
      schema: {
        tags,
        summary: 'Os anos da transição que o motor calcula hoje (os demais respondem 400 nomeando o ano)',
        response: { 200: ZTransitionYearsComputed },
      },
      preHandler: app.requirePermission('read:reference:global'),
    },
    () => ({ anos: findComputedYears() }),
  );

  await app.register(simulationRoutes);
}
