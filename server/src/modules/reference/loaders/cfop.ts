import { readCsv } from './csv.js';
import { cleanText } from './reference-files.js';
import type { TableSpec } from './upsert.js';

export const cfopSpec: TableSpec = {
  table: 'ref_cfop',
  columns: [
    { name: 'code', type: 'text' },
    { name: 'name', type: 'text' },
    { name: 'short_name', type: 'text' },
    { name: 'direction', type: 'text' },
    { name: 'kind', type: 'text' },
    { name: 'stock_move', type: 'boolean' },
    { name: 'finance_move', type: 'boolean' },
  ],
  key: ['code'],
};

/** cfop.csv (code, name, small_name, type_in_out, type_move, stock_move, finance_move, …) → records. */
export function parseCfopFile(content: string) {
  const rows = readCsv(content).map((r) => ({
    code: (r.code ?? '').trim(),
    name: cleanText(r.name),
    short_name: cleanText(r.small_name) || cleanText(r.name),
    direction: (r.type_in_out ?? '').trim(),
    kind: (r.type_move ?? '').trim(),
    stock_move: r.stock_move === '1',
    finance_move: r.finance_move === '1',
  }));
  return { rows };
}
