import { PassThrough, Readable } from 'node:stream';
import { displayGtin, productStatusLabels } from '@app/contract';
import { loadExcelJs } from '../../../lib/exceljs.js';
import { toStatusName } from '../products.mapper.js';
import type { ExportRow } from './export.repository.js';

export const EXPORT_HEADERS = [
  'Código Interno',
  'GTIN',
  'Descrição',
  'NCM',
  'CEST',
  'Situação',
  'Código de Integração',
  'CFOP Saída',
  'CST ICMS',
  'CSOSN',
  '% ICMS',
  '% Redução BC ICMS',
  '% ICMS ST',
  '% MVA/IVA',
  '% FCP',
  'CST PIS Saída',
  '% PIS',
  'CST COFINS Saída',
  '% COFINS',
  'CST IPI Saída',
  '% IPI',
  'Última Atualização',
] as const;

/**
 * A cell that a spreadsheet could read as a formula (= + - @, or a leading tab/CR that some
 * programs strip before looking) gets a leading apostrophe: user-typed descriptions and codes
 * must never run as formulas when the file is opened (CSV/formula injection).
 */
export function neutralise(text: string | null | undefined): string {
  const value = text ?? '';
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function rowValues(r: ExportRow): { texts: string[]; rates: (string | null)[]; updatedAt: Date } {
  return {
    texts: [
      neutralise(r.internalCode),
      displayGtin(r.gtin),
      neutralise(r.description),
      r.ncm ?? '',
      r.cest ?? '',
      productStatusLabels[toStatusName(r.status)],
      neutralise(r.code),
      r.cfopSaida ?? '',
      r.cstIcms ?? '',
      r.cstCsosn ?? '',
    ],
    rates: [
      r.aliqIcms,
      r.redBcIcms,
      r.aliqIcmsSt,
      r.iva,
      r.fcp,
      r.pisCst,
      r.aliqPis,
      r.cofinsCst,
      r.aliqCofins,
      r.ipiCst,
      r.aliqIpi,
    ],
    updatedAt: new Date(r.updatedAt),
  };
}

/** Columns among `rates` that are codes (CSTs), not percentages. */
const CODE_COLUMNS = new Set([5, 7, 9]);

function csvCell(value: string): string {
  return /[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** pt-BR decimal (comma) with two places, as Excel in Brazil reads it. */
function brDecimal(value: string | null): string {
  return value === null ? '' : Number(value).toFixed(2).replace('.', ',');
}

// One formatter for the whole file: toLocaleDateString builds a new one per call (most of a CSV export's time).
const brDateFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' });
const brDate = (d: Date) => brDateFormat.format(d);

/** CSV with ';' and a UTF-8 BOM (Excel then reads the accents right). */
export function writeCsv(pages: AsyncIterable<ExportRow[]>): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield `\uFEFF${EXPORT_HEADERS.join(';')}\r\n`;
    for await (const page of pages) {
      yield page
        .map((r) => {
          const v = rowValues(r);
          const rates = v.rates.map((x, i) => (CODE_COLUMNS.has(i) ? (x ?? '') : brDecimal(x)));
          return `${[...v.texts, ...rates, brDate(v.updatedAt)].map(csvCell).join(';')}\r\n`;
        })
        .join('');
    }
  }
  return Readable.from(lines());
}

/** XLSX written row by row by exceljs' streaming writer (no shared strings, nothing kept). */
export function writeXlsx(pages: AsyncIterable<ExportRow[]>): Readable {
  const out = new PassThrough();
  (async () => {
    const ExcelJS = await loadExcelJs();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const sheet = workbook.addWorksheet('Produtos');
    sheet.addRow([...EXPORT_HEADERS]).commit();
    for await (const page of pages) {
      for (const r of page) {
        const v = rowValues(r);
        const rates = v.rates.map((x, i) => (CODE_COLUMNS.has(i) ? (x ?? '') : x === null ? null : Number(x)));
        sheet.addRow([...v.texts, ...rates, v.updatedAt]).commit();
      }
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err) => out.destroy(err));
  return out;
}
