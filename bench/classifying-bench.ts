/**
 * Classifying at scale (issue 10 "Performance"): `npx tsx bench/classifying-bench.ts`.
 * On the products benchmark's seed (global base + one company) adds a partner with
 * BENCH_PENDING_COMPANIES × BENCH_COMPANY products and BENCH_FANOUT_COMPANIES companies with
 * BENCH_FANOUT_PER_COMPANY Pending products of one GTIN, starts the real server (workers on) and
 * prints: pending search p50/p95 (HTTP and the repository call), the fan-out of one new global
 * product until its run is finished, the change check of one company, and the global import of
 * BENCH_GLOBAL_IMPORT_ROWS rows against a raw COPY of the same file (server peak RSS). Each figure
 * sits next to the raw SQL doing the same work. Results: bench/results/classifying-<date>.json.
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createSessionToken } from '../server/src/db/factories.js';
import { applyGlobalChanges } from '../server/src/modules/classifying/change-check/change-check.repository.js';
import { searchPendingProducts } from '../server/src/modules/classifying/pending/pending.repository.js';
import {
  FANOUT_COMPANIES,
  FANOUT_PER_COMPANY,
  GLOBAL_IMPORT_ROWS,
  seedClassifying,
  writeGlobalImportFile,
} from './lib/classifying-seed.js';
import { startBenchCluster } from './lib/cluster.js';
import { loadAverage, procMemoryMb, repoRoot, resetPeakMemory, startServer, stats, timeIt } from './lib/measure.js';
import { seedBench } from './lib/seed.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
/** BENCH_ONLY=fanout,check,import,search runs only those parts (a kept cluster is reset for each). */
const only = process.env.BENCH_ONLY?.split(',');
const runs = (part: string) => !only || only.includes(part);
const results: Record<string, unknown> = { startedAt: new Date().toISOString(), loadBefore: loadAverage() };
const log = (...a: unknown[]) => console.log(...a);

/**
 * POST of a form through node:http: fetch (undici) gives up on an answer after 5 minutes without headers,
 * which a 1M-row import on a loaded machine can take.
 */
async function postWithoutTimeout(url: string, headers: Record<string, string>, form: FormData) {
  const encoded = new Request(url, { method: 'POST', body: form });
  const payload = Buffer.from(await encoded.arrayBuffer());
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': encoded.headers.get('content-type')!, 'content-length': payload.length },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => {
          body += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const cluster = await startBenchCluster();
const { db, pool } = cluster.database;
let server: Awaited<ReturnType<typeof startServer>> | undefined;
try {
  log(`cluster in ${cluster.dir}; load ${loadAverage().join(' ')}`);
  await seedBench(cluster.database);
  const seeded = await timeIt(() => seedClassifying(cluster.database));
  const s = seeded.value;
  log(`classifying seed ${(seeded.ms / 1000).toFixed(1)} s`);
  server = await startServer(cluster.url, cluster.dir);
  const auth = async (id: string) => ({ authorization: `Bearer ${await createSessionToken(db, id)}` });
  const owner = await auth(s.owner.id);
  const admin = await auth(s.admin.id);
  const get = async (url: string, headers: Record<string, string>) => {
    const res = await fetch(`${server!.base}/v1/public${url}`, { headers });
    if (!res.ok) throw new Error(`GET ${url} ${res.status}: ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };

  // ---- pending search: partner scope (all its companies) and one company ----
  // Every field × filter (SIMILAR: Descrição only), partner-wide (all its companies) and for one company,
  // and a deep page. IGUAL texts are values of a Pending row of the first company.
  const sample = (
    await pool.query<{ description: string; gtin: string; internal_code: string }>(
      `SELECT description, gtin, internal_code FROM products WHERE company_id = $1 AND status = 'P'
         AND gtin IS NOT NULL ORDER BY internal_code LIMIT 1`,
      [s.pendingCompanies[0]],
    )
  ).rows[0]!;
  const texts: Record<string, Record<string, string>> = {
    Descrição: {
      IGUAL: sample.description,
      'INICIA COM': 'café torrado',
      'TERMINA COM': '500G',
      SIMILAR: 'cafe torardo',
    },
    GTIN: { IGUAL: sample.gtin.replace(/^0+/, ''), 'INICIA COM': '78900000123', 'TERMINA COM': '1234' },
    'Código Interno': { IGUAL: sample.internal_code, 'INICIA COM': 'Q00001', 'TERMINA COM': '123' },
  };
  const cases: { name: string; q: Record<string, string> }[] = [];
  for (const [field, byPattern] of Object.entries(texts)) {
    for (const [searchPattern, text] of Object.entries(byPattern)) {
      cases.push({ name: `${field} ${searchPattern} (partner)`, q: { field, searchPattern, text } });
      cases.push({
        name: `${field} ${searchPattern} (company)`,
        q: { field, searchPattern, text, companyId: s.pendingCompanies[0]! },
      });
    }
  }
  cases.push({
    name: 'Descrição INICIA COM page 40 (partner)',
    q: { field: 'Descrição', searchPattern: 'INICIA COM', text: 'a', page: '40' },
  });
  const search: Record<string, unknown> = {};
  for (const c of runs('search') ? cases : []) {
    const qs = new URLSearchParams(c.q).toString();
    const http: number[] = [];
    const raw: number[] = [];
    let count = 0;
    for (let i = 0; i < ROUNDS + 3; i++) {
      const t = await timeIt(() => get(`/products/globalpending?${qs}`, owner));
      if (i >= 3) http.push(t.ms);
      count = t.value.count as number;
      const r = await timeIt(() =>
        searchPendingProducts(db, {
          scope: c.q.companyId ? { companyId: c.q.companyId } : { partnerId: s.partner.id },
          field: c.q.field as 'GTIN',
          pattern: c.q.searchPattern as 'IGUAL',
          text: c.q.text!,
          page: Number(c.q.page ?? 1),
        }),
      );
      if (i >= 3) raw.push(r.ms);
    }
    search[c.name] = { count, http: stats(http), raw: stats(raw) };
    log(
      `search ${c.name}: ${count} rows; HTTP p50 ${stats(http).p50} p95 ${stats(http).p95} ms; raw p95 ${stats(raw).p95} ms`,
    );
  }
  results.search = search;

  // ---- fan-out: a new global product whose GTIN is Pending in FANOUT_COMPANIES × FANOUT_PER_COMPANY ----
  if (runs('fanout')) {
    // A kept cluster: the previous run's global product goes and its twins are Pending again.
    await pool.query(
      `UPDATE products SET status = 'P', fiscal_service_reference_code = NULL, ncm = NULL, cest = NULL,
      fiscal_rule_id = NULL, fiscal_rule_since = NULL, fiscal_rule_status = NULL WHERE gtin = $1 AND status <> 'P'`,
      [s.fanoutGtin],
    );
    await pool.query(`DELETE FROM global_products WHERE code = 'FANOUT-1'`);
    await pool.query('VACUUM ANALYZE products');
    const rawFanout = await timeIt(async () => {
      const c = await pool.connect();
      try {
        await c.query('BEGIN');
        await c.query(
          `UPDATE products SET status = 'F', fiscal_service_reference_code = 'RAW', ncm = '22021000', updated_at = now()
         WHERE gtin = $1 AND status = 'P'`,
          [s.fanoutGtin],
        );
        await c.query('ROLLBACK');
      } finally {
        c.release();
      }
    });
    const fan = await timeIt(async () => {
      const res = await fetch(`${server!.base}/v1/public/products/global`, {
        method: 'POST',
        headers: { ...admin, 'content-type': 'application/json' },
        body: JSON.stringify({
          code: 'FANOUT-1',
          description: 'PRODUTO GEMEO',
          gtin: s.fanoutGtin,
          ncm: '22021000',
          cest: null,
        }),
      });
      const body = (await res.json()) as { fanout: { id: string } };
      if (!res.ok) throw new Error(JSON.stringify(body));
      for (;;) {
        const f = await get(`/products/global/fanouts/${body.fanout.id}`, admin);
        if (f.finished) return f;
        await new Promise((r) => setTimeout(r, 50));
      }
    });
    results.fanout = {
      products: FANOUT_COMPANIES * FANOUT_PER_COMPANY,
      companies: FANOUT_COMPANIES,
      ms: Math.round(fan.ms),
      rawUpdateMs: Math.round(rawFanout.ms),
      run: fan.value,
    };
    log(
      `fan-out: ${JSON.stringify(fan.value)} in ${(fan.ms / 1000).toFixed(2)} s (raw single UPDATE ${rawFanout.ms.toFixed(0)} ms)`,
    );
  }

  // ---- change check of one company: 1 in 20 of its global products get another CEST/NCM ----
  if (runs('check')) {
    const company = s.pendingCompanies[0]!;
    await pool.query(
      `
    UPDATE global_products g SET ncm = CASE WHEN g.ncm = '22021000' THEN '22029900' ELSE '22021000' END, cest = NULL
    WHERE g.code IN (SELECT p.fiscal_service_reference_code FROM products p WHERE p.company_id = $1 AND p.status = 'F'
      AND p.internal_code LIKE '%5')`,
      [company],
    );
    const rawCheck = await timeIt(() =>
      db
        .transaction(async (tx) => {
          const counts = await applyGlobalChanges(tx, {
            companyId: company,
            uf: 'SP',
            actor: { id: s.owner.id, name: 'bench' },
          });
          tx.rollback();
          return counts;
        })
        .catch((e: Error) => (e.message.includes('Rollback') ? null : Promise.reject(e))),
    );
    const check = await timeIt(() => get(`/products/fiscalservice/consult?company=${company}`, owner));
    results.changeCheck = { ms: Math.round(check.ms), rawStatementMs: Math.round(rawCheck.ms), result: check.value };
    log(
      `change check: ${JSON.stringify(check.value)} in ${(check.ms / 1000).toFixed(2)} s (the statement alone, rolled back: ${(rawCheck.ms / 1000).toFixed(2)} s)`,
    );
  }

  // ---- global import vs raw COPY of the same file ----
  if (runs('import')) {
    // In a throw-away copy of the seeded database (dropped at the end): the kept database never gets the
    // file's million rows, so no run has to delete them again (a DELETE of 1M global rows — each firing
    // the words-dictionary trigger and the rules' cascade — ran > 10 min; the product never does that).
    await server.stop();
    server = undefined;
    const rules = (
      await db.execute<{ ncm: string; cest: string | null }>(
        sql`SELECT DISTINCT ncm, cest FROM fiscal_rules WHERE uf = 'SP' AND NOT is_named ORDER BY ncm LIMIT 200`,
      )
    ).rows;
    const file = path.join(cluster.dir, 'global-import.csv');
    await writeGlobalImportFile(file, rules);
    const mb = +(statSync(file).size / 1024 / 1024).toFixed(1);
    const copied = await timeIt(() => cluster.copyDatabase('bench_import'));
    const target = copied.value;
    log(`database copied for the import in ${(copied.ms / 1000).toFixed(1)} s`);
    try {
      const copy = await timeIt(async () => {
        const c = await target.database.pool.connect();
        try {
          await c.query('BEGIN');
          await c.query(
            `CREATE TEMP TABLE raw_import (code text, description text, gtin text, ncm text, cest text) ON COMMIT DROP`,
          );
          await c.query(`COPY raw_import FROM '${file}' WITH (FORMAT csv, DELIMITER ';', HEADER true)`);
          await c.query(`INSERT INTO global_products (code, description, gtin, ncm, cest)
          SELECT code, description, nullif(lpad(gtin, 14, '0'), '00000000000000'), ncm, nullif(cest, '') FROM raw_import`);
          await c.query('ROLLBACK');
        } finally {
          c.release();
        }
      });
      log(`raw COPY + INSERT ${(copy.ms / 1000).toFixed(1)} s; load ${loadAverage().join(' ')}`);
      const importServer = await startServer(target.url, cluster.dir);
      server = importServer;
      const importAdmin = { authorization: `Bearer ${await createSessionToken(target.database.db, s.admin.id)}` };
      resetPeakMemory(importServer.pid);
      const imp = await timeIt(async () => {
        const form = new FormData();
        form.append('file', new Blob([readFileSync(file)], { type: 'text/csv' }), 'base.csv');
        const { status, body } = await postWithoutTimeout(
          `${importServer.base}/v1/public/products/global/import`,
          importAdmin,
          form,
        );
        const answer = JSON.parse(body) as Record<string, unknown>;
        if (status !== 200) throw new Error(body);
        delete answer.invalidLines;
        return answer;
      });
      const peak = procMemoryMb(importServer.pid, 'VmHWM');
      results.globalImport = {
        rows: GLOBAL_IMPORT_ROWS,
        mb,
        copyMs: Math.round(copy.ms),
        httpMs: Math.round(imp.ms),
        ratio: +(imp.ms / copy.ms).toFixed(2),
        peakRssMb: peak,
        result: imp.value,
      };
      log(
        `global import ${GLOBAL_IMPORT_ROWS} rows (${mb} MB): raw COPY+INSERT ${(copy.ms / 1000).toFixed(1)} s, HTTP ${(imp.ms / 1000).toFixed(1)} s (${(imp.ms / copy.ms).toFixed(2)}×), server peak RSS ${peak} MB`,
        imp.value,
      );
    } finally {
      await server?.stop();
      server = undefined;
      await target.drop();
    }
  }
} finally {
  results.loadAfter = loadAverage();
  mkdirSync(path.join(repoRoot, 'bench/results'), { recursive: true });
  const stamp = new Date().toISOString().slice(0, 16).replace(/[T:]/g, '-');
  writeFileSync(
    path.join(repoRoot, `bench/results/classifying-${stamp}.json`),
    `${JSON.stringify(results, null, 2)}\n`,
  );
  await server?.stop();
  await cluster.stop();
}
