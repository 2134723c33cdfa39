import { Readable } from 'node:stream';
import {
  IMPORT_MAX_BYTES,
  productMessages,
  ZGlobalProductSearchQuery,
  ZImportHistoryQuery,
  ZImportHistoryRow,
  ZImportIdParam,
  ZImportQuery,
  ZImportResult,
  ZMessage,
  ZProductAuditItem,
  ZProductBindingBody,
  ZProductBindingQuery,
  ZProductBindingResponse,
  ZProductCreateBody,
  ZProductCreateResponse,
  ZProductExportQuery,
  ZProductIdParam,
  ZProductListQuery,
  ZProductListResponse,
  ZProductOccurrence,
  ZProductOccurrencesQuery,
  ZSharedProductPage,
} from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { cleanFileName } from '../../lib/file-name.js';
import './products.codes.js';
import { bindProduct } from './classification/binding.service.js';
import { openProductExport } from './export/export.service.js';
import { searchGlobal } from './global/global-products.service.js';
import { importProducts, listImportHistory, openInvalidLinesReport } from './import/import.service.js';
import * as products from './products.service.js';

const tags = ['Produtos'];

/**
 * The company catalogue. Reads need 'read:product' and writes 'write:product' at any scope; the
 * services then check the company (Member linked / partner staff / Admin; blocked refused to
 * Members) and, for Members, the user permission (Create, Delete, Import, Export) of the action.
 */
export default async function productsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const read = { preHandler: app.requirePermission('read:product') };
  const write = { preHandler: app.requirePermission('write:product') };
  const actorOf = (request: { actor: Actor | null }) => request.actor as Actor;

  app.get(
    '/products',
    {
      ...read,
      config: { apiKey: true },
      schema: {
        tags,
        summary: 'Produtos da empresa',
        querystring: ZProductListQuery,
        response: { 200: ZProductListResponse },
      },
    },
    async (req) => products.listProducts(app.db, actorOf(req), req.query),
  );

  app.post(
    '/products',
    {
      ...write,
      config: { apiKey: true },
      schema: {
        tags,
        summary: 'Cadastra ou atualiza produtos (classificação por GTIN)',
        body: ZProductCreateBody,
        response: { 200: ZProductCreateResponse },
      },
    },
    async (req) => products.createProducts(app.db, actorOf(req), req.body),
  );

  app.delete(
    '/products/binding',
    {
      ...write,
      schema: {
        tags,
        summary: 'Desvincula o produto (staff)',
        querystring: ZProductBindingQuery,
        response: { 200: ZMessage },
      },
    },
    async (req) => products.unbindProduct(app.db, actorOf(req), req.query.productId),
  );

  app.post(
    '/products/binding',
    {
      ...write,
      schema: {
        tags,
        summary: 'Vincula o produto a um produto da base compartilhada',
        body: ZProductBindingBody,
        response: { 200: ZProductBindingResponse },
      },
    },
    async (req) => bindProduct(app.db, actorOf(req), req.body),
  );

  app.get(
    '/products/audits',
    {
      ...read,
      schema: {
        tags,
        summary: 'Ocorrências do produto',
        querystring: ZProductOccurrencesQuery,
        response: { 200: z.array(ZProductOccurrence) },
      },
    },
    async (req) => products.listOccurrences(app.db, actorOf(req), req.query.company, req.query.product),
  );

  app.get(
    '/products/:id/audits',
    {
      ...read,
      schema: {
        tags,
        summary: 'Auditoria do produto',
        params: ZProductIdParam,
        response: { 200: z.array(ZProductAuditItem) },
      },
    },
    async (req) => products.listProductAudits(app.db, actorOf(req), req.params.id),
  );

  app.delete(
    '/products/:id',
    { ...write, schema: { tags, summary: 'Exclui o produto', params: ZProductIdParam, response: { 200: ZMessage } } },
    async (req) => products.deleteProduct(app.db, actorOf(req), req.params.id),
  );

  app.post(
    '/products/import',
    {
      ...write,
      schema: {
        tags,
        summary: 'Importa produtos de um CSV (;) ou XLSX (multipart, campo file)',
        consumes: ['multipart/form-data'],
        querystring: ZImportQuery,
        response: { 200: ZImportResult },
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw new AppError('IMPORT_FILE_REQUIRED');
      // A body far over the limit is refused before any row is read (multipart overhead allowed).
      if (Number(req.headers['content-length'] ?? 0) > IMPORT_MAX_BYTES + 64 * 1024) {
        throw new AppError('IMPORT_FILE_TOO_LARGE');
      }
      const part = await req.file({ limits: { fileSize: IMPORT_MAX_BYTES }, throwFileSizeLimit: false });
      if (!part) throw new AppError('IMPORT_FILE_REQUIRED', productMessages.fileRequired);
      return importProducts(app.db, actorOf(req), req.query, {
        stream: part.file,
        fileName: cleanFileName(part.filename),
      });
    },
  );

  app.get(
    '/products/importhistory',
    {
      ...read,
      schema: {
        tags,
        summary: 'Histórico de importações',
        querystring: ZImportHistoryQuery,
        response: { 200: z.array(ZImportHistoryRow) },
      },
    },
    async (req) => listImportHistory(app.db, actorOf(req), req.query.companyId),
  );

  app.get(
    '/products/import/:importId/errors',
    { ...read, schema: { tags, summary: 'Linhas inválidas de uma importação (CSV)', params: ZImportIdParam } },
    async (req, reply) => {
      const lines = await openInvalidLinesReport(app.db, actorOf(req), req.params.importId);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="importacao_${req.params.importId}_erros.csv"`)
        .send(Readable.from(lines()));
    },
  );

  app.get(
    '/products/export',
    { ...read, schema: { tags, summary: 'Exporta os produtos (XLSX ou CSV)', querystring: ZProductExportQuery } },
    async (req, reply) => {
      const file = await openProductExport(app.db, actorOf(req), req.query);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );

  app.get(
    '/products/global',
    {
      ...read,
      schema: {
        tags,
        summary: 'Pesquisa na base compartilhada de produtos',
        querystring: ZGlobalProductSearchQuery,
        response: { 200: ZSharedProductPage },
      },
    },
    async (req) => searchGlobal(app.db, actorOf(req), req.query),
  );
}
