import { ufs } from '@app/tax-engine';
import type pg from 'pg';
import { readCsv } from './csv.js';
import { cleanText, parseIsoDate } from './reference-files.js';
import type { TableSpec } from './upsert.js';

export const ufRulesSpec: TableSpec = {
  table: 'ref_uf_tax_rules',
  columns: [
    { name: 'uf', type: 'text' },
    { name: 'valid_from', type: 'date' },
    { name: 'valid_to', type: 'date' },
    { name: 'difal_method', type: 'text' },
    { name: 'difal_fcp_in_gross_up', type: 'boolean' },
    { name: 'relief_formula', type: 'text' },
    { name: 'cbenef_required', type: 'boolean' },
    { name: 'cbenef_optional_csts', type: 'text[]' },
    { name: 'source', type: 'text' },
  ],
  key: ['uf', 'valid_from'],
};

const yes = (v: string | undefined) => /^(s|sim|true|1)$/i.test((v ?? '').trim());

/** Comma-separated two-digit CSTs; an empty cell is null ("not known"), not "no CST". */
function parseCstList(value: string | undefined): string[] | null {
  const list = (value ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  return list.length > 0 ? list : null;
}

/**
 * uf-tax-rules.csv (';'): uf, metodo_difal, fcp_no_calculo_por_dentro, formula_desoneracao,
 * cbenef_obrigatorio, csts_sem_cbenef (the state table's 'NULO' row), vigencia_inicio, vigencia_fim, fonte. A row without a valid method, formula or
 * start date stops the load: a state rule read wrong would silently change every DIFAL of that state.
 */
export function parseUfRulesFile(content: string) {
  const rows = readCsv(content, ';').map((r, i) => {
    const row = {
      uf: (r.uf ?? '').trim().toUpperCase(),
      valid_from: parseIsoDate(r.vigencia_inicio),
      valid_to: parseIsoDate(r.vigencia_fim),
      difal_method: (r.metodo_difal ?? '').trim().toLowerCase(),
      difal_fcp_in_gross_up: yes(r.fcp_no_calculo_por_dentro),
      relief_formula: (r.formula_desoneracao ?? '').trim().toLowerCase(),
      cbenef_required: yes(r.cbenef_obrigatorio),
      cbenef_optional_csts: parseCstList(r.csts_sem_cbenef),
      source: cleanText(r.fonte),
    };
    const ok =
      /^[A-Z]{2}$/.test(row.uf) &&
      row.valid_from !== null &&
      ['simples', 'dupla'].includes(row.difal_method) &&
      ['simples', 'por-dentro'].includes(row.relief_formula) &&
      (row.cbenef_optional_csts ?? []).every((c) => /^\d{2}$/.test(c)) &&
      row.source.length > 0;
    if (!ok)
      throw new Error(
        `Linha ${i + 2} de uf-tax-rules.csv inválida (UF, método, fórmula, CSTs sem cBenef, vigência e fonte).`,
      );
    return row;
  });
  // Every state's DIFAL method must be a fact of the file (issue 21): a state left out would otherwise fall back
  // to a method nobody chose.
  const missing = ufs.filter((uf) => !rows.some((r) => r.uf === uf));
  if (missing.length > 0)
    throw new Error(
      `uf-tax-rules.csv sem regra para as UFs ${missing.join(', ')}: cada uma das 27 UFs precisa de uma linha.`,
    );
  return { rows };
}

/** At start: refuses to serve when a UF has no active rule in the database (a file loaded before the rule existed). */
export async function assertEveryUfHasRule(client: pg.ClientBase): Promise<void> {
  const { rows } = await client.query<{ uf: string }>(
    'SELECT r.uf FROM unnest($1::text[]) AS r(uf) WHERE NOT EXISTS (SELECT 1 FROM ref_uf_tax_rules t WHERE t.uf = r.uf AND t.active) ORDER BY 1',
    [ufs],
  );
  if (rows.length > 0)
    throw new Error(
      `Regras estaduais (ref_uf_tax_rules) sem as UFs ${rows.map((r) => r.uf).join(', ')}: recarregue uf-tax-rules.`,
    );
}

export const cbenefSpec: TableSpec = {
  table: 'ref_cbenef',
  columns: [
    { name: 'code', type: 'text' },
    { name: 'uf', type: 'text' },
    { name: 'csts', type: 'text[]' },
    { name: 'description', type: 'text' },
    { name: 'valid_from', type: 'date' },
    { name: 'valid_to', type: 'date' },
  ],
  key: ['code'],
};

/** cbenef.csv (';'): codigo, uf, csts (comma separated), descricao, vigencia_inicio, vigencia_fim. */
export function parseCbenefFile(content: string) {
  const rows = readCsv(content, ';').map((r) => ({
    code: (r.codigo ?? '').trim().toUpperCase(),
    uf: (r.uf ?? '').trim().toUpperCase(),
    csts: (r.csts ?? '')
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean),
    description: cleanText(r.descricao),
    valid_from: parseIsoDate(r.vigencia_inicio) ?? '2019-01-01',
    valid_to: parseIsoDate(r.vigencia_fim),
  }));
  return { rows };
}
