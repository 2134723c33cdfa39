import { PassThrough, type Readable } from 'node:stream';
import { documentFindingLabels, type TDocumentFindingKind } from '@app/contract';
import { loadExcelJs } from '../../lib/exceljs.js';
import { neutralise } from '../products/export/export-writers.js';
import type { FindingListRow } from './documents-findings.repository.js';

const HEADERS = [
  'Achado',
  'Código Interno',
  'Chave de acesso',
  'Número',
  'Operação',
  'Item',
  'Campo',
  'Esperado',
  'Encontrado',
  'Diferença (R$)',
  'Rejeição SEFAZ',
];

/**
 * The findings as an XLSX written row by row by exceljs' streaming writer (as the products export does). Text that
 * came from the documents (codes, values) is neutralised, so no cell runs as a formula when the file is opened.
 */
export function writeFindingsXlsx(pages: AsyncIterable<FindingListRow[]>): Readable {
  const out = new PassThrough();
  (async () => {
    const ExcelJS = await loadExcelJs();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const sheet = workbook.addWorksheet('Auditoria');
    sheet.addRow(HEADERS).commit();
    for await (const page of pages) {
      for (const r of page) {
        sheet
          .addRow([
            documentFindingLabels[r.kind as TDocumentFindingKind] ?? r.kind,
            neutralise(r.internalCode),
            r.chave ?? '',
            neutralise(r.documentNumber),
            r.direction === 'sale' ? 'Venda' : 'Compra',
            r.nItem,
            r.field,
            neutralise(r.expected),
            neutralise(r.found),
            r.difference === null ? null : Number(r.difference),
            r.rejection ?? '',
          ])
          .commit();
      }
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err) => out.destroy(err));
  return out;
}
