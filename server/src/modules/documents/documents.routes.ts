import './documents.codes.js';
import { join } from 'node:path';
import {
  ZDocumentFindingGroupParam,
  ZDocumentFindingGroupStatusBody,
  ZDocumentFindingGroupsPage,
  ZDocumentFindingsExportQuery,
  ZDocumentGroupStatusInfo,
  ZDocumentImportDetail,
  ZDocumentImportIdParam,
  ZDocumentImportList,
  ZDocumentImportsQuery,
  ZDocumentReauditResult,
  ZDocumentUploadAccepted,
  ZDocumentWorklistPage,
  ZDocumentWorklistQuery,
} from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { DOCUMENT_IMPORT_JOB, DOCUMENTS_MAX_BYTES, DOCUMENTS_MAX_FILES } from './documents.codes.js';
import * as service from './documents.service.js';
import { writeFindingsXlsx } from './documents-export.js';
import { endInterruptedImports } from './documents-interrupted.repository.js';
import * as worklist from './documents-worklist.service.js';

const tags = ['Documentos fiscais'];

export default async function documentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const write = { preHandler: app.requirePermission('write:product') };
  const read = { preHandler: app.requirePermission('read:product') };

  // At start: the imports a server that died left Running end Interrupted, nothing of them kept (decision 056).
  fastify.addHook('onReady', async () => {
    const ended = await endInterruptedImports(fastify.db);
    if (ended) fastify.log.warn({ ended }, 'importações de documentos interrompidas por uma parada do servidor');
  });

  app.post(
    '/products/documents',
    {
      ...write,
      schema: {
        tags,
        summary:
          'Envia NF-e/NFC-e (XML), ZIP de XMLs ou SPED EFD para importação e auditoria (multipart: companyId, file)',
        consumes: ['multipart/form-data'],
        response: { 202: ZDocumentUploadAccepted },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw new AppError('DOCUMENTS_FILE_REQUIRED');
      const accepted = await service.receiveDocuments(
        app.db,
        req.actor!,
        req.parts({ limits: { fileSize: DOCUMENTS_MAX_BYTES, files: DOCUMENTS_MAX_FILES + 1 } }) as never,
        join(app.config.dataDir, 'document-uploads'),
        (importId, tx) => app.jobs.send(DOCUMENT_IMPORT_JOB, { importId }, { tx }),
      );
      app.jobs.wake(DOCUMENT_IMPORT_JOB);
      return reply.status(202).send(accepted);
    },
  );

  app.get(
    '/products/documents',
    {
      ...read,
      schema: {
        tags,
        summary: 'Importações de documentos da empresa',
        querystring: ZDocumentImportsQuery,
        response: { 200: ZDocumentImportList },
      },
    },
    (req) => service.listDocumentImports(app.db, req.actor!, req.query.companyId),
  );

  app.get(
    '/products/documents/:id',
    {
      ...read,
      schema: {
        tags,
        summary: 'Situação e contagens de uma importação',
        params: ZDocumentImportIdParam,
        response: { 200: ZDocumentImportDetail },
      },
    },
    (req) => service.getDocumentImport(app.db, req.actor!, req.params.id),
  );

  app.get(
    '/products/documents/:id/findings',
    {
      ...read,
      schema: {
        tags,
        summary:
          'Achados da auditoria: itens paginados ou, com groupBy=causa, grupos por causa (tipo, campo, produto e ' +
          'regra) com situação; filtros por tipo, gravidade, produto, documento, CFOP, UF e período',
        params: ZDocumentImportIdParam,
        querystring: ZDocumentWorklistQuery,
        response: { 200: z.union([ZDocumentFindingGroupsPage, ZDocumentWorklistPage]) },
      },
    },
    (req) => worklist.listFindings(app.db, req.actor!, req.params.id, req.query),
  );

  app.put(
    '/products/documents/:id/finding-groups/:key',
    {
      ...write,
      schema: {
        tags,
        summary: 'Situação de um grupo de achados (Aberto, EmAnalise, Corrigido, Ignorado com motivo)',
        params: ZDocumentFindingGroupParam,
        body: ZDocumentFindingGroupStatusBody,
        response: { 200: ZDocumentGroupStatusInfo },
      },
    },
    (req) => worklist.setGroupStatus(app.db, req.actor!, req.params.id, req.params.key, req.body),
  );

  app.post(
    '/products/documents/:id/reaudit',
    {
      ...write,
      schema: {
        tags,
        summary: 'Audita de novo os documentos da importação (após corrigir produtos ou regras) e diz o que resolveu',
        params: ZDocumentImportIdParam,
        response: { 200: ZDocumentReauditResult },
      },
    },
    (req) => worklist.reauditImport(app.db, req.actor!, req.params.id),
  );

  app.get(
    '/products/documents/:id/findings/export',
    {
      ...read,
      schema: {
        tags,
        summary: 'Achados da auditoria em XLSX, com os mesmos filtros da tela',
        params: ZDocumentImportIdParam,
        querystring: ZDocumentFindingsExportQuery,
      },
    },
    async (req, reply) => {
      const file = await worklist.openFindingsExport(app.db, req.actor!, req.params.id, req.query);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(writeFindingsXlsx(file.pages));
    },
  );
}
