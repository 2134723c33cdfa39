import type { Readable } from 'node:stream';
import type { TExportFormat } from '@app/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import type { Actor } from '../../../lib/actor.js';
import { recordAudit } from '../../../lib/audit.js';
import { findCompanyFor } from '../product-access.js';
import { AUDIT } from '../products.codes.js';
import { type StatusFlags, statusFilter } from '../products.repository.js';
import { type ExportRow, findExportPage } from './export.repository.js';
import { writeCsv, writeXlsx } from './export-writers.js';

const PAGE = 2000;

export interface ExportQuery extends StatusFlags {
  companyId: string;
  format: TExportFormat;
}

/** File name part from the company's trade name: produtos_{slug}.{ext}. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'empresa';
}

/**
 * GET /products/export: the company's products (status filters as in the list) streamed page by
 * page into a CSV or XLSX, so memory stays flat whatever the catalogue size.
 */
export async function openProductExport(
  db: Db,
  actor: Actor,
  query: ExportQuery,
): Promise<{ fileName: string; contentType: string; body: Readable }> {
  const company = await findCompanyFor(db, actor, query.companyId, 'Export');
  const where = sql`p.company_id = ${company.id} AND ${statusFilter(query, actor.role === 'Member')}`;
  await recordAudit(db, {
    code: AUDIT.productsExported,
    actor,
    partnerId: company.partnerId,
    companyId: company.id,
    after: { format: query.format, pending: query.pending, classified: query.classified, returned: query.returned },
  });
  // The next page is read while the current one is written (the writers, exceljs above all, take
  // longer than the query): the export then costs about the larger of the two, not their sum.
  async function* pages(): AsyncGenerator<ExportRow[]> {
    const fetchAfter = (after: string | null) => {
      const p = findExportPage(db, where, company.uf, after, PAGE);
      p.catch(() => undefined); // awaited below; a download stopped early must not leave it unhandled
      return p;
    };
    let next: Promise<ExportRow[]> | null = fetchAfter(null);
    while (next) {
      const page: ExportRow[] = await next;
      if (page.length === 0) return;
      next = page.length < PAGE ? null : fetchAfter(page[page.length - 1]!.id);
      yield page;
    }
  }
  const ext = query.format === 'XLSX' ? 'xlsx' : 'csv';
  return {
    fileName: `produtos_${slugify(company.nomeFantasia)}.${ext}`,
    contentType:
      query.format === 'XLSX'
        ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
        : 'text/csv; charset=utf-8',
    body: query.format === 'XLSX' ? writeXlsx(pages()) : writeCsv(pages()),
  };
}
