import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { neutralise } from '../products/export/export-writers.js';
import type { LogRow } from './logs.repository.js';

export const LOG_HEADERS = [
  'Data/Hora',
  'Código',
  'Descrição',
  'Usuário',
  'Parceiro',
  'Empresa',
  'Entidade',
  'Antes',
  'Depois',
] as const;

// One formatter for the whole file (building one per row was most of an export's time elsewhere).
const brDateTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Excel refuses cells longer than 32,767 characters: a huge before/after is cut, with a mark. */
const MAX_CELL = 32_000;

/** A before/after snapshot as "campo: valor; campo: valor" (nested values as compact JSON). */
export function describeSnapshot(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (typeof value !== 'object' || Array.isArray(value)) text = JSON.stringify(value);
  else {
    text = Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${k}: ${v === null ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
      .join('; ');
  }
  return neutralise(text.length > MAX_CELL ? `${text.slice(0, MAX_CELL)}…` : text);
}

export function logRowValues(r: LogRow): string[] {
  return [
    brDateTime.format(r.createdAt).replace(',', ''),
    String(r.code),
    neutralise(r.description),
    neutralise(r.actorName ?? ''),
    neutralise(r.partnerName ?? ''),
    neutralise(r.companyName ?? r.companyId ?? ''),
    neutralise(r.entityId ?? ''),
    describeSnapshot(r.before),
    describeSnapshot(r.after),
  ];
}

/** XLSX written row by row by exceljs' streaming writer (no shared strings, no styles, nothing kept). */
export function writeLogXlsx(pages: AsyncIterable<LogRow[]>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Log');
  (async () => {
    sheet.addRow([...LOG_HEADERS]).commit();
    for await (const page of pages) {
      for (const r of page) sheet.addRow(logRowValues(r)).commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err) => out.destroy(err));
  return out;
}
