import type { Readable } from 'node:stream';
import { neutralise } from '../products/export/export-writers.js';
import type { LogTextRow } from './log-export.repository.js';
import type { LogRow } from './logs.repository.js';
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
const HOUR = 3_600_000;
const two = (n: number) => (n < 10 ? `0${n}` : String(n));
let cachedHour = Number.NaN;
let cachedPrefix = '';

/**
 * "dd/mm/aaaa hh:mm:ss" in São Paulo. Even one shared Intl formatter was a large share of a 1M-row export's
 * CPU, and the events come in time order: the "dd/mm/aaaa hh:" part is formatted once per UTC hour and the
 * minutes and seconds appended (São Paulo's offsets, -3 h and -2 h in summer time, are whole hours).
 */
export function formatBrDateTime(date: Date): string {
  const ms = date.getTime();
  const hour = Math.floor(ms / HOUR);
  if (hour !== cachedHour) {
    const full = brDateTime.format(new Date(hour * HOUR)).replace(',', '');
    cachedPrefix = full.slice(0, full.length - 5);
    cachedHour = hour;
  }
  return `${cachedPrefix}${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`;
}

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

export function logRowValues(r: LogRow): Cell[] {
  return [
    formatBrDateTime(r.createdAt),
    r.code,
    neutralise(r.description),
    neutralise(r.actorName ?? ''),
    neutralise(r.partnerName ?? ''),
    neutralise(r.companyName ?? r.companyId ?? ''),
    neutralise(r.entityId ?? ''),
    describeSnapshot(r.before),
    describeSnapshot(r.after),
  ];
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
