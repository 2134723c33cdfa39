import { readCsv } from './csv.js';
import { cleanText } from './reference-files.js';
import type { TableSpec } from './upsert.js';

export const ipiEnquadramentoSpec: TableSpec = {
  table: 'ref_ipi_enquadramento',
  columns: [
    { name: 'code', type: 'text' },
    { name: 'cst_group', type: 'text' },
    { name: 'description', type: 'text' },
    { name: 'cst_in', type: 'text' },
    { name: 'cst_out', type: 'text' },
  ],
  key: ['code'],
};

/** "cst_ipi_05" → "05"; blank → null. */
function cstOf(id: string | undefined): string | null {
  const m = /(\d{2})$/.exec((id ?? '').trim());
  return m ? m[1]! : null;
}

/** ipi-enquadramento.csv (id, code, cst_group, name, cst_in_id:id, cst_out_id:id) → records. */
export function parseIpiEnquadramentoFile(content: string) {
  const rows = readCsv(content).map((r) => ({
    code: (r.code ?? '').trim(),
    cst_group: (r.cst_group ?? '').trim(),
    description: cleanText(r.name),
    cst_in: cstOf(r['cst_in_id:id']),
    cst_out: cstOf(r['cst_out_id:id']),
  }));
  return { rows };
}
