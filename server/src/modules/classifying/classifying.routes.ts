import { Readable } from 'node:stream';
import {
  ZChangeCheckQuery,
  ZChangeCheckResult,
  ZFanout,
  ZGlobalImportResult,
  ZGlobalProductBody,
  ZGlobalProductIdParam,
  ZGlobalProductSaved,
  ZImportIdParam,
  ZMessage,
  ZPendingDeleteBody,
  ZPendingPage,
  ZPendingSearchQuery,
} from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import './classifying.codes.js';
import { runChangeCheck } from './change-check/change-check.service.js';
import { createGlobalProduct, updateGlobalProduct } from './curation/curation.service.js';
import { importGlobalProducts, openGlobalInvalidLines } from './curation/global-import.service.js';
import { getFanout } from './fanout/fanout.service.js';
import { deletePending, searchPending } from './pending/pending.service.js';

const tags = ['Produtos'];

/**
 * Classifying at scale (issue 10). The pending queue and the curation of the global base are staff
 * calls (Admin and partner staff: 'pending-product' and 'global-product' permissions; Members get
 * 403); the services then keep partner staff to their partner's companies. The change check is a
 * company call (Member linked, staff of its partner, Admin; blocked refused to Members).
 */
export default async function classifyingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const readPending = { preHandler: app.requirePermission('read:pending-product') };
  const writePending = { preHandler: app.requirePermission('write:pending-product') };
  const curate = { preHandler: app.requirePermission('write:global-product') };
  const actorOf = (request: { actor: Actor | null }) => request.actor as Actor;

  app.get(
    '/products/globalpending',
    {
      ...readPending,
      schema: {
        tags,
        summary: 'Produtos pendentes globais',
        querystring: ZPendingSearchQuery,
        response: { 200: ZPendingPage },
      },
    },
    async (req) => searchPending(app, actorOf(req), req.query),
  );

  app.post(
    '/products/globalpending/delete',
    {
      ...writePending,
      schema: {
        tags,
        summary: 'Exclui produtos pendentes (CONCORDO)',
        body: ZPendingDeleteBody,
        response: { 200: ZMessage },
      },
    },
    async (req) => deletePending(app.db, actorOf(req), req.body),
  );

  app.post(
    '/products/global',
    {
      ...curate,
      schema: {
        tags,
        summary: 'Cadastra um produto global',
        body: ZGlobalProductBody,
        response: { 200: ZGlobalProductSaved },
      },
    },
    async (req) => createGlobalProduct(app, actorOf(req), req.body),
  );

  app.put(
    '/products/global/:id',
    {
      ...curate,
      schema: {
        tags,
        summary: 'Altera um produto global',
        params: ZGlobalProductIdParam,
        body: ZGlobalProductBody,
        response: { 200: ZGlobalProductSaved },
      },
    },
    async (req) => updateGlobalProduct(app, actorOf(req), req.params.id, req.body),
  );

  app.post(
    '/products/global/import',
    {
      ...curate,
      schema: {
        tags,
        summary: 'Importa a base global (CSV ; ou XLSX: Codigo;Descricao;GTIN;NCM;CEST)',
        consumes: ['multipart/form-data'],
        response: { 200: ZGlobalImportResult },
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw new AppError('IMPORT_FILE_REQUIRED');
      const maxBytes = app.config.globalImportMaxBytes;
      if (Number(req.headers['content-length'] ?? 0) > maxBytes + 64 * 1024) {
        throw new AppError('GLOBAL_IMPORT_TOO_LARGE');
      }
      const part = await req.file({ limits: { fileSize: maxBytes }, throwFileSizeLimit: false });
      if (!part) throw new AppError('IMPORT_FILE_REQUIRED');
      return importGlobalProducts(app, actorOf(req), { stream: part.file, fileName: part.filename || null });
    },
  );

  app.get(
    '/products/global/import/:importId/errors',
    {
      ...curate,
      schema: { tags, summary: 'Linhas inválidas de uma importação da base global (CSV)', params: ZImportIdParam },
    },
    async (req, reply) => {
      const lines = await openGlobalInvalidLines(app, req.params.importId);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="base_global_${req.params.importId}_erros.csv"`)
        .send(Readable.from(lines()));
    },
  );

  app.get(
    '/products/global/fanouts/:id',
    {
      ...curate,
      schema: {
        tags,
        summary: 'Andamento de uma classificação em lote',
        params: ZGlobalProductIdParam,
        response: { 200: ZFanout },
      },
    },
    async (req) => getFanout(app.db, req.params.id),
  );

  app.get(
    '/products/fiscalservice/consult',
    {
      preHandler: app.requirePermission('write:product'),
      schema: {
        tags,
        summary: 'Consulta e aplica as alterações da base global aos produtos classificados',
        querystring: ZChangeCheckQuery,
        response: { 200: ZChangeCheckResult },
      },
    },
    async (req) => runChangeCheck(app.db, actorOf(req), req.query.company),
  );
}
