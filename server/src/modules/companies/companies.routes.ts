import {
  ZCnpjRegistryParams,
  ZCnpjRegistryResult,
  ZCompany,
  ZCompanyCreate,
  ZCompanyIdParams,
  ZCompanyList,
  ZCompanyUpdate,
  ZMemberIdParams,
  ZMessage,
  ZVerifyFiscalServiceResult,
} from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as service from './companies.service.js';

const tags = ['Empresas'];

export default async function companiesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/companies',
    {
      schema: { tags, summary: 'Empresas visíveis ao usuário, por nome fantasia', response: { 200: ZCompanyList } },
      preHandler: app.requirePermission('read:company'),
    },
    (req) => service.listCompanies(app.db, req.actor!),
  );

  app.get(
    '/companies/:id',
    {
      schema: { tags, summary: 'Uma empresa', params: ZCompanyIdParams, response: { 200: ZCompany } },
      preHandler: app.requirePermission('read:company'),
    },
    (req) => service.getCompany(app.db, req.actor!, req.params.id),
  );

  app.get(
    '/companies/members/:id',
    {
      schema: { tags, summary: 'Empresas de um usuário', params: ZMemberIdParams, response: { 200: ZCompanyList } },
      preHandler: app.requirePermission('read:company'),
    },
    (req) => service.listMemberCompanies(app.db, req.actor!, req.params.id),
  );

  app.get(
    '/companies/registry/:cnpj',
    {
      schema: {
        tags,
        summary: 'Consulta o CNPJ no cadastro público (5 s; falha = não encontrado)',
        params: ZCnpjRegistryParams,
        response: { 200: ZCnpjRegistryResult },
      },
      preHandler: app.requirePermission('write:company'),
    },
    (req) =>
      service.lookupCompanyRegistry(app.config.cnpjRegistryUrl, req.params.cnpj, (reason) =>
        req.log.warn({ reason }, 'consulta de CNPJ sem resultado'),
      ),
  );

  app.post(
    '/companies',
    {
      schema: { tags, summary: 'Cadastra uma empresa', body: ZCompanyCreate, response: { 201: ZCompany } },
      preHandler: app.requirePermission('write:company'),
    },
    async (req, reply) => reply.status(201).send(await service.createCompany(app.db, req.actor!, req.body)),
  );

  // The spec's client calls PUT /companies/ (trailing slash); both spellings reach the same handler.
  for (const url of ['/companies/', '/companies']) {
    app.put(
      url,
      {
        schema: {
          tags,
          summary: 'Altera uma empresa (id no corpo)',
          hide: url === '/companies',
          body: ZCompanyUpdate,
          response: { 200: ZCompany },
        },
        preHandler: app.requirePermission('write:company'),
      },
      (req) => service.updateCompany(app.db, req.actor!, req.body),
    );
  }

  app.delete(
    '/companies/:id',
    {
      schema: {
        tags,
        summary: 'Exclui uma empresa e seus vínculos',
        params: ZCompanyIdParams,
        response: { 200: ZMessage },
      },
      preHandler: app.requirePermission('delete:company'),
    },
    (req) => service.deleteCompany(app.db, req.actor!, req.params.id),
  );

  app.post(
    '/companies/:id/verify-fiscal-service-credentials',
    {
      schema: {
        tags,
        summary: 'Verifica a conta da empresa no integrador',
        params: ZCompanyIdParams,
        response: { 200: ZVerifyFiscalServiceResult },
      },
      preHandler: app.requirePermission('write:company'),
    },
    (req) => service.verifyFiscalServiceCredentials(app.db, req.actor!, req.params.id),
  );
}
