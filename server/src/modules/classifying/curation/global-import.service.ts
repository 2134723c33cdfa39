import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { checkGtin, type TGlobalImportResult } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../../lib/actor.js';
import { AppError } from '../../../lib/app-error.js';
import { recordAudit } from '../../../lib/audit.js';
import { openUpload, type UploadedFile } from '../../../lib/upload-stream.js';
import { csvCell } from '../../products/import/import.service.js';
import { detectKind, readCsvRows, readXlsxRows, type SourceRow } from '../../products/import/read-rows.js';
import { AUDIT } from '../classifying.codes.js';
import type { PendingTwins } from '../fanout/fanout.repository.js';
import { findPendingTwins, type PlannedFanout, planFanout, reportFanout } from '../fanout/fanout.service.js';
import * as repo from './curation.repository.js';

const BATCH_SIZE = 1000;
const REPORTED_IN_ANSWER = 100;

export type GlobalUpload = UploadedFile;

const fold = (v: string) =>
  v
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

type Columns = { codigo: number; descricao: number; gtin?: number; ncm: number; cest?: number };

function readHeader(cells: string[]): Columns {
  const at = new Map(cells.map((c, i) => [fold(c ?? ''), i]));
  const get = (...names: string[]) => names.map((n) => at.get(n)).find((i) => i !== undefined);
  const codigo = get('codigo');
  const descricao = get('descricao', 'descricaoproduto');
  const ncm = get('ncm');
  if (codigo === undefined || descricao === undefined || ncm === undefined) throw new AppError('GLOBAL_IMPORT_LAYOUT');
  return { codigo, descricao, ncm, gtin: get('gtin', 'gtinean', 'ean'), cest: get('cest') };
}

/** A line of the file checked on its own (the NCM/CEST tables and the GTIN owner are checked in SQL). */
function parseLine(row: SourceRow, cols: Columns): repo.GlobalLine | { line: number; code: string; reason: string } {
  const cell = (i: number | undefined) => (i === undefined ? '' : (row.cells[i] ?? '').trim());
  const code = cell(cols.codigo);
  const description = cell(cols.descricao);
  const ncm = cell(cols.ncm).replace(/[.\s]/g, '');
  const cest = cell(cols.cest).replace(/[.\s]/g, '') || null;
  const bad = (reason: string) => ({ line: row.line, code: code.slice(0, 60), reason });
  if (!code) return bad('Código obrigatório.');
  if (code.length > 60) return bad('Código com mais de 60 caracteres.');
  if (!description) return bad('Descrição obrigatória.');
  if (description.length > 255) return bad('Descrição com mais de 255 caracteres.');
  if (!/^\d{8}$/.test(ncm)) return bad('NCM deve ter 8 dígitos.');
  if (cest && !/^\d{7}$/.test(cest)) return bad('CEST deve ter 7 dígitos.');
  const gtin = checkGtin(cell(cols.gtin));
  if (!gtin.ok) return bad(gtin.message);
  return { line: row.line, code, description, gtin: gtin.gtin, ncm, cest };
}

/** The upload as rows (CSV `;` UTF-8/Windows-1252 or XLSX), refused once over its byte limit (lib/upload-stream). */
async function openRows(file: GlobalUpload) {
  const upload = await openUpload(file, 'GLOBAL_IMPORT_TOO_LARGE');
  const rows = detectKind(upload.head) === 'xlsx' ? readXlsxRows(upload.chunks) : readCsvRows(upload.chunks);
  return { rows, drain: upload.drain };
}

/**
 * POST /products/global/import: the file is streamed and written in batches of 1,000 in ONE
 * transaction (a refused or broken file changes nothing, as the product import: decision 008).
 * Invalid lines are kept with their reason (downloadable); a code seen again updates its row.
 * GTINs the base got are matched against Pending products batch by batch (index lookups), and the
 * fan-out jobs are queued by the file's transaction (they exist if and only if the file commits).
 */
export async function importGlobalProducts(
  app: FastifyInstance,
  actor: Actor,
  file: GlobalUpload,
): Promise<TGlobalImportResult> {
  const upload = await openRows(file);
  try {
    return await writeFile(app, actor, file, upload.rows);
  } catch (err) {
    await upload.drain();
    throw err;
  }
}

async function writeFile(
  app: FastifyInstance,
  actor: Actor,
  file: GlobalUpload,
  rows: AsyncGenerator<SourceRow>,
): Promise<TGlobalImportResult> {
  let plan: PlannedFanout | null = null;
  const result = await app.db.transaction(async (tx) => {
    const importId = await repo.insertGlobalImport(tx, {
      userId: actor.id,
      userName: actor.name,
      fileName: file.fileName,
    });
    const counts = { received: 0, created: 0, updated: 0, invalid: 0 };
    const reported: TGlobalImportResult['invalidLines'] = [];
    const twins = new Map<string, PendingTwins>();
    const ctx = {
      importId,
      actor,
      auditCode: AUDIT.globalUpdated,
      auditDescription: 'Produto global alterado por importação',
    };
    let batch: repo.GlobalLine[] = [];
    let codes = new Set<string>();
    let gtins = new Set<string>();
    let problems: { line: number; code: string; reason: string }[] = [];
    const report = (lines: typeof problems) => {
      counts.invalid += lines.length;
      for (const l of lines) if (reported.length < REPORTED_IN_ANSWER) reported.push(l);
    };
    const writeBatch = async (lines: repo.GlobalLine[], refused: typeof problems) => {
      await repo.insertGlobalInvalidLines(tx, importId, refused);
      report(refused);
      if (lines.length === 0) return;
      const out = await repo.writeGlobalBatch(tx, ctx, lines);
      counts.created += out.created;
      counts.updated += out.updated;
      report(out.invalid);
      for (const t of await findPendingTwins(tx, out.newGtins)) {
        const seen = twins.get(t.companyId);
        if (!seen) twins.set(t.companyId, t);
        else
          twins.set(t.companyId, { ...seen, gtins: [...seen.gtins, ...t.gtins], products: seen.products + t.products });
      }
    };
    // A pipeline of two, as the product import: batch N is written (one statement at a time on the
    // transaction's connection, in file order) while batch N+1 is read and checked here.
    let writing: Promise<void> = Promise.resolve();
    const flush = async () => {
      const lines = batch;
      const refused = problems;
      batch = [];
      problems = [];
      codes = new Set();
      gtins = new Set();
      const previous = writing;
      writing = previous.then(() => writeBatch(lines, refused));
      // Surfaced by the next await of `writing`; handled here so it is never an unhandled rejection.
      writing.catch(() => undefined);
      await previous;
    };

    let cols: Columns | null = null;
    let sinceYield = 0;
    try {
      for await (const row of rows) {
        // Rows of a buffered chunk resolve as microtasks: a turn of the event loop every 100 rows lets
        // the database's answers (and other requests) through (as the product import: decision 008).
        if (++sinceYield === 100) {
          sinceYield = 0;
          await yieldToEventLoop();
        }
        if (row.cells.every((c) => !c?.trim())) continue;
        if (!cols) {
          cols = readHeader(row.cells);
          continue;
        }
        counts.received++;
        const parsed = parseLine(row, cols);
        if ('reason' in parsed) problems.push(parsed);
        else {
          // A code or GTIN already in this batch: the earlier lines are written first, so the later
          // line updates the row (code) or is refused as another product's GTIN.
          if (codes.has(parsed.code) || (parsed.gtin && gtins.has(parsed.gtin))) await flush();
          batch.push(parsed);
          codes.add(parsed.code);
          if (parsed.gtin) gtins.add(parsed.gtin);
        }
        if (batch.length >= BATCH_SIZE || problems.length >= BATCH_SIZE) await flush();
      }
      await flush();
      await writing;
    } catch (err) {
      // No statement may still be running on the transaction's connection when it rolls back.
      await writing.catch(() => undefined);
      throw err;
    }
    if (counts.received === 0) throw new AppError('IMPORT_EMPTY');
    await repo.updateGlobalImportCounts(tx, importId, counts);
    await recordAudit(tx, {
      code: AUDIT.globalImported,
      actor,
      entityId: importId,
      after: { fileName: file.fileName, ...counts },
    });
    plan = await planFanout(app, tx, { source: 'Import', actor, twins: [...twins.values()] });
    return { importId, ...counts, invalidLines: reported.sort((a, b) => a.line - b.line) };
  });
  const fanout = await reportFanout(app, plan);
  return { ...result, fanout };
}

/** GET /products/global/import/{id}/errors: the invalid lines as CSV (formula starts neutralised). */
export async function openGlobalInvalidLines(app: FastifyInstance, importId: string) {
  if (!(await repo.findGlobalImport(app.db, importId))) throw new AppError('IMPORT_NOT_FOUND');
  return async function* lines(): AsyncGenerator<string> {
    yield '\uFEFFLinha;Codigo;Motivo\r\n';
    let after = 0;
    for (;;) {
      const page = await repo.findGlobalInvalidLines(app.db, importId, after, 5000);
      if (page.length === 0) return;
      yield page.map((l) => `${l.line};${csvCell(l.code)};${csvCell(l.reason)}\r\n`).join('');
      after = page[page.length - 1]!.line;
    }
  };
}
