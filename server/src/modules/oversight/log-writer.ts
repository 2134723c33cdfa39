import type { Readable } from 'node:stream';
import { neutralise } from '../products/export/export-writers.js';
import type { LogTextRow } from './log-export.repository.js';
import { type Cell, streamXlsx } from './xlsx-stream.js';

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

/** "dd/mm/aaaa hh:mm:ss" from PostgreSQL's ISO text of the São Paulo time (`YYYY-MM-DD HH:MI:SS[.ffffff]`). */
export function formatLocalText(local: string): string {
  return `${local.slice(8, 10)}/${local.slice(5, 7)}/${local.slice(0, 4)}${local.slice(10, 19)}`;
}

/** logRowValues for a row read by findLogTextPage (local time as text, exact keys); the same cells. */
export function logTextRowValues(r: LogTextRow): Cell[] {
  return [
    formatLocalText(r.local),
    r.code,
    neutralise(r.description),
    neutralise(r.actorName ?? ''),
    neutralise(r.partnerName ?? ''),
    neutralise(r.company ?? ''),
    neutralise(r.entityId ?? ''),
    describeSnapshot(r.before),
    describeSnapshot(r.after),
  ];
}

/** The Log sheet, streamed page by page (xlsx-stream.ts: nothing of the file is kept in memory). */
export function writeLogXlsx(pages: AsyncIterable<Cell[][]>): Readable {
  return streamXlsx('Log', [...LOG_HEADERS], pages);
}
