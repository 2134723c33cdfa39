import {
  integrationMessages as M,
  ZApiKey,
  ZApiKeyCreateBody,
  ZApiKeyCreated,
  ZApiKeyIdParam,
  ZApiKeyListQuery,
  ZChangesQuery,
  ZChangesResponse,
  ZDeliveryParams,
  ZMessage,
  ZWebhook,
  ZWebhookCreateBody,
  ZWebhookCreated,
  ZWebhookDelivery,
  ZWebhookIdParam,
  ZWebhookListQuery,
  ZWebhookUpdateBody,
} from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { listChanges } from './changes/changes.service.js';
import { DELIVER_WEBHOOK_JOB } from './integrations.codes.js';
import * as keys from './keys/api-keys.service.js';
import { startChangeListener } from './webhooks/change-listener.js';
import * as hooks from './webhooks/webhooks.service.js';

const tags = ['Integrações (ERP)'];
/** Routes an ERP calls with its key (or a person with a session). */
type Security = { [scheme: string]: string[] }[];
const keyOrSession: Security = [{ apiKey: [] }, { bearer: [] }, { cookie: [] }];
const sessionOnly: Security = [{ bearer: [] }, { cookie: [] }];

export default async function integrationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const manage = { preHandler: app.requirePermission('write:integration') };
  const queue = (deliveryId: string, tx: Tx) => app.jobs.send(DELIVER_WEBHOOK_JOB, { deliveryId }, { tx });
  const allowPrivate = app.config.webhookAllowPrivate;

  if (app.config.jobWorkers) {
    let stop: (() => Promise<void>) | null = null;
    app.addHook('onReady', async () => {
      stop = startChangeListener(app);
    });
    app.addHook('onClose', async () => stop?.());
  }

  app.get(
    '/changes',
    {
      preHandler: app.requirePermission('read:product'),
      config: { apiKey: true },
      schema: {
        tags,
        security: keyOrSession,
        summary: 'Feed de alterações fiscais dos produtos da empresa, em ordem de commit',
        description:
          'Cada alteração dos dados fiscais de um produto (cadastro, NCM/CEST/GTIN/descrição, status, vínculo ' +
          'com a base compartilhada ou com uma regra fiscal, nova versão da regra) é um evento gravado na mesma ' +
          'transação. Leia a partir de "after" (sem ele, do início) e guarde "next": um cursor nunca pula nem ' +
          'repete evento, também com escritas concorrentes.',
        querystring: ZChangesQuery,
        response: { 200: ZChangesResponse },
      },
    },
    (req) => listChanges(app.db, req.actor!, req.query),
  );

  app.post(
    '/api-keys',
    {
      ...manage,
      schema: {
        tags,
        security: sessionOnly,
        summary: 'Cria uma chave de API (mostrada uma única vez)',
        description:
          'Com companyId: a chave age só nessa empresa. Sem companyId (equipe do parceiro): em todas as empresas ' +
          'do parceiro. A chave nunca pode mais que quem a criou; envie-a como "Authorization: Bearer erp_…".',
        body: ZApiKeyCreateBody,
        response: { 201: ZApiKeyCreated },
      },
    },
    async (req, reply) => reply.status(201).send(await keys.createApiKey(app.db, req.actor!, req.body)),
  );

  app.get(
    '/api-keys',
    {
      ...manage,
      schema: {
        tags,
        security: sessionOnly,
        summary: 'Chaves de API ativas (nome, escopo, criação, último uso; nunca a chave)',
        querystring: ZApiKeyListQuery,
        response: { 200: z.array(ZApiKey) },
      },
    },
    (req) => keys.listApiKeys(app.db, req.actor!, req.query.companyId),
  );

  app.delete(
    '/api-keys/:id',
    {
      ...manage,
      schema: {
        tags,
        security: sessionOnly,
        summary: 'Revoga a chave (a próxima chamada com ela recebe 401)',
        params: ZApiKeyIdParam,
        response: { 200: ZMessage },
      },
    },
    async (req) => {
      await keys.revokeApiKey(app.db, req.actor!, req.params.id);
      return { message: M.keyRevoked };
    },
  );

  app.post(
    '/webhooks',
    {
      ...manage,
      config: { apiKey: true },
      schema: {
        tags,
        security: keyOrSession,
        summary: 'Cadastra um webhook (o segredo whsec_… é mostrado uma única vez)',
        description:
          'Entregas no padrão Standard Webhooks: POST JSON {type, timestamp, data} com os cabeçalhos webhook-id ' +
          '(o mesmo em todas as tentativas), webhook-timestamp (segundos) e webhook-signature ' +
          '"v1,<base64 do HMAC-SHA256 de id.timestamp.corpo>" com a chave base64 após "whsec_". Uma resposta 2xx ' +
          'confirma; outras respostas, redirecionamentos e tempo esgotado (10 s) são novas tentativas após 5 s, ' +
          '30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h e 8 h, por 24 h. Um webhook que falha por 24 h é desativado.',
        body: ZWebhookCreateBody,
        response: { 201: ZWebhookCreated },
      },
    },
    async (req, reply) => reply.status(201).send(await hooks.createWebhook(app.db, req.actor!, req.body, allowPrivate)),
  );

  app.get(
    '/webhooks',
    {
      ...manage,
      config: { apiKey: true },
      schema: {
        tags,
        security: keyOrSession,
        summary: 'Webhooks',
        querystring: ZWebhookListQuery,
        response: { 200: z.array(ZWebhook) },
      },
    },
    (req) => hooks.listWebhooks(app.db, req.actor!, req.query.companyId),
  );

  app.put(
    '/webhooks/:id',
    {
      ...manage,
      config: { apiKey: true },
      schema: {
        tags,
        security: keyOrSession,
        summary: 'Altera URL, eventos, ou desativa/ativa o webhook',
        params: ZWebhookIdParam,
        body: ZWebhookUpdateBody,
        response: { 200: ZWebhook },
      },
    },
    (req) => hooks.updateWebhook(app.db, req.actor!, req.params.id, req.body, allowPrivate),
  );

  app.delete(
    '/webhooks/:id',
    {
      ...manage,
      config: { apiKey: true },
      schema: {
        tags,
        security: keyOrSession,
        summary: 'Exclui o webhook',
        params: ZWebhookIdParam,
        response: { 200: ZMessage },
      },
    },
    async (req) => {
      await hooks.deleteWebhook(app.db, req.actor!, req.params.id);
      return { message: M.webhookDeleted };
    },
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      ...manage,
      config: { apiKey: true },
      schema: {
        tags,
        security: keyOrSession,
        summary: 'Últimas 100 entregas do webhook (status, código de resposta, duração, tentativas)',
        params: ZWebhookIdParam,
        response: { 200: z.array(ZWebhookDelivery) },
      },
    },
    (req) => hooks.listDeliveries(app.db, req.actor!, req.params.id),
  );

  app.post(
    '/webhooks/:id/test',
    {
      ...manage,
      schema: {
        tags,
        security: sessionOnly,
        summary: 'Envia uma entrega de teste (type "webhook.test")',
        params: ZWebhookIdParam,
        response: { 202: ZWebhookDelivery },
      },
    },
    async (req, reply) => {
      const delivery = await hooks.sendTestDelivery(app.db, req.actor!, req.params.id, queue);
      app.jobs.wake(DELIVER_WEBHOOK_JOB);
      return reply.status(202).send(delivery);
    },
  );

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      ...manage,
      config: { apiKey: true },
      schema: {
        tags,
        security: keyOrSession,
        summary: 'Reenvia a entrega (mesmo webhook-id e corpo)',
        params: ZDeliveryParams,
        response: { 202: ZWebhookDelivery },
      },
    },
    async (req, reply) => {
      const delivery = await hooks.redeliver(app.db, req.actor!, req.params.id, req.params.deliveryId, queue);
      app.jobs.wake(DELIVER_WEBHOOK_JOB);
      return reply.status(202).send(delivery);
    },
  );
}
