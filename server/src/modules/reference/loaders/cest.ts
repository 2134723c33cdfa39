import { readCsv } from './csv.js';
import { cleanText } from './reference-files.js';
import type { TableSpec } from './upsert.js';

export interface CestRecord {
  code: string;
  segment: string;
  item: string;
  description: string;
  ncm_prefixes: string[];
}

export const cestSpec: TableSpec = {
  table: 'ref_cest',
  columns: [
    { name: 'code', type: 'text' },
    { name: 'segment', type: 'text' },
    { name: 'item', type: 'text' },
    { name: 'description', type: 'text' },
    { name: 'ncm_prefixes', type: 'text[]' },
  ],
  key: ['code'],
};

/**
 * One NCM prefix of the file → digits. Three-digit prefixes are four-digit headings whose leading
 * zero a spreadsheet dropped (403 = 0403 iogurte); other lengths are kept as published.
 */
export function normalizeCestPrefix(raw: string): string | null {
  const digits = raw.replace(/\D/g, '');
  if (digits.length < 2) return null;
  return digits.length === 3 ? `0${digits}` : digits;
}

/** cest.csv (id, item, code, segment, name, ncms) → records; the segment is the code's first 2 digits. */
export function parseCestFile(content: string): { rows: CestRecord[] } {
  const rows = readCsv(content).map((r): CestRecord => {
    const code = (r.code ?? '').replace(/\D/g, '');
    const prefixes = (r.ncms ?? '')
      .split(',')
      .map(normalizeCestPrefix)
      .filter((p): p is string => p !== null);
    return {
      code,
      segment: code.slice(0, 2),
      item: cleanText(r.item),
      description: cleanText(r.name),
      ncm_prefixes: [...new Set(prefixes)],
    };
  });
  return { rows };
}
