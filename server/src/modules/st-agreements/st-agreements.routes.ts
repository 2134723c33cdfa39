import {
  ZMessage,
  ZStAgreementCreate,
  ZStAgreementDelete,
  ZStAgreementDetail,
  ZStAgreementEnd,
  ZStAgreementListQuery,
  ZStAgreementPage,
  ZStAgreementParams,
  ZStAgreementUpdate,
} from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as service from './st-agreements.service.js';

const tags = ['Acordos de ICMS-ST'];

/** Interstate ICMS-ST agreements (decision 064): every role reads, the Admin curates with a reason per change. */
export default async function stAgreementsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const read = app.requirePermission('read:st-agreement:global');
  const write = app.requirePermission('write:st-agreement:global');

  app.get(
    '/st-agreements',
    {
      schema: {
        tags,
        summary: 'Acordos de ICMS-ST por par de UFs e segmento CEST, com filtros (paginado)',
        querystring: ZStAgreementListQuery,
        response: { 200: ZStAgreementPage },
      },
      preHandler: read,
    },
    (req) => service.listStAgreements(app.db, req.query),
  );

  app.get(
    '/st-agreements/:id',
    {
      schema: {
        tags,
        summary: 'Um acordo de ICMS-ST com o seu histórico',
        params: ZStAgreementParams,
        response: { 200: ZStAgreementDetail },
      },
      preHandler: read,
    },
    (req) => service.getStAgreement(app.db, req.params.id),
  );

  app.post(
    '/st-agreements',
    {
      schema: {
        tags,
        summary: 'Cadastra um acordo de ICMS-ST (Admin)',
        body: ZStAgreementCreate,
        response: { 201: ZStAgreementDetail },
      },
      preHandler: write,
    },
    async (req, reply) => reply.status(201).send(await service.createStAgreement(app.db, req.actor!, req.body)),
  );

  app.put(
    '/st-agreements/:id',
    {
      schema: {
        tags,
        summary: 'Altera um acordo de ICMS-ST, com o motivo (Admin)',
        params: ZStAgreementParams,
        body: ZStAgreementUpdate,
        response: { 200: ZStAgreementDetail },
      },
      preHandler: write,
    },
    (req) => service.updateStAgreement(app.db, req.actor!, req.params.id, req.body),
  );

  app.post(
    '/st-agreements/:id/end',
    {
      schema: {
        tags,
        summary: 'Encerra a vigência de um acordo de ICMS-ST, com o motivo (Admin)',
        params: ZStAgreementParams,
        body: ZStAgreementEnd,
        response: { 200: ZStAgreementDetail },
      },
      preHandler: write,
    },
    (req) => service.endStAgreement(app.db, req.actor!, req.params.id, req.body),
  );

  app.delete(
    '/st-agreements/:id',
    {
      schema: {
        tags,
        summary: 'Exclui um acordo cadastrado por engano, com o motivo (Admin); o histórico fica',
        params: ZStAgreementParams,
        body: ZStAgreementDelete,
        response: { 200: ZMessage },
      },
      preHandler: write,
    },
    (req) => service.deleteStAgreement(app.db, req.actor!, req.params.id, req.body),
  );
}
