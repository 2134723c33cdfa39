import { PassThrough, type Readable } from 'node:stream';
import { documentFindingLabels, documentFindingSeverityLabels, type TDocumentFindingKind } from '@app/contract';
import { loadExcelJs } from '../../lib/exceljs.js';
import { neutralise } from '../products/export/export-writers.js';
import type { FindingListRow } from './documents-findings.repository.js';

const COLUMNS: { header: string; width: number }[] = [
  { header: 'Achado', width: 34 },
  { header: 'Gravidade', width: 12 },
  { header: 'Regra', width: 22 },
  { header: 'Código Interno', width: 16 },
  { header: 'Descrição', width: 36 },
  { header: 'NCM', width: 10 },
  { header: 'Chave de acesso', width: 46 },
  { header: 'Número', width: 10 },
  { header: 'Data', width: 11 },
  { header: 'Operação', width: 10 },
  { header: 'CFOP', width: 7 },
  { header: 'Item', width: 6 },
  { header: 'Campo', width: 12 },
  { header: 'Esperado', width: 14 },
  { header: 'Encontrado', width: 14 },
  { header: 'Diferença (R$)', width: 14 },
  { header: 'Rejeição SEFAZ', width: 10 },
];
/** 1-based column numbers of the cells written as numbers or dates. */
const DATE_COL = 9;
const ITEM_COL = 12;
const EXPECTED_COL = 14;
const FOUND_COL = 15;
const DIFF_COL = 16;
/** Excel's display formats: shown as 1.234,56 and 31/10/2026 in a pt-BR Excel, yet stored as numbers. */
const MONEY = '#,##0.00';
const DAY = 'dd/mm/yyyy';

const decimal = /^-?\d{1,13}\.\d{1,4}$/;
/** A value the document wrote as a decimal (a rate or an amount) becomes a number; codes stay text. */
const valueCell = (v: string | null) => (v !== null && decimal.test(v) ? Number(v) : neutralise(v));
/** AAAA-MM-DD as a date cell at midnight UTC (Excel has no time zones: the day shown is the document's). */
const dateCell = (v: string | null) => (v ? new Date(`${v}T00:00:00Z`) : null);

/**
 * The findings as an XLSX written row by row by exceljs' streaming writer (as the products export does). Text that
 * came from the documents (codes, values) is neutralised, so no cell runs as a formula when the file is opened;
 * amounts, rates, item numbers and dates are numeric cells with pt-BR display formats, so they sum and sort.
 */
export function writeFindingsXlsx(pages: AsyncIterable<FindingListRow[]>): Readable {
  const out = new PassThrough();
  (async () => {
    const ExcelJS = await loadExcelJs();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet('Auditoria', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = COLUMNS.map((c) => ({ header: c.header, width: c.width }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for await (const page of pages) {
      for (const r of page) {
        const row = sheet.addRow([
          documentFindingLabels[r.kind as TDocumentFindingKind] ?? r.kind,
          documentFindingSeverityLabels[r.severity] ?? r.severity,
          neutralise(r.ruleCode),
          neutralise(r.internalCode),
          neutralise(r.description),
          r.ncm ?? '',
          r.chave ?? '',
          neutralise(r.documentNumber),
          dateCell(r.issuedOn),
          r.direction === 'sale' ? 'Venda' : 'Compra',
          r.cfop ?? '',
          r.nItem,
          r.field,
          valueCell(r.expected),
          valueCell(r.found),
          r.difference === null ? null : Number(r.difference),
          r.rejection ?? '',
        ]);
        row.getCell(DATE_COL).numFmt = DAY;
        row.getCell(ITEM_COL).numFmt = '0';
        for (const col of [EXPECTED_COL, FOUND_COL, DIFF_COL])
          if (typeof row.getCell(col).value === 'number') row.getCell(col).numFmt = MONEY;
        row.commit();
      }
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err) => out.destroy(err));
  return out;
}
