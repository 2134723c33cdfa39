import type { TDocumentFinding, TDocumentFindingsPage, TDocumentImportDetail } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { DOCUMENT_IMPORT_JOB } from './documents.codes.js';

/** POST /products/documents as the screen sends it: the company field first, then the files. */
export function uploadDocuments(
  app: FastifyInstance,
  companyId: string | null,
  files: { name: string; content: Buffer | string }[],
  headers: Record<string, string>,
) {
  const boundary = `----vitest${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  if (companyId)
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="companyId"\r\n\r\n${companyId}\r\n`),
    );
  for (const f of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      Buffer.from(f.content),
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return app.inject({
    method: 'POST',
    url: '/v1/public/products/documents',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
}

/** Uploads the files for the company, runs the import job to its end and answers the import as the screen reads it. */
export async function importDocuments(
  app: FastifyInstance,
  companyId: string,
  files: { name: string; content: Buffer | string }[],
  headers: Record<string, string>,
): Promise<TDocumentImportDetail> {
  const res = await uploadDocuments(app, companyId, files, headers);
  expect(res.statusCode, res.body).toBe(202);
  const { id } = res.json<{ id: string }>();
  await app.jobs.drain(DOCUMENT_IMPORT_JOB);
  const status = await app.inject({ method: 'GET', url: `/v1/public/products/documents/${id}`, headers });
  return status.json<TDocumentImportDetail>();
}

/** One page of the import's findings as the screen asks for it: 200 a page, `query` adds filters ('&kind=…'). */
export async function findingsPage(
  app: FastifyInstance,
  importId: string,
  headers: Record<string, string>,
  query = '',
): Promise<TDocumentFindingsPage> {
  const res = await app.inject({
    method: 'GET',
    url: `/v1/public/products/documents/${importId}/findings?pageSize=200${query}`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TDocumentFindingsPage>();
}

/** Every finding of the import (all its pages), filtered by `query` when given. */
export async function findingsOf(
  app: FastifyInstance,
  importId: string,
  headers: Record<string, string>,
  query = '',
): Promise<TDocumentFinding[]> {
  const items: TDocumentFinding[] = [];
  for (let page = 1; ; page++) {
    const body = await findingsPage(app, importId, headers, `${query}&page=${page}`);
    items.push(...body.items);
    if (items.length >= body.total || body.items.length === 0) return items;
  }
}
