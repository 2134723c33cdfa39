/**
 * Product catalogue benchmark (issue 4 "Performance"): `npx tsx bench/products-bench.ts`.
 * Seeds 1M global products and a company with 100k products in an embedded PostgreSQL of its own,
 * starts the real server in a child process and prints import vs raw COPY, products-page latency
 * (HTTP and raw SQL), SIMILAR search, XLSX export and the server's peak memory. Raw numbers go to
 * bench/results/<date>.json. BENCH_DIR=/some/dir keeps the seeded cluster for the next run.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createSessionToken } from '../server/src/db/factories.js';
import { startBenchCluster } from './lib/cluster.js';
import { writeImportFile } from './lib/import-file.js';
import { loadAverage, procMemoryMb, repoRoot, resetPeakMemory, startServer, timeIt } from './lib/measure.js';
import {
  importHttp,
  LIST_CASES,
  measureExportHttp,
  measureExportRaw,
  measureListHttp,
  measureListRaw,
  measureSimilarHttp,
  measureSimilarRaw,
} from './lib/scenarios.js';
import { GLOBAL_COUNT, seedBench } from './lib/seed.js';

const IMPORT_ROUNDS = Number(process.env.BENCH_IMPORT_ROUNDS ?? 3);
// BENCH_ONLY=import skips the pages, SIMILAR and the export (to iterate on the import).
const ONLY_IMPORT = process.env.BENCH_ONLY === 'import';
const results: Record<string, unknown> = { startedAt: new Date().toISOString(), loadBefore: loadAverage() };
const log = (...a: unknown[]) => console.log(...a);
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const cluster = await startBenchCluster();
let server: Awaited<ReturnType<typeof startServer>> | undefined;
try {
  log(`cluster in ${cluster.dir}; load ${loadAverage().join(' ')}`);
  const seed = await timeIt(() => seedBench(cluster.database));
  const { company, member } = seed.value;
  results.seedSeconds = Math.round(seed.ms / 100) / 10;
  const token = await createSessionToken(cluster.database.db, member.id);

  // ---- the import file (its raw COPY baseline runs next to each import round, below) ----
  const file = path.join(cluster.dir, 'import.csv');
  const bytes = writeImportFile(file, GLOBAL_COUNT);
  log(`import file: ${(bytes / 1048576).toFixed(2)} MB`);
  const pool = cluster.database.pool;
  // Server-side COPY of the same file into the real products table (every index, key and trigger),
  // rolled back: the floor the import is compared with.
  const rawCopy = async () => {
    const copyClient = await pool.connect();
    try {
      await copyClient.query('BEGIN');
      await copyClient.query(`ALTER TABLE products ALTER COLUMN company_id SET DEFAULT '${company.id}'`);
      return (
        await timeIt(() =>
          copyClient.query(
            `COPY products (internal_code, description, gtin) FROM '${file}' WITH (FORMAT csv, DELIMITER ';', HEADER true)`,
          ),
        )
      ).ms;
    } finally {
      await copyClient.query('ROLLBACK');
      copyClient.release();
      await pool.query('VACUUM products');
    }
  };

  server = await startServer(cluster.url, cluster.dir);
  const http = { base: server.base, headers: { authorization: `Bearer ${token}` } };
  const idleMb = procMemoryMb(server.pid, 'VmRSS');
  const peaks: Record<string, number> = {};
  const phase = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    resetPeakMemory(server!.pid);
    const out = await fn();
    peaks[name] = Math.max(peaks[name] ?? 0, procMemoryMb(server!.pid, 'VmHWM'));
    return out;
  };

  if (!ONLY_IMPORT) {
    // ---- products page ----
    const list: Record<string, unknown> = {};
    await phase('list', async () => {
      for (const [name, params] of Object.entries(LIST_CASES)) {
        const viaHttp = await measureListHttp(http, company.id, params);
        const raw = await measureListRaw(cluster.database, company.id, params);
        list[name] = { http: viaHttp, raw };
        log(
          `page ${name}: count ${viaHttp.count}; HTTP p50 ${viaHttp.p50} p95 ${viaHttp.p95} ms; raw SQL p50 ${raw.p50} p95 ${raw.p95} ms`,
        );
      }
    });
    results.list = list;

    // ---- SIMILAR ----
    const similar = await phase('similar', async () => ({
      http: await measureSimilarHttp(http, company.id),
      raw: await measureSimilarRaw(cluster.database, company.id),
    }));
    log(
      `SIMILAR: HTTP p50 ${similar.http.p50} p95 ${similar.http.p95} max ${similar.http.max} ms; raw p50 ${similar.raw.p50} p95 ${similar.raw.p95} ms`,
    );
    results.similar = similar;

    // ---- export ----
    const exportRaw = await measureExportRaw(cluster.database, company.id);
    const xlsx = await phase('exportXlsx', () => measureExportHttp(http, company.id, 'XLSX'));
    const csv = await phase('exportCsv', () => measureExportHttp(http, company.id, 'CSV'));
    log(
      `export: page queries ${s(exportRaw.ms)} for ${exportRaw.rows} rows; XLSX ${s(xlsx.ms)} (${xlsx.mb} MB); CSV ${s(csv.ms)} (${csv.mb} MB)`,
    );
    results.export = { raw: exportRaw, xlsx, csv };
  }
  // ---- import through HTTP against raw COPY (last: the pages and the export above see the 100k
  // products). This shared machine's speed drifts by ±20% within minutes, so COPY and import run
  // next to each other, IMPORT_ROUNDS times, and the median ratio is the figure.
  const rounds: { copyMs: number; httpMs: number; ratio: number }[] = [];
  let counts: unknown;
  for (let round = 1; round <= IMPORT_ROUNDS; round++) {
    const copyMs = await rawCopy();
    const imp = await phase('import', () => timeIt(() => importHttp(http, company.id, file)));
    counts = imp.value;
    rounds.push({ copyMs: Math.round(copyMs), httpMs: Math.round(imp.ms), ratio: +(imp.ms / copyMs).toFixed(2) });
    log(
      `import round ${round}: raw COPY ${s(copyMs)}, import through HTTP ${s(imp.ms)} (${(imp.ms / copyMs).toFixed(2)}× COPY)`,
    );
    if (round < IMPORT_ROUNDS) {
      await pool.query(`DELETE FROM products WHERE company_id = $1 AND internal_code LIKE 'I%'`, [company.id]);
      await pool.query('VACUUM products');
    }
  }
  const ratios = rounds.map((r) => r.ratio).sort((a, b) => a - b);
  const median = ratios[Math.floor(ratios.length / 2)]!;
  log(`import: median ${median}× COPY over ${IMPORT_ROUNDS} rounds`, counts);
  results.import = { fileMb: +(bytes / 1048576).toFixed(2), rounds, medianRatio: median, counts };

  results.memory = { idleMb, peakMbByPhase: peaks, peakMb: Math.max(...Object.values(peaks)) };
  log(`server memory: idle ${idleMb} MB; peak by phase`, peaks);
} finally {
  results.loadAfter = loadAverage();
  await server?.stop();
  await cluster.stop();
  if (!process.env.BENCH_DIR) rmSync(cluster.dir, { recursive: true, force: true });
}
const outDir = path.join(repoRoot, 'bench/results');
mkdirSync(outDir, { recursive: true });
const out = path.join(outDir, `${String(results.startedAt).slice(0, 16).replace(/[:T]/g, '-')}.json`);
writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
log(
  `load average before ${(results.loadBefore as number[]).join(' ')} / after ${(results.loadAfter as number[]).join(' ')}; written ${out}`,
);
