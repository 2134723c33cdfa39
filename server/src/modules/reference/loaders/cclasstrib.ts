import { cleanText, parseIsoDate } from './reference-files.js';
import type { TableSpec } from './upsert.js';

interface CclasstribItem {
  cclasstrib: string;
  cst: string;
  nome: string;
  descricao: string;
  lc214?: string;
  tipo_aliquota: string;
  p_red_ibs: string | number;
  p_red_cbs: string | number;
  vigencia_inicio: string;
  vigencia_fim?: string;
  atualizado_em?: string;
  usa_nfe?: boolean;
  usa_nfce?: boolean;
  usa_nfse?: boolean;
  usa_nfcom?: boolean;
  usa_cte?: boolean;
  anexo_lc214?: string;
  link?: string;
}

export const cclasstribSpec: TableSpec = {
  table: 'ref_cclasstrib',
  columns: [
    { name: 'code', type: 'text' },
    { name: 'cst', type: 'text' },
    { name: 'name', type: 'text' },
    { name: 'description', type: 'text' },
    { name: 'legal_basis', type: 'text' },
    { name: 'rate_type', type: 'text' },
    { name: 'p_red_ibs', type: 'numeric' },
    { name: 'p_red_cbs', type: 'numeric' },
    { name: 'start_date', type: 'date' },
    { name: 'end_date', type: 'date' },
    { name: 'updated_on', type: 'date' },
    { name: 'documents', type: 'text[]' },
    { name: 'annex', type: 'text' },
    { name: 'link', type: 'text' },
  ],
  key: ['code'],
};

const documentFlags = [
  ['usa_nfe', 'NF-e'],
  ['usa_nfce', 'NFC-e'],
  ['usa_nfse', 'NFS-e'],
  ['usa_nfcom', 'NFCom'],
  ['usa_cte', 'CT-e'],
] as const;

function percent(value: string | number): string {
  const v = String(value).trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(v)) throw new Error(`cClassTrib: percentual inválido "${value}".`);
  return v;
}

/** ibs-cbs-cclasstrib.json → records (reductions in percent, empty end = no end). */
export function parseCclasstribFile(content: string) {
  const items = JSON.parse(content) as CclasstribItem[];
  const rows = items.map((i) => ({
    code: i.cclasstrib.trim(),
    cst: i.cst.trim(),
    name: cleanText(i.nome),
    description: cleanText(i.descricao),
    legal_basis: cleanText(i.lc214),
    rate_type: cleanText(i.tipo_aliquota),
    p_red_ibs: percent(i.p_red_ibs),
    p_red_cbs: percent(i.p_red_cbs),
    start_date: parseIsoDate(i.vigencia_inicio) ?? '2026-01-01',
    end_date: parseIsoDate(i.vigencia_fim),
    updated_on: parseIsoDate(i.atualizado_em),
    documents: documentFlags.filter(([flag]) => i[flag] === true).map(([, name]) => name),
    annex: cleanText(i.anexo_lc214),
    link: cleanText(i.link),
  }));
  return { rows };
}
