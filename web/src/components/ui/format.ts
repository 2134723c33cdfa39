import dayjs from 'dayjs';

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

export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format('DD/MM/YYYY') : '';
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format('DD/MM/YYYY HH:mm') : '';
}
