import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { checkProductInput, type TImportHistoryRow, type TImportInvalidLine, type TImportResult } from '@app/contract';
import type { Db } from '../../../db/client.js';
import type { Actor } from '../../../lib/actor.js';
import { AppError } from '../../../lib/app-error.js';
import { recordAudit } from '../../../lib/audit.js';
import { openUpload, type UploadedFile } from '../../../lib/upload-stream.js';
import {
  type GlobalMatch,
  type IncomingProduct,
  lockCompanyProductWrites,
  matchGlobalProducts,
  recordClassificationBatch,
  upsertProducts,
} from '../matching/upsert-products.js';
import { findCompanyFor } from '../product-access.js';
import { AUDIT } from '../products.codes.js';
import { type Layout, POSITIONAL_LAYOUT, pick, readHeader, tryReadHeader } from './columns.js';
import * as repo from './import.repository.js';
import { detectKind, readCsvRows, readXlsxRows, type SourceRow } from './read-rows.js';

/** Rows per INSERT … ON CONFLICT statement (and per invalid-lines insert). */
const BATCH_SIZE = 1000;
const REPORTED_IN_ANSWER = 100;

/** The upload as rows: CSV or XLSX told by its first bytes; over the size limit → refused (lib/upload-stream). */
async function openUploadRows(file: UploadedFile) {
  const upload = await openUpload(file, 'IMPORT_FILE_TOO_LARGE');
  const rows = detectKind(upload.head) === 'xlsx' ? readXlsxRows(upload.chunks) : readCsvRows(upload.chunks);
  return { rows, drain: upload.drain };
}

/**
 * POST /products/import. The file is read as a stream and written in batches of BATCH_SIZE rows,
 * all inside ONE transaction: any refusal (size, encoding, binary content, layout) or failure rolls
 * the whole file back, so a file is either imported entirely or not at all.
 * Per line: invalid (spec field rules, GTIN check digit) → reported with its line and reason; a code
 * already seen in the file → duplicated (the first occurrence wins); otherwise created or updated.
 */
export async function importProducts(
  db: Db,
  actor: Actor,
  query: { companyId: string; ignoreHeader: boolean },
  file: UploadedFile,
): Promise<TImportResult> {
  let company: Awaited<ReturnType<typeof findCompanyFor>>;
  try {
    company = await findCompanyFor(db, actor, query.companyId, 'Import');
  } catch (err) {
    file.stream.resume();
    throw err;
  }
  const upload = await openUploadRows(file);
  const started: { importId?: string } = {};
  try {
    return await writeRows(db, actor, company, query, file, upload.rows, started);
  } catch (err) {
    if (started.importId) await repo.deleteUnfinishedImport(db, started.importId);
    await upload.drain();
    throw err;
  }
}

async function writeRows(
  db: Db,
  actor: Actor,
  company: Awaited<ReturnType<typeof findCompanyFor>>,
  query: { ignoreHeader: boolean },
  file: UploadedFile,
  rows: AsyncGenerator<SourceRow>,
  started: { importId?: string },
): Promise<TImportResult> {
  return db.transaction(async (tx) => {
    await lockCompanyProductWrites(tx, company.id);
    const importId = await repo.insertRunningImport(
      db,
      { companyId: company.id, userId: actor.id, userName: actor.name, fileName: file.fileName },
      await repo.findBackend(tx),
    );
    started.importId = importId;
    const counts = { received: 0, created: 0, updated: 0, duplicated: 0, invalid: 0, classified: 0 };
    const firstLineOf = new Map<string, number>();
    const reported: TImportInvalidLine[] = [];
    let batch: IncomingProduct[] = [];
    let problems: TImportInvalidLine[] = [];
    const upsertCtx = {
      companyId: company.id,
      companyUf: company.uf,
      actor,
      via: ' por importação',
      writeLockHeld: true,
    };

    // A pipeline of three: while batch N is written (the transaction's connection, one statement at a
    // time), batch N+1 is matched against the global base on another pooled connection (read-only,
    // outside the transaction: matchGlobalProducts) and batch N+2 is read and checked here.
    let writing: Promise<void> = Promise.resolve();
    const write = async (rows: IncomingProduct[], lines: TImportInvalidLine[], matching: Promise<GlobalMatch[]>) => {
      const saved = await upsertProducts(tx, upsertCtx, rows, await matching);
      for (const s of saved) {
        if (s.inserted) counts.created++;
        else counts.updated++;
        if (s.classified) counts.classified++;
      }
      await repo.insertInvalidLines(tx, importId, lines);
    };
    const flush = async () => {
      const rows = batch;
      const lines = problems;
      batch = [];
      problems = [];
      const matching = matchGlobalProducts(db, company.uf, rows);
      // Handled here so that a failure while other work runs is not an unhandled rejection; the
      // write that awaits it (and the next `await writing`) still throws it.
      matching.catch(() => undefined);
      await writing;
      writing = write(rows, lines, matching);
      writing.catch(() => undefined);
    };
    const report = (line: TImportInvalidLine) => {
      problems.push(line);
      if (reported.length < REPORTED_IN_ANSWER) reported.push(line);
    };

    let layout: Layout | null = null;
    let sinceYield = 0;
    for await (const row of rows) {
      // Reading a buffered chunk of the file resolves row after row as microtasks, which starve I/O:
      // the answer of the batch being written sat unread until the chunk was done, and the database
      // waited ≈2.5 s per 100k rows for its next statement (bench/README.md). A turn of the event
      // loop every 100 rows lets it through.
      if (++sinceYield === 100) {
        sinceYield = 0;
        await yieldToEventLoop();
      }
      if (row.cells.every((c) => !c?.trim())) continue;
      if (!layout) {
        // A skipped first line only lends its column names when they are all recognisable.
        const header = query.ignoreHeader ? tryReadHeader(row.cells) : readHeader(row.cells);
        if (row.cells.length < 2 && !header) throw new AppError('IMPORT_LAYOUT');
        layout = header ?? POSITIONAL_LAYOUT;
        if (header || query.ignoreHeader) continue;
      }
      counts.received++;
      const checked = checkProductInput(pick(row.cells, layout));
      if (checked.errors.length) {
        counts.invalid++;
        report({ line: row.line, internalCode: checked.internalCode, reason: checked.errors.join(' ') });
      } else if (firstLineOf.has(checked.internalCode)) {
        counts.duplicated++;
        report({
          line: row.line,
          internalCode: checked.internalCode,
          reason: `Código Interno repetido no arquivo (primeira ocorrência na linha ${firstLineOf.get(checked.internalCode)}).`,
        });
      } else {
        firstLineOf.set(checked.internalCode, row.line);
        batch.push({
          line: row.line,
          internalCode: checked.internalCode,
          description: checked.description,
          gtin: checked.gtin,
        });
      }
      if (batch.length >= BATCH_SIZE || problems.length >= BATCH_SIZE) await flush();
    }
    await flush();
    await writing;
    if (counts.received === 0) throw new AppError('IMPORT_EMPTY');

    await repo.finishImport(tx, importId, counts);
    await recordClassificationBatch(tx, {
      companyId: company.id,
      userId: actor.id,
      source: 'Import',
      sent: counts.created + counts.updated,
      classified: counts.classified,
    });
    await recordAudit(tx, {
      code: AUDIT.productsImported,
      actor,
      partnerId: company.partnerId,
      companyId: company.id,
      entityId: importId,
      after: { fileName: file.fileName, ...counts },
    });
    return { importId, ...counts, invalidLines: reported };
  });
}

export async function listImportHistory(db: Db, actor: Actor, companyId: string): Promise<TImportHistoryRow[]> {
  const company = await findCompanyFor(db, actor, companyId);
  return repo.findImportHistory(db, company.id, 100);
}

/** GET /products/import/{id}/errors: the report of an import as CSV lines (after a tenant check). */
export async function openInvalidLinesReport(db: Db, actor: Actor, importId: string) {
  const found = await repo.findImport(db, importId);
  if (!found) throw new AppError('IMPORT_NOT_FOUND');
  try {
    await findCompanyFor(db, actor, found.companyId);
  } catch {
    throw new AppError('IMPORT_NOT_FOUND');
  }
  return async function* lines(): AsyncGenerator<string> {
    yield '\uFEFFLinha;CodigoInterno;Motivo\r\n';
    let after = 0;
    for (;;) {
      const page = await repo.findInvalidLines(db, importId, after, 5000);
      if (page.length === 0) return;
      yield page.map((l) => `${l.line};${csvCell(l.internalCode)};${csvCell(l.reason)}\r\n`).join('');
      after = page[page.length - 1]!.line;
    }
  };
}

/** Quotes a CSV cell when needed and neutralises formula starts (the report opens in Excel). */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
