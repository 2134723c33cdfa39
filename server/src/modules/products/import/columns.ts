import { IMPORT_COLUMNS } from '@app/contract';
import { AppError } from '../../../lib/app-error.js';

/** Positions of the columns in a row. */
export interface Layout {
  code: number;
  description: number;
  gtin: number | null;
}

/** CodigoInterno;DescricaoProduto;GTIN/EAN when there is no header to read. */
export const POSITIONAL_LAYOUT: Layout = { code: 0, description: 1, gtin: 2 };

const fold = (v: string) =>
  v
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

const NAMES: Record<keyof Layout, string[]> = {
  code: ['codigointerno', 'codinterno', 'codigo', 'cod', 'internalcode'],
  description: ['descricaoproduto', 'descricao', 'produto', 'description'],
  gtin: ['gtinean', 'gtin', 'ean', 'codigodebarras', 'codbarras', 'gtinean13'],
};

/**
 * Reads the first row as a header when any of its cells names a column of the layout (in any order,
 * accents and case ignored). A header without the required columns is refused; a row that names
 * no column is data (or a header the user asked to skip) and the columns are positional.
 */
export function readHeader(cells: string[]): Layout | null {
  const folded = cells.map((c) => fold(c ?? ''));
  const find = (key: keyof Layout) => folded.findIndex((c) => NAMES[key].includes(c));
  const code = find('code');
  const description = find('description');
  const gtin = find('gtin');
  if (code < 0 && description < 0 && gtin < 0) return null;
  const missing = [code < 0 ? IMPORT_COLUMNS[0] : null, description < 0 ? IMPORT_COLUMNS[1] : null].filter(Boolean);
  if (missing.length) {
    throw new AppError(
      'IMPORT_MISSING_COLUMNS',
      `O arquivo não possui as colunas obrigatórias: ${missing.join(', ')}.`,
    );
  }
  return { code, description, gtin: gtin < 0 ? null : gtin };
}

export function pick(cells: string[], layout: Layout) {
  return {
    internalCode: cells[layout.code] ?? '',
    description: cells[layout.description] ?? '',
    gtin: layout.gtin === null ? '' : (cells[layout.gtin] ?? ''),
  };
}

export function tryReadHeader(cells: string[]): Layout | null {
  try {
    return readHeader(cells);
  } catch {
    return null;
  }
}
