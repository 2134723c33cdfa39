import type { TCstType } from '@app/contract';
import { readCsv } from './csv.js';
import { cleanText } from './reference-files.js';
import type { TableSpec } from './upsert.js';

const columns = [
  { name: 'type', type: 'text' },
  { name: 'code', type: 'text' },
  { name: 'name', type: 'text' },
  { name: 'direction', type: 'text' },
];

// cst.csv and ibs-cbs-cst.json share ref_cst; each file owns (and may retire) only its own types.
export const cstSpec: TableSpec = { table: 'ref_cst', columns, key: ['type', 'code'], scope: "t.type <> 'IBSCBS'" };
export const ibsCbsCstSpec: TableSpec = {
  table: 'ref_cst',
  columns,
  key: ['type', 'code'],
  scope: "t.type = 'IBSCBS'",
};

const typeByGroup: Record<string, Exclude<TCstType, 'IBSCBS'>> = {
  tax_group_icms: 'ICMS',
  tax_group_icmssn: 'CSOSN',
  tax_group_ipi: 'IPI',
  tax_group_pis: 'PIS',
  tax_group_cofins: 'COFINS',
};

/** cst.csv (id, code, name, cst_type, tax_group_id:id) → records typed by their tax group. */
export function parseCstFile(content: string) {
  const rows = readCsv(content).map((r) => {
    const group = (r['tax_group_id:id'] ?? '').trim();
    const type = typeByGroup[group];
    if (!type) throw new Error(`cst.csv: grupo de tributo desconhecido "${group}" (código ${r.code}).`);
    const direction = (r.cst_type ?? '').trim();
    return { type, code: (r.code ?? '').trim(), name: cleanText(r.name), direction: direction || 'all' };
  });
  return { rows };
}

/** ibs-cbs-cst.json ([{cst, descricao}]) → records of type IBSCBS. */
export function parseIbsCbsCstFile(content: string) {
  const items = JSON.parse(content) as { cst: string; descricao: string }[];
  const rows = items.map((i) => ({
    type: 'IBSCBS',
    code: i.cst.trim(),
    name: cleanText(i.descricao),
    direction: 'all',
  }));
  return { rows };
}
