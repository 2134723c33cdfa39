import { cleanText, parseBrDate } from './reference-files.js';
import type { TableSpec } from './upsert.js';

interface SiscomexNcm {
  Codigo: string;
  Descricao: string;
  Data_Inicio: string;
  Data_Fim: string;
  Tipo_Ato_Ini?: string;
  Numero_Ato_Ini?: string;
  Ano_Ato_Ini?: string;
}

interface SiscomexFile {
  Data_Ultima_Atualizacao_NCM?: string;
  Ato?: string;
  Nomenclaturas: SiscomexNcm[];
}

export interface NcmRecord {
  code: string;
  level: number;
  parent_code: string | null;
  description: string;
  full_description: string;
  start_date: string;
  end_date: string | null;
  legal_act: string | null;
}

export const ncmSpec: TableSpec = {
  table: 'ref_ncm',
  columns: [
    { name: 'code', type: 'text' },
    { name: 'level', type: 'smallint' },
    { name: 'parent_code', type: 'text' },
    { name: 'description', type: 'text' },
    { name: 'full_description', type: 'text' },
    { name: 'start_date', type: 'date' },
    { name: 'end_date', type: 'date' },
    { name: 'legal_act', type: 'text' },
  ],
  key: ['code'],
  // A code the newer table no longer has stopped being valid before the reload at the latest.
  onAbsent:
    "end_date = GREATEST(start_date, LEAST(COALESCE(end_date, (now() AT TIME ZONE 'America/Sao_Paulo')::date - 1), (now() AT TIME ZONE 'America/Sao_Paulo')::date - 1))",
};

/** Own description of one level, readable alone: no leading dashes, trailing ':'/'.', or HTML tags. */
export function cleanNcmDescription(text: string): string {
  return cleanText(text.replace(/<[^>]+>/g, ''))
    .replace(/^[-–—\s]+/, '')
    .replace(/[\s:.;]+$/, '');
}

/**
 * Siscomex NCM JSON → one record per level. Parent = the longest prefix present in the file;
 * full description = own descriptions from the heading (4 digits) down, joined with " - ".
 */
export function parseNcmFile(content: string): { rows: NcmRecord[]; asOf: string | undefined } {
  const file = JSON.parse(content) as SiscomexFile;
  const items = file.Nomenclaturas.map((n) => ({ ...n, digits: n.Codigo.replace(/\D/g, '') }));
  const byCode = new Map(items.map((n) => [n.digits, n]));
  const parentOf = (code: string): string | null => {
    for (let len = code.length - 1; len >= 2; len--) {
      if (byCode.has(code.slice(0, len))) return code.slice(0, len);
    }
    return null;
  };
  const rows = items.map((n): NcmRecord => {
    const description = cleanNcmDescription(n.Descricao);
    const chain = [description];
    for (let p = parentOf(n.digits); p && p.length >= 4; p = parentOf(p)) {
      chain.unshift(cleanNcmDescription(byCode.get(p)!.Descricao));
    }
    const act = [n.Tipo_Ato_Ini, n.Numero_Ato_Ini && `${n.Numero_Ato_Ini}/${n.Ano_Ato_Ini ?? ''}`]
      .filter(Boolean)
      .join(' ');
    return {
      code: n.digits,
      level: n.digits.length,
      parent_code: parentOf(n.digits),
      description,
      full_description: chain.join(' - '),
      start_date: parseBrDate(n.Data_Inicio) ?? '1900-01-01',
      end_date: parseBrDate(n.Data_Fim),
      legal_act: act || null,
    };
  });
  // Parents first, so a batch never points at a code it has not inserted yet.
  rows.sort((a, b) => a.level - b.level || a.code.localeCompare(b.code));
  const asOf = [file.Data_Ultima_Atualizacao_NCM, file.Ato].filter(Boolean).join(', ') || undefined;
  return { rows, asOf };
}
