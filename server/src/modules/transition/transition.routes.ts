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
          '(vICMSUFDest + vFCPUFDest), IPI, PIS, COFINS, CBS, IBS estadual e municipal e IS que a empresa paga, o ' +
          'ICMS cobrado antes da venda (`vICMSAnterior`: CST 60/CSOSN 500/CST 61, 9/10 em 2029 … nada em 2033) e, com ' +
          '`empresa.rbt12` (Simples Nacional, LC 123/2006 Anexo I), as parcelas do DAS (`vDAS*`) e o caminho do ' +
          'IBS/CBS pelo regime regular (`vTotalRegular`, `pCargaRegular`). Em 2026 a CBS e o IBS vão para ' +
          '`vCBSIBSCompensado` (LC 214/2025, art. 346); o que a empresa não paga (IPI com `empresa.contribuinteIpi: false`, ' +
          'PIS/COFINS do Simples) vai para `vNaoDevido`. `pCarga` = vTotal ÷ valor da operação × 100. Um ano que o ' +
          'motor não calcula responde 400 nomeando o ano (decisões 039 e 061).',
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
