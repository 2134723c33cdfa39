import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { referenceTables, type TReferenceTable } from '@app/contract';
import pg from 'pg';
import { announceReferenceReloaded } from '../../../lib/reference-changes.js';
import { loadBundledStAgreements } from '../../st-agreements/st-agreements.seed.js';
import { cclasstribSpec, parseCclasstribFile } from './cclasstrib.js';
import { cestSpec, parseCestFile } from './cest.js';
import { cfopSpec, parseCfopFile } from './cfop.js';
import { cstSpec, ibsCbsCstSpec, parseCstFile, parseIbsCbsCstFile } from './cst.js';
import { ipiEnquadramentoSpec, parseIpiEnquadramentoFile } from './ipi-enquadramento.js';
import { ncmSpec, parseNcmFile } from './ncm.js';
import { bundledFile, readSourcesMeta, sha256 } from './reference-files.js';
import {
  parseRtcClassTribFile,
  parseRtcIsFile,
  parseRtcMonoFile,
  parseRtcNcmFile,
  parseRtcRatesFile,
  parseRtcSpecificRatesFile,
  rtcClassTribSpec,
  rtcIsSpec,
  rtcMonoSpec,
  rtcNcmSpec,
  rtcRatesSpec,
  rtcSpecificRatesSpec,
} from './rtc.js';
import { parseUfRatesFile, ufRatesSpec } from './uf-rates.js';
import { assertEveryUfHasRule, cbenefSpec, parseCbenefFile, parseUfRulesFile, ufRulesSpec } from './uf-rules.js';
import { type TableSpec, upsertRows } from './upsert.js';

interface TableLoader {
  spec: TableSpec;
  parse: (content: string) => { rows: object[]; asOf?: string };
}

const loaders: Record<TReferenceTable, TableLoader> = {
  ncm: { spec: ncmSpec, parse: parseNcmFile },
  cest: { spec: cestSpec, parse: parseCestFile },
  cfop: { spec: cfopSpec, parse: parseCfopFile },
  cst: { spec: cstSpec, parse: parseCstFile },
  'ibs-cbs-cst': { spec: ibsCbsCstSpec, parse: parseIbsCbsCstFile },
  cclasstrib: { spec: cclasstribSpec, parse: parseCclasstribFile },
  'ipi-enquadramento': { spec: ipiEnquadramentoSpec, parse: parseIpiEnquadramentoFile },
  'uf-rates': { spec: ufRatesSpec, parse: parseUfRatesFile },
  'uf-rules': { spec: ufRulesSpec, parse: parseUfRulesFile },
  cbenef: { spec: cbenefSpec, parse: parseCbenefFile },
  'rtc-aliquotas': { spec: rtcRatesSpec, parse: parseRtcRatesFile },
  'rtc-cclasstrib': { spec: rtcClassTribSpec, parse: parseRtcClassTribFile },
  'rtc-ncm': { spec: rtcNcmSpec, parse: parseRtcNcmFile },
  'rtc-aliquotas-especificas': { spec: rtcSpecificRatesSpec, parse: parseRtcSpecificRatesFile },
  'rtc-is': { spec: rtcIsSpec, parse: parseRtcIsFile },
  'rtc-monofasia': { spec: rtcMonoSpec, parse: parseRtcMonoFile },
};

export interface LoadOptions {
  /** Official file to load; the bundled reference-data/ file when omitted. */
  file?: string;
  /** Overrides the "as of" text (NCM reads it from the file; the others from sources.json). */
  asOf?: string;
  source?: string;
}

export interface LoadResult {
  table: TReferenceTable;
  rowCount: number;
  asOf: string;
  fileName: string;
  ms: number;
}

type Target = pg.Pool | pg.ClientBase;

async function withClient<T>(target: Target, fn: (client: pg.ClientBase) => Promise<T>): Promise<T> {
  if (!(target instanceof pg.Pool)) return fn(target);
  const client = await target.connect();
  try {
    return await fn(client);
  } finally {
    client.release();
  }
}

async function loadOne(client: pg.ClientBase, table: TReferenceTable, opts: LoadOptions): Promise<LoadResult> {
  const started = performance.now();
  const file = opts.file ?? bundledFile(table);
  const raw = await readFile(file);
  const loader = loaders[table];
  const parsed = loader.parse(raw.toString('utf8'));
  // An empty or unreadable file would retire every code; refuse it instead.
  if (parsed.rows.length === 0) throw new Error(`O arquivo ${file} não tem registros para a tabela ${table}.`);
  const meta = readSourcesMeta()[table];
  const asOf = opts.asOf ?? parsed.asOf ?? meta.asOf;
  await client.query('BEGIN');
  try {
    // Concurrent starts (several API processes) load one at a time.
    await client.query('SELECT pg_advisory_xact_lock(724200)');
    await upsertRows(client, loader.spec, parsed.rows);
    await client.query(
      `INSERT INTO reference_sources (table_name, title, source, as_of, file_name, file_sha256, row_count, loaded_at,
         loaded_from_bundle)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now(), $8)
       ON CONFLICT (table_name) DO UPDATE SET title = EXCLUDED.title, source = EXCLUDED.source,
         as_of = EXCLUDED.as_of, file_name = EXCLUDED.file_name, file_sha256 = EXCLUDED.file_sha256,
         row_count = EXCLUDED.row_count, loaded_at = EXCLUDED.loaded_at, loaded_from_bundle = EXCLUDED.loaded_from_bundle`,
      [
        table,
        meta.title,
        opts.source ?? meta.source,
        asOf,
        path.basename(file),
        sha256(raw),
        parsed.rows.length,
        opts.file === undefined,
      ],
    );
    await client.query('COMMIT');
    announceReferenceReloaded();
    // Fresh statistics, so that the planner picks the trigram and prefix indexes right away.
    await client.query(`ANALYZE ${loader.spec.table}`);
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  }
  return { table, rowCount: parsed.rows.length, asOf, fileName: path.basename(file), ms: performance.now() - started };
}

/** Loads (or reloads) one table from an official file, in one transaction. */
export async function loadReferenceTable(target: Target, table: TReferenceTable, opts: LoadOptions = {}) {
  return withClient(target, (client) => loadOne(client, table, opts));
}

/** Loads every bundled table. */
export async function loadAllReferenceTables(target: Target): Promise<LoadResult[]> {
  return withClient(target, async (client) => {
    const results: LoadResult[] = [];
    for (const table of referenceTables) results.push(await loadOne(client, table, {}));
    await loadBundledStAgreements(client);
    return results;
  });
}

/**
 * At start: loads each bundled table that was never loaded, and reloads one that was loaded from the bundle when
 * the bundled file changed since (a release shipping newer official tables). A table an operator loaded from a
 * file of their own is left as it is.
 */
export async function loadBundledReferenceTables(target: Target): Promise<LoadResult[]> {
  return withClient(target, async (client) => {
    const loaded = new Map(
      (
        await client.query<{ table_name: string; file_sha256: string; loaded_from_bundle: boolean }>(
          'SELECT table_name, file_sha256, loaded_from_bundle FROM reference_sources',
        )
      ).rows.map((r) => [r.table_name, r]),
    );
    const results: LoadResult[] = [];
    for (const table of referenceTables) {
      const row = loaded.get(table);
      const stale = row?.loaded_from_bundle && row.file_sha256 !== sha256(await readFile(bundledFile(table)));
      if (!row || stale) results.push(await loadOne(client, table, {}));
    }
    await assertEveryUfHasRule(client);
    // The cited seed of interstate ST agreements (decision 064): curated data, applied once per file version.
    await loadBundledStAgreements(client);
    return results;
  });
}
