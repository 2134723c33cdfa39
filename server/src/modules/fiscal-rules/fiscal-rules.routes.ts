import {
  ZCreatedRule,
  ZFiscalRuleFilters,
  ZFiscalRuleGroupDetails,
  ZFiscalRuleGroupDetailsQuery,
  ZFiscalRuleGroupingPage,
  ZFiscalRuleUpdateInput,
  ZLinkProductsInput,
  ZMessage,
  ZNamedRuleInput,
  ZNamedRuleList,
  ZNamedRulesQuery,
  ZProductIdParams,
  ZProductRuleDetails,
  ZRuleDetailsQuery,
  ZRuleHistoryItem,
  ZRuleIdParams,
  ZRuleProducts,
  ZRuleProductsQuery,
} from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Actor } from '../../lib/actor.js';
import './fiscal-rules.codes.js';
import * as rules from './fiscal-rules.service.js';
import * as ruleProducts from './rule-products.service.js';
import { exportRuleProducts } from './rule-products-export.js';

const tags = ['Regras fiscais'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Fiscal rules are global content: staff of any partner read ('read:fiscal-rule:global') and curate
 * them ('write:fiscal-rule:global'). Rule details and a product's rule history are also open to
 * Members for the products of their own companies (the services narrow every product to the
 * caller's scope); binding products to a rule is a product write.
 */
export default async function fiscalRulesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const read = { preHandler: app.requirePermission('read:fiscal-rule:global') };
  const write = { preHandler: app.requirePermission('write:fiscal-rule:global') };
  const readAnyScope = { preHandler: app.requirePermission('read:fiscal-rule') };
  const actorOf = (request: { actor: Actor | null }) => request.actor as Actor;

  app.get(
    '/fiscal-rules/groupings',
    {
      ...read,
      schema: {
        tags,
        summary: 'Regras agrupadas por NCM/CEST',
        querystring: ZFiscalRuleFilters,
        response: { 200: ZFiscalRuleGroupingPage },
      },
    },
    async (req) => rules.findGroupings(app.db, actorOf(req), req.query),
  );

  app.get(
    '/fiscal-rules/details',
    {
      ...read,
      schema: {
        tags,
        summary: 'Regras completas de um NCM/CEST',
        querystring: ZFiscalRuleGroupDetailsQuery,
        response: { 200: ZFiscalRuleGroupDetails },
      },
    },
    async (req) => rules.findGroupDetails(app.db, req.query.ncm, req.query.cest),
  );

  app.get(
    '/fiscal-rules',
    {
      ...readAnyScope,
      schema: { tags, summary: 'Regras nomeadas', querystring: ZNamedRulesQuery, response: { 200: ZNamedRuleList } },
    },
    async (req) => rules.listNamedRules(app.db, req.query.description),
  );

  app.post(
    '/fiscal-rules',
    {
      ...write,
      schema: {
        tags,
        summary: 'Cria uma regra nomeada (conferida)',
        body: ZNamedRuleInput,
        response: { 200: ZCreatedRule },
      },
    },
    async (req) => rules.createNamedRule(app.db, actorOf(req), req.body),
  );

  app.put(
    '/fiscal-rules/products/link',
    {
      preHandler: app.requirePermission('write:product'),
      schema: { tags, summary: 'Vincula produtos a uma regra', body: ZLinkProductsInput, response: { 200: ZMessage } },
    },
    async (req) => ruleProducts.linkProducts(app.db, actorOf(req), req.body),
  );

  app.get(
    '/fiscal-rules/products/:productId/historic',
    {
      ...readAnyScope,
      schema: {
        tags,
        summary: 'Histórico de regras do produto',
        params: ZProductIdParams,
        response: { 200: z.array(ZRuleHistoryItem) },
      },
    },
    async (req) => ruleProducts.findProductRuleHistory(app.db, actorOf(req), req.params.productId),
  );

  const productLinkActions = [
    [
      'check',
      'Marca o vínculo do produto como conferido',
      (a: Actor, id: string) => ruleProducts.setLinkStatus(app.db, a, id, 'Checked'),
    ],
    [
      'uncheck',
      'Desmarca o vínculo do produto',
      (a: Actor, id: string) => ruleProducts.setLinkStatus(app.db, a, id, 'Unchecked'),
    ],
    ['unbind', 'Desvincula o produto da regra', (a: Actor, id: string) => ruleProducts.unbindProduct(app.db, a, id)],
  ] as const;
  for (const [action, summary, run] of productLinkActions) {
    app.put(
      `/fiscal-rules/products/:id/${action}`,
      { ...write, schema: { tags, summary, params: ZRuleIdParams, response: { 200: ZMessage } } },
      async (req) => run(actorOf(req), req.params.id),
    );
  }

  app.get(
    '/fiscal-rules/:id/details',
    {
      ...readAnyScope,
      schema: {
        tags,
        summary: 'Detalhes da regra (para um produto, na data de vigência)',
        params: ZRuleIdParams,
        querystring: ZRuleDetailsQuery,
        response: { 200: ZProductRuleDetails },
      },
    },
    async (req) => ruleProducts.findRuleDetails(app.db, actorOf(req), req.params.id, req.query),
  );

  app.put(
    '/fiscal-rules/:id',
    {
      ...write,
      schema: {
        tags,
        summary: 'Altera a regra (fecha a versão atual e abre uma nova)',
        params: ZRuleIdParams,
        body: ZFiscalRuleUpdateInput,
        response: { 200: ZMessage },
      },
    },
    async (req) => rules.updateRule(app.db, actorOf(req), req.params.id, req.body),
  );

  const ruleActions = [
    ['check', 'Marca a regra como conferida', (a: Actor, id: string) => rules.setRuleStatus(app.db, a, id, 'Checked')],
    ['uncheck', 'Desmarca a regra', (a: Actor, id: string) => rules.setRuleStatus(app.db, a, id, 'Unchecked')],
    [
      'products/check-all',
      'Marca todos os produtos da regra',
      (a: Actor, id: string) => ruleProducts.setAllLinksStatus(app.db, a, id, 'Checked'),
    ],
    [
      'products/uncheck-all',
      'Desmarca todos os produtos da regra',
      (a: Actor, id: string) => ruleProducts.setAllLinksStatus(app.db, a, id, 'Unchecked'),
    ],
  ] as const;
  for (const [action, summary, run] of ruleActions) {
    app.put(
      `/fiscal-rules/:id/${action}`,
      { ...write, schema: { tags, summary, params: ZRuleIdParams, response: { 200: ZMessage } } },
      async (req) => run(actorOf(req), req.params.id),
    );
  }

  app.get(
    '/fiscal-rules/:id/products',
    {
      ...read,
      schema: {
        tags,
        summary: 'Produtos da regra',
        params: ZRuleIdParams,
        querystring: ZRuleProductsQuery,
        response: { 200: ZRuleProducts },
      },
    },
    async (req) => ruleProducts.findRuleProducts(app.db, actorOf(req), req.params.id, req.query.search),
  );

  app.get(
    '/fiscal-rules/:id/products/export',
    { ...read, schema: { tags, summary: 'Planilha (XLSX) dos produtos da regra', params: ZRuleIdParams } },
    async (req, reply) => {
      const file = await exportRuleProducts(app.db, actorOf(req), req.params.id);
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.buffer);
    },
  );
}
