import { checkGtin } from '@app/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { detectKind, readCsvRows, readXlsxRows, type SourceRow } from '../import/read-rows.js';

export interface GlobalProductLine {
  code: string;
  description: string;
  gtin: string | null;
  ncm: string;
  cest: string | null;
}

export interface LoadResult {
  received: number;
  saved: number;
  invalid: { line: number; reason: string }[];
}

const fold = (v: string) =>
  v
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/** Upserts global products by code (GTIN unique: a GTIN moved to another code is taken from the old one). */
export async function upsertGlobalProducts(db: DbOrTx, lines: GlobalProductLine[]) {
  if (lines.length === 0) return;
  const json = JSON.stringify(lines);
  await db.execute(sql`
    UPDATE global_products g SET gtin = NULL
    FROM jsonb_to_recordset(${json}::jsonb) AS t(code text, gtin char(14))
    WHERE g.gtin = t.gtin AND g.code <> t.code`);
  await db.execute(sql`
    INSERT INTO global_products (code, description, gtin, ncm, cest)
    SELECT code, description, gtin, ncm, cest
    FROM jsonb_to_recordset(${json}::jsonb) AS t(code text, description text, gtin text, ncm text, cest text)
    ON CONFLICT (code) DO UPDATE SET description = EXCLUDED.description, gtin = EXCLUDED.gtin,
      ncm = EXCLUDED.ncm, cest = EXCLUDED.cest, updated_at = now()`);
}

function parseLine(cells: string[], cols: Record<string, number>): GlobalProductLine | string {
  const get = (k: string) => (cols[k] === undefined ? '' : (cells[cols[k]!] ?? '').trim());
  const code = get('codigo');
  const description = get('descricao').slice(0, 255);
  const ncm = get('ncm').replace(/[.\s]/g, '');
  const cest = get('cest').replace(/[.\s]/g, '') || null;
  const gtin = checkGtin(get('gtin'));
  if (!code) return 'Código obrigatório.';
  if (!description) return 'Descrição obrigatória.';
  if (!/^\d{8}$/.test(ncm)) return 'NCM inválido.';
  if (cest && !/^\d{7}$/.test(cest)) return 'CEST inválido.';
  if (!gtin.ok) return gtin.message;
  return { code, description, gtin: gtin.gtin, ncm, cest };
}

/**
 * Staff/demo loader of the global base from a CSV (;) or XLSX with the header
 * Codigo;Descricao;GTIN;NCM;CEST (any order). Streams the file, upserts in batches of 1000 in one
 * transaction; invalid lines are skipped and reported.
 */
export async function loadGlobalProducts(
  db: { transaction: DbOrTx['transaction'] },
  bytes: AsyncIterable<Uint8Array>,
): Promise<LoadResult> {
  const it = bytes[Symbol.asyncIterator]();
  const first = await it.next();
  const result: LoadResult = { received: 0, saved: 0, invalid: [] };
  if (first.done) return result;
  async function* all(): AsyncGenerator<Uint8Array> {
    yield first.value;
    for (let n = await it.next(); !n.done; n = await it.next()) yield n.value;
  }
  const rows = detectKind(first.value) === 'xlsx' ? readXlsxRows(all()) : readCsvRows(all());
  await db.transaction(async (tx) => {
    let cols: Record<string, number> | null = null;
    let batch: GlobalProductLine[] = [];
    for await (const row of rows as AsyncIterable<SourceRow>) {
      if (!cols) {
        cols = Object.fromEntries(row.cells.map((c, i) => [fold(c).replace(/^descricaoproduto$/, 'descricao'), i]));
        if (cols.codigo === undefined || cols.descricao === undefined || cols.ncm === undefined) {
          throw new Error('Cabeçalho esperado: Codigo;Descricao;GTIN;NCM;CEST');
        }
        continue;
      }
      if (row.cells.every((c) => !c?.trim())) continue;
      result.received++;
      const parsed = parseLine(row.cells, cols);
      if (typeof parsed === 'string') result.invalid.push({ line: row.line, reason: parsed });
      else batch.push(parsed);
      if (batch.length >= 1000) {
        await upsertGlobalProducts(tx, batch);
        result.saved += batch.length;
        batch = [];
      }
    }
    await upsertGlobalProducts(tx, batch);
    result.saved += batch.length;
  });
  return result;
}
