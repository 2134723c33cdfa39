import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { countOf, todayInBrazil } from '@app/contract';
import { sql } from 'drizzle-orm';
import { DEFAULT_DOCUMENT_LIMITS, type DocumentLimits } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import { recordAudit } from '../../../lib/audit.js';
import { type FailureLog, logFailure, stderrLog } from '../../../lib/failure-reference.js';
import { recordClassificationBatch } from '../../products/matching/upsert-products.js';
import { finishAudit, newAuditRun } from '../audit/audit-document.js';
import { AUDIT_DOCUMENTS_IMPORTED } from '../documents.codes.js';
import * as repo from '../documents.repository.js';
import { holdRunnerConnection } from '../documents-interrupted.repository.js';
import { countDocuments } from '../read/count-documents.js';
import { ReadThreadFailure } from '../read/read-in-thread.js';
import { readUpload } from '../read/read-upload.js';
import { importBatch } from './import-batch.js';
import { importCatalogue } from './import-catalogue.js';
import { type AcceptedDocument, acceptDocument, type ImportRun } from './import-document.js';
import { ProblemRows } from './problem-rows.js';

/** Progress is written at most this often while the import runs (the screen polls it). */
const PROGRESS_EVERY_MS = 1000;
/** A batch closes at this many documents or items (decision 043: a few statements per batch, not per document). */
const BATCH_DOCUMENTS = 250;
const BATCH_ITEMS = 2500;

/** The upload's files in the order they were sent: stored as NN-name (lib names never come from inside a ZIP). */
async function listUploadedFiles(dir: string) {
  const names = (await readdir(dir)).sort();
  return names.map((n) => ({ path: join(dir, n), fileName: n.replace(/^\d+-/, '') }));
}

/**
 * The background job of an upload: every document of every file, in batches that each commit whole or fall back
 * to one transaction per document (importBatch), problems kept with file and line; the counts are written as it goes so the screen shows progress. The upload's
 * temporary folder is removed at the end, whatever happened.
 */
export async function runDocumentImport(
  db: Db,
  importId: string,
  log: FailureLog = stderrLog,
  limits: DocumentLimits = DEFAULT_DOCUMENT_LIMITS,
): Promise<void> {
  const found = await repo.findImport(db, importId);
  if (!found || found.status === 'Done' || found.status === 'Failed' || found.status === 'Interrupted') return;
  const companyRes = await db.execute<
    { id: string; document: string; uf: string; partner_id: string } & Record<string, unknown>
  >(sql`SELECT id, document, uf, partner_id FROM companies WHERE id = ${found.companyId}`);
  const company = companyRes.rows[0];
  // While this connection lives the import is running; a server start that finds it gone ends it Interrupted.
  const releaseRunner = await holdRunnerConnection(db, importId);
  // Until its try below, a failure must still give the runner connection back.
  let run: ImportRun;
  try {
    await repo.startRun(db, importId);
    run = {
      // The audit's caches, built as a later audit builds them (audit-document.ts).
      ...(await newAuditRun(db, { id: found.companyId, uf: company?.uf ?? 'SP' })),
      importId,
      company: { id: found.companyId, cnpj: company?.document ?? '', uf: company?.uf ?? 'SP' },
      actor: { id: found.userId ?? '00000000-0000-0000-0000-000000000000', name: found.userName },
      counts: {
        documents: 0,
        items: 0,
        productsCreated: 0,
        productsUpdated: 0,
        duplicates: 0,
        errors: 0,
        findings: 0,
        classified: 0,
      },
      products: new Map(),
      problems: [],
      today: todayInBrazil(),
      log,
      progress: { documentsRead: 0, documentsTotal: null, itemsAudited: 0 },
      notes: [],
      catalogued: new Map(),
    };
  } catch (err) {
    releaseRunner();
    throw err;
  }
  // Documents go in batches, one transaction each (importBatch); while one batch is written the next is read
  // and checked, so the file's parse overlaps the database's work.
  let writing: Promise<void> = Promise.resolve();
  let batch: AcceptedDocument[] = [];
  let batchItems = 0;
  const flush = async () => {
    await writing;
    const docs = batch;
    batch = [];
    batchItems = 0;
    writing = importBatch(run, docs);
    // Awaited at the next flush or at the end; handled now so a failure is not reported as unhandled meanwhile.
    writing.catch(() => undefined);
  };
  let lastSaved = Date.now();
  let ticker: ReturnType<typeof setInterval> | undefined;
  const problemRows = new ProblemRows(limits.maxProblemRows, found.fileName);
  const saveProgress = async (force = false) => {
    if (run.problems.length) await repo.insertProblems(db, importId, problemRows.take(run.problems.splice(0)));
    if (force) await repo.insertProblems(db, importId, problemRows.summary());
    if (force || Date.now() - lastSaved >= PROGRESS_EVERY_MS) {
      await repo.saveCounts(db, importId, run.counts, run.progress);
      lastSaved = Date.now();
    }
  };
  try {
    if (!company) throw new Error('empresa removida');
    // Read in a thread of its own with a heap limit (decision 056): a file that exhausts it ends this import only.
    const files = await listUploadedFiles(found.uploadDir);
    problemRows.setFiles(files.map((f) => f.fileName));
    // Progress is written every second by a timer too, not only between events: while a batch is written (or a
    // thread starts) no event arrives, and the screen must still see the counts move (issue 37).
    countDocuments(files)
      .then((total) => {
        run.progress.documentsTotal ??= Math.max(total, run.progress.documentsRead);
      })
      .catch(() => undefined);
    ticker = setInterval(() => {
      if (Date.now() - lastSaved < PROGRESS_EVERY_MS) return;
      lastSaved = Date.now();
      repo.saveCounts(db, importId, run.counts, run.progress).catch(() => undefined);
    }, PROGRESS_EVERY_MS / 2);
    // A small upload of XML or EFD is read here; anything larger, and every ZIP, in the reading thread (read-upload.ts).
    for await (const event of readUpload(files, run.company.cnpj, limits)) {
      if ('problem' in event) {
        run.problems.push(event.problem);
        run.counts.errors++;
      } else if ('catalogue' in event) {
        // An EFD's 0200 items, after its documents are written: a code a document brought is already known.
        await flush();
        await writing;
        await importCatalogue(run, event.catalogue);
      } else {
        run.progress.documentsRead++;
        const accepted = acceptDocument(run, event.document);
        if (accepted) {
          batch.push(accepted);
          batchItems += accepted.doc.items.length;
          if (batch.length >= BATCH_DOCUMENTS || batchItems >= BATCH_ITEMS) await flush();
        }
      }
      if (run.problems.length >= 100 || Date.now() - lastSaved >= PROGRESS_EVERY_MS) {
        await saveProgress();
        await yieldToEventLoop();
      }
    }
    await flush();
    await writing;
    // The audit's last step once every document is in (the Tema 69 opportunity, one finding for the import).
    run.counts.findings += await finishAudit(run, db, { importId, companyId: run.company.id });
    clearInterval(ticker);
    // The total was an estimate (a ZIP's entries, an EFD's C100 lines, cancelled ones included): now it is known.
    run.progress.documentsTotal = run.progress.documentsRead;
    await saveProgress(true);
    await db.transaction(async (tx) => {
      await repo.finishImport(tx, importId, 'Done', summarize(run));
      await recordClassificationBatch(tx, {
        companyId: run.company.id,
        userId: run.actor.id,
        source: 'Import',
        sent: run.counts.productsCreated,
        classified: run.counts.classified,
      });
      await recordAudit(tx, {
        code: AUDIT_DOCUMENTS_IMPORTED,
        actor: { id: run.actor.id, name: run.actor.name },
        partnerId: company.partner_id,
        companyId: run.company.id,
        entityId: importId,
        after: { fileName: found.fileName, ...run.counts },
      });
    });
  } catch (err) {
    await writing.catch(() => undefined);
    await saveProgress(true).catch(() => undefined);
    const reference = logFailure(log, err, { importId }, 'importação de documentos: falhou');
    await repo.finishImport(
      db,
      importId,
      'Failed',
      err instanceof ReadThreadFailure
        ? err.message
        : `A importação falhou (referência ${reference}); os documentos já gravados foram mantidos. Envie os arquivos de novo.`,
    );
    throw err;
  } finally {
    clearInterval(ticker);
    await rm(found.uploadDir, { recursive: true, force: true });
    releaseRunner();
  }
}

function summarize(run: ImportRun): string {
  const c = run.counts;
  const notes = run.notes.length ? ` ${run.notes.join(' ')}` : '';
  return `${countOf(c.documents, 'documento importado', 'documentos importados')}, ${countOf(c.duplicates, 'duplicado', 'duplicados')}, ${countOf(c.errors, 'problema', 'problemas')}; ${countOf(c.findings, 'achado de auditoria', 'achados de auditoria')}.${notes}`;
}
