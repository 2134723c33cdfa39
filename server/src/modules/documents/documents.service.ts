import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { TDocumentImport, TDocumentImportDetail } from '@app/contract';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import { cleanFileName } from '../../lib/file-name.js';
import { findCompanyFor } from '../products/product-access.js';
import { AUDIT_DOCUMENTS_SENT, DOCUMENTS_MAX_BYTES, DOCUMENTS_MAX_FILES } from './documents.codes.js';
import * as repo from './documents.repository.js';

/** A multipart part as @fastify/multipart yields it from req.parts(). */
export type UploadPart =
  | { type: 'field'; fieldname: string; value: unknown }
  | { type: 'file'; fieldname: string; filename: string; file: Readable & { truncated?: boolean } };

/** How a Done import ended: nothing added at all, added with refusals on the way, or added cleanly. */
function outcomeOf(r: repo.ImportRow): TDocumentImport['outcome'] {
  if (r.status !== 'Done') return null;
  if (r.documents === 0 && r.productsCreated === 0 && r.productsUpdated === 0) return 'nothing';
  return r.errors > 0 ? 'problems' : 'imported';
}

function toImport(r: repo.ImportRow): TDocumentImport {
  return {
    id: r.id,
    status: r.status,
    outcome: outcomeOf(r),
    documentsRead: r.documentsRead,
    documentsTotal: r.documentsTotal,
    itemsAudited: r.itemsAudited,
    fileName: r.fileName,
    documents: r.documents,
    items: r.items,
    productsCreated: r.productsCreated,
    productsUpdated: r.productsUpdated,
    duplicates: r.duplicates,
    errors: r.errors,
    findings: r.findings,
    message: r.message,
    userName: r.userName,
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}

/**
 * POST /products/documents: the multipart upload is written, file by file, to a folder of its own under the data
 * directory (streamed: never held in memory; a file cut by the size limit refuses the whole upload and the folder
 * goes), then one import row and its job are created by one transaction. The company field must come before the
 * files so that nothing is written for a company the caller may not import into.
 */
export async function receiveDocuments(
  db: Db,
  actor: Actor,
  parts: AsyncIterable<UploadPart>,
  uploadRoot: string,
  enqueue: (importId: string, tx: Tx) => Promise<unknown>,
): Promise<{ id: string }> {
  const dir = join(uploadRoot, randomUUID());
  let company: Awaited<ReturnType<typeof findCompanyFor>> | null = null;
  const names: string[] = [];
  let total = 0;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname !== 'companyId') continue;
        const id = String(part.value ?? '');
        if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('COMPANY_NOT_FOUND');
        company = await findCompanyFor(db, actor, id, 'Import');
        continue;
      }
      if (!company) {
        part.file.resume();
        throw new AppError('DOCUMENTS_COMPANY_REQUIRED');
      }
      if (names.length >= DOCUMENTS_MAX_FILES) {
        part.file.resume();
        throw new AppError('DOCUMENTS_TOO_MANY_FILES');
      }
      if (names.length === 0) await mkdir(dir, { recursive: true });
      const name = cleanFileName(part.filename) ?? `arquivo-${names.length + 1}`;
      const target = join(dir, `${String(names.length).padStart(2, '0')}-${name.replace(/[/\\]/g, '_')}`);
      await pipeline(
        part.file,
        async function* count(source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            total += chunk.length;
            if (total > DOCUMENTS_MAX_BYTES) throw new AppError('DOCUMENTS_TOO_LARGE');
            yield chunk;
          }
        },
        createWriteStream(target),
      ).catch((err: { code?: string }) => {
        throw err?.code === 'FST_REQ_FILE_TOO_LARGE' ? new AppError('DOCUMENTS_TOO_LARGE') : err;
      });
      if (part.file.truncated) throw new AppError('DOCUMENTS_TOO_LARGE');
      names.push(name);
    }
    if (!company) throw new AppError('DOCUMENTS_COMPANY_REQUIRED');
    if (names.length === 0) throw new AppError('DOCUMENTS_FILE_REQUIRED');
    const target = company;
    const fileName = names.length === 1 ? names[0]! : `${names[0]} e mais ${names.length - 1}`;
    const id = await db.transaction(async (tx) => {
      const importId = await repo.insertImport(tx, {
        companyId: target.id,
        userId: actor.id,
        userName: actor.name,
        fileName,
        uploadDir: dir,
        files: names.length,
      });
      await recordAudit(tx, {
        code: AUDIT_DOCUMENTS_SENT,
        actor,
        partnerId: target.partnerId,
        companyId: target.id,
        entityId: importId,
        after: { files: names },
      });
      await enqueue(importId, tx);
      return importId;
    });
    return { id };
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}

export async function findAccessibleImport(db: DbOrTx, actor: Actor, id: string) {
  const found = await repo.findImport(db, id);
  if (!found) throw new AppError('DOCUMENT_IMPORT_NOT_FOUND');
  try {
    await findCompanyFor(db, actor, found.companyId);
  } catch {
    throw new AppError('DOCUMENT_IMPORT_NOT_FOUND');
  }
  return found;
}

export async function getDocumentImport(db: DbOrTx, actor: Actor, id: string): Promise<TDocumentImportDetail> {
  const found = await findAccessibleImport(db, actor, id);
  return { ...toImport(found), problems: await repo.listProblems(db, id, 200) };
}

export async function listDocumentImports(db: DbOrTx, actor: Actor, companyId: string): Promise<TDocumentImport[]> {
  const company = await findCompanyFor(db, actor, companyId);
  return (await repo.listImports(db, company.id, 50)).map(toImport);
}
