import { readCsv } from './csv.js';
import { cleanText } from './reference-files.js';
import type { TableSpec } from './upsert.js';

export const ufRatesSpec: TableSpec = {
  table: 'ref_uf_rates',
  columns: [
    { name: 'uf', type: 'text' },
    { name: 'name', type: 'text' },
    { name: 'ibge', type: 'text' },
    { name: 'region', type: 'text' },
    { name: 'internal_rate', type: 'numeric' },
    { name: 'fcp_rate', type: 'numeric' },
    { name: 'note', type: 'text' },
  ],
  key: ['uf'],
};

/** icms-uf.csv (';'-separated: uf, nome, codigo_ibge, regiao, aliquota_interna, fcp_padrao, observacao). */
export function parseUfRatesFile(content: string) {
  const rows = readCsv(content, ';').map((r) => ({
    uf: (r.uf ?? '').trim().toUpperCase(),
    name: cleanText(r.nome),
    ibge: (r.codigo_ibge ?? '').trim(),
    region: (r.regiao ?? '').trim(),
    internal_rate: (r.aliquota_interna ?? '').trim().replace(',', '.'),
    fcp_rate: ((r.fcp_padrao ?? '').trim() || '0').replace(',', '.'),
    note: cleanText(r.observacao),
  }));
  return { rows };
}
