import { healthFindingInfo } from '@app/contract';
import { loadExcelJs } from '../../../lib/exceljs.js';
import { neutralise } from '../../products/export/export-writers.js';
import type { FindingRow } from './health.repository.js';

const headers = [
  'Código Interno',
  'Descrição',
  'Achado',
  'Rejeição evitada',
  'Detalhe',
  'Como corrigir',
  'cClassTrib proposto',
];

/** The findings as an XLSX; user-typed text is neutralised so no cell runs as a formula. */
export async function writeFindingsXlsx(rows: FindingRow[]): Promise<Buffer> {
  const ExcelJS = await loadExcelJs();
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Saúde fiscal');
  ws.addRow(headers).font = { bold: true };
  for (const r of rows) {
    const info = healthFindingInfo[r.kind];
    ws.addRow([
      neutralise(r.internalCode),
      neutralise(r.description),
      info.label,
      r.ruleCode ?? info.rejection,
      neutralise(r.detail),
      info.fix,
      r.proposal?.split(',').join(', ') ?? '',
    ]);
  }
  ws.columns.forEach((c, i) => {
    c.width = [18, 48, 40, 22, 30, 60, 20][i];
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
