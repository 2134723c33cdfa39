import {
  ZAuditComparison,
  ZAuditReturnBody,
  ZBindingIdParam,
  ZBindingInBatchBody,
  ZBindingInBatchResponse,
  ZBindingPreview,
  ZBindingPreviewBody,
  ZBindingUndoResponse,
  ZFiscalServiceQuery,
  ZFiscalServiceResponse,
  ZGlobalIntegratorDetailsQuery,
  ZGlobalIntegratorQuery,
  ZIntegratorProductPage,
  ZMessage,
  ZNoEquivalentBody,
  ZProductDetailsQuery,
  ZProductIdParam,
  ZProductRuleDetails,
} from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Actor } from '../../../lib/actor.js';
import '../products.codes.js';
import './classification.codes.js';
import { findIntegratorDetails, searchIntegrator } from '../integrator/integrator.service.js';
import { approveAudit, findAuditComparison, returnAudit } from './audit-decision.service.js';
import { bindProducts } from './binding.service.js';
import { previewBinding } from './binding-preview.service.js';
import { recordNoEquivalent, undoBinding } from './binding-undo.service.js';
import { findBindingCandidates, findProductDetails } from './fiscal-service.service.js';

const tags = ['Produtos: classificação'];

/**
 * Classifying a product (issue 9). Reads need 'read:product', binding 'write:product' and the audit
 * decision 'audit:product' (staff only); the services check each product's company against the
 * caller's scope (another partner's or an unlinked company's product answers 404).
 */
export default async function classificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const read = { preHandler: app.requirePermission('read:product') };
  const write = { preHandler: app.requirePermission('write:product') };
  const audit = { preHandler: app.requirePermission('audit:product') };
  const actorOf = (request: { actor: Actor | null }) => request.actor as Actor;

  app.get(
    '/products/fiscalservice',
    {
      ...read,
      schema: {
        tags,
        summary: 'Produtos da base compartilhada para vincular um produto',
        querystring: ZFiscalServiceQuery,
        response: { 200: ZFiscalServiceResponse },
      },
    },
    async (req) => findBindingCandidates(app.db, actorOf(req), req.query),
  );

  app.post(
    '/products/bindinginbatch',
    {
      ...write,
      schema: {
        tags,
        summary: 'Vincula produtos marcados (de uma ou várias empresas) a um produto da base compartilhada',
        body: ZBindingInBatchBody,
        response: { 200: ZBindingInBatchResponse },
      },
    },
    async (req) => bindProducts(app.db, actorOf(req), req.body),
  );

  // Decision 062: what a binding changes before it is confirmed, its undo within the session, "no equivalent".
  app.post(
    '/products/binding/preview',
    {
      ...write,
      schema: {
        tags,
        summary: 'Prévia do vínculo: NCM, CEST, regra e tributos da operação principal antes e depois',
        body: ZBindingPreviewBody,
        response: { 200: ZBindingPreview },
      },
    },
    async (req) => previewBinding(app.db, actorOf(req), req.body),
  );

  app.post(
    '/products/binding/none',
    {
      ...write,
      schema: {
        tags,
        summary: 'Registra que não há equivalente na base compartilhada (o produto continua Pendente)',
        body: ZNoEquivalentBody,
        response: { 200: ZMessage },
      },
    },
    async (req) => recordNoEquivalent(app.db, actorOf(req), req.body),
  );

  app.post(
    '/products/binding/:bindingId/undo',
    {
      ...write,
      schema: {
        tags,
        summary: 'Desfaz um vínculo feito nesta sessão (os produtos voltam ao estado anterior)',
        params: ZBindingIdParam,
        response: { 200: ZBindingUndoResponse },
      },
    },
    async (req) => undoBinding(app.db, actorOf(req), req.params.bindingId),
  );

  app.get(
    '/products/:id/audit',
    {
      ...audit,
      schema: {
        tags,
        summary: 'Produto em auditoria ao lado do produto global vinculado',
        params: ZProductIdParam,
        response: { 200: ZAuditComparison },
      },
    },
    async (req) => findAuditComparison(app.db, actorOf(req), req.params.id),
  );

  app.post(
    '/products/:id/audit/approve',
    {
      ...audit,
      schema: {
        tags,
        summary: 'Aprova o vínculo (Classificado)',
        params: ZProductIdParam,
        response: { 200: ZMessage },
      },
    },
    async (req) => approveAudit(app.db, actorOf(req), req.params.id),
  );

  app.post(
    '/products/:id/audit/return',
    {
      ...audit,
      schema: {
        tags,
        summary: 'Devolve o produto ao cliente (Devolvido, com motivo)',
        params: ZProductIdParam,
        body: ZAuditReturnBody,
        response: { 200: ZMessage },
      },
    },
    async (req) => returnAudit(app.db, actorOf(req), req.params.id, req.body.reason),
  );

  app.get(
    '/products/details',
    {
      ...read,
      schema: {
        tags,
        summary: 'Detalhes fiscais do produto (na data de vigência)',
        querystring: ZProductDetailsQuery,
        response: { 200: ZProductRuleDetails },
      },
    },
    async (req) => findProductDetails(app.db, actorOf(req), req.query),
  );

  app.get(
    '/products/globalintegrator',
    {
      ...read,
      schema: {
        tags,
        summary: 'Produtos finalizados do serviço fiscal',
        querystring: ZGlobalIntegratorQuery,
        response: { 200: ZIntegratorProductPage },
      },
    },
    async (req) => searchIntegrator(app.db, actorOf(req), req.query),
  );

  app.get(
    '/products/globalintegratordetails',
    {
      ...read,
      schema: {
        tags,
        summary: 'Regra fiscal de um produto do serviço fiscal',
        querystring: ZGlobalIntegratorDetailsQuery,
        response: { 200: ZProductRuleDetails },
      },
    },
    async (req) => findIntegratorDetails(app.db, actorOf(req), req.query),
  );
}
