import { ZCreateUserBody, ZMemberCompanyParams, ZMessage, ZUpdateUserBody, ZUser, ZUserList } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addMemberCompany, removeMemberCompany } from './member-companies.service.js';
import { createUser, listUsers, updateUser } from './users.service.js';

const tags = ['Usuários'];
const security: { [name: string]: string[] }[] = [{ bearer: [] }, { cookie: [] }];

export default async function usersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/users',
    {
      schema: { tags, security, summary: 'Usuários visíveis ao chamador, por nome', response: { 200: ZUserList } },
      preHandler: app.requirePermission('read:user'),
    },
    async (request) => listUsers(app, request.actor!),
  );

  app.post(
    '/users',
    {
      schema: {
        tags,
        security,
        summary: 'Cadastra um usuário (recebe por e-mail o link de senha)',
        body: ZCreateUserBody,
        response: { 201: ZUser },
      },
      preHandler: app.requirePermission('write:user'),
    },
    async (request, reply) => reply.status(201).send(await createUser(app, request.actor!, request.body)),
  );

  app.put(
    '/users',
    {
      schema: { tags, security, summary: 'Altera um usuário', body: ZUpdateUserBody, response: { 200: ZUser } },
      preHandler: app.requirePermission('write:user'),
    },
    async (request) => updateUser(app, request.actor!, request.body),
  );

  app.post(
    '/members/:userId/companies/:companyId/add',
    {
      schema: {
        tags,
        security,
        summary: 'Dá a um Usuário (Member) acesso a uma empresa',
        params: ZMemberCompanyParams,
        response: { 200: ZMessage },
      },
      preHandler: app.requirePermission('write:user'),
    },
    async (request) => addMemberCompany(app, request.actor!, request.params.userId, request.params.companyId),
  );

  app.delete(
    '/members/:userId/companies/:companyId/delete',
    {
      schema: {
        tags,
        security,
        summary: 'Remove o acesso de um Usuário (Member) a uma empresa',
        params: ZMemberCompanyParams,
        response: { 200: ZMessage },
      },
      preHandler: app.requirePermission('write:user'),
    },
    async (request) => removeMemberCompany(app, request.actor!, request.params.userId, request.params.companyId),
  );
}
