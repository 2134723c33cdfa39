import { ZCreatePartnerBody, ZPartner, ZPartnerDomainQuery, ZPartnerList } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createPartner, findPartnersByDomain, listPartners } from './partners.service.js';

const tags = ['Parceiros'];

export default async function partnersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/partners',
    {
      schema: { tags, summary: 'Parceiros (público, para a marca)', response: { 200: ZPartnerList } },
      config: { public: true },
    },
    async () => listPartners(app),
  );

  app.get(
    '/partners/domain',
    {
      schema: {
        tags,
        summary: 'Parceiro do domínio (público; lista vazia quando não há)',
        querystring: ZPartnerDomainQuery,
        response: { 200: ZPartnerList },
      },
      config: { public: true },
    },
    async (request) => findPartnersByDomain(app, request.query.nameDomain),
  );

  app.post(
    '/partners',
    {
      schema: {
        tags,
        security: [{ bearer: [] }, { cookie: [] }],
        summary: 'Cadastra um parceiro (Administrador)',
        body: ZCreatePartnerBody,
        response: { 201: ZPartner },
      },
      preHandler: app.requirePermission('create:partner'),
    },
    async (request, reply) => reply.status(201).send(await createPartner(app, request.actor!, request.body)),
  );
}
