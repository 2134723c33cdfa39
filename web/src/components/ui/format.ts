/** pt-BR number formatting shared by every screen (spec 01 §9, spec 02 money/quantity columns). */
export function formatNumber(value: number | null | undefined, fractionDigits = 0): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  return new Intl.NumberFormat('pt-BR', {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value);
}

/** Percentage with 2 decimals, 0 when the share is not a number (spec 01 §5). */
export function percentOf(count: number, total: number): number {
  const p = (count * 100) / total;
  return Number.isFinite(p) ? Math.round(p * 100) / 100 : 0;
}

/**
 * Thousands abbreviated with k (spec 01 §9): up to 1000 the number itself; above it one decimal,
 * and above 1500 rounded down to steps of 500 so the figure does not jitter as products arrive.
 */
export function formatThousands(value: number): string {
  if (value <= 1000) return formatNumber(value);
  const stepped = value > 1500 ? Math.floor(value / 500) * 500 : Math.floor(value / 100) * 100;
  return `${new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 }).format(stepped / 1000)}k`;
}

/** The users' calendar (spec: Brazilian analysts): the same zone the server uses for date filters and exports. */
export const USERS_TIME_ZONE = 'America/Sao_Paulo';

const dayOnly = /^(\d{4})-(\d{2})-(\d{2})$/;
const brParts = new Intl.DateTimeFormat('pt-BR', {
  timeZone: USERS_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Day, month, year, hour and minute of an instant in the users' zone, whatever zone the browser is set to. */
function partsOf(value: string | Date): Record<'day' | 'month' | 'year' | 'hour' | 'minute', string> | null {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  const parts = Object.fromEntries(brParts.formatToParts(d).map((p) => [p.type, p.value]));
  return { day: parts.day!, month: parts.month!, year: parts.year!, hour: parts.hour!, minute: parts.minute! };
}

/**
 * dd/mm/aaaa. A calendar day ("2025-03-10", validity days, date filters) is shown as it is; an instant
 * (an ISO timestamp) is shown on the day it was in São Paulo, not in the browser's zone (issue 13).
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const day = typeof value === 'string' ? dayOnly.exec(value) : null;
  if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  const p = partsOf(value);
  return p ? `${p.day}/${p.month}/${p.year}` : '';
}

/** dd/mm/aaaa HH:mm of an instant, in the users' zone. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const p = partsOf(value);
  return p ? `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}` : '';
}
