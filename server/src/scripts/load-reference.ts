/**
 * Loads the official reference tables: `npm run load:reference -w server -- <table|all> [file]
 * [--as-of "texto"] [--source "texto"]`. A reload keeps every code other tables point at (codes
 * missing from the new file are only marked inactive) and records the new source and date.
 */
import { referenceTables, type TReferenceTable } from '@app/contract';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/open-database.js';
import {
  type LoadOptions,
  type LoadResult,
  loadAllReferenceTables,
  loadReferenceTable,
} from '../modules/reference/loaders/load-reference-tables.js';

const usage = `Uso: npm run load:reference -w server -- <tabela|all> [arquivo] [--as-of "texto"] [--source "texto"]
Tabelas: ${referenceTables.join(', ')}`;

function parseArgs(argv: string[]) {
  const positional: string[] = [];
  const opts: LoadOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--as-of') opts.asOf = argv[++i];
    else if (arg === '--source') opts.source = argv[++i];
    else if (arg === '--help' || arg === '-h') positional.unshift('--help');
    else positional.push(arg);
  }
  return { table: positional[0], file: positional[1], opts };
}

function describe(r: LoadResult): string {
  return `${r.table}: ${r.rowCount} registros de ${r.fileName} (${r.asOf}) em ${Math.round(r.ms)} ms`;
}

async function main() {
  const { table, file, opts } = parseArgs(process.argv.slice(2));
  if (!table || table === '--help') {
    console.log(usage);
    process.exit(table ? 0 : 1);
  }
  if (table !== 'all' && !(referenceTables as readonly string[]).includes(table)) {
    console.error(`Tabela desconhecida: ${table}\n${usage}`);
    process.exit(1);
  }
  if (table === 'all' && (file || opts.asOf || opts.source)) {
    console.error(
      'Com "all" são carregados os arquivos de reference-data/; informe uma tabela para usar outro arquivo.',
    );
    process.exit(1);
  }
  const opened = await openDatabase(loadConfig(), { allowRunning: true, log: (m) => console.log(m) });
  try {
    const results =
      table === 'all'
        ? await loadAllReferenceTables(opened.database.pool)
        : [await loadReferenceTable(opened.database.pool, table as TReferenceTable, { ...opts, file })];
    for (const r of results) console.log(describe(r));
  } finally {
    await opened.close();
  }
}

main().catch((err) => {
  console.error(`Falha ao carregar tabelas de referência: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
