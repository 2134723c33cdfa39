/**
 * Precision of the documents audit (issue 37, decision 058): `npx tsx bench/audit-precision.ts`. Imports realistic
 * months written from public tables (server/src/modules/documents/documents-months.fixtures.ts) through the API, in
 * process, and reports:
 *   - on a consistent month of BENCH_ITEMS items (default 20,000: 2,000 NF-e of 10 items of a distributor): clean
 *     items flagged (goal ≤ 5 %) and findings per item (goal ≤ 0.3);
 *   - on planted months (a distributor and a Simples retailer, 5 % of items with one known error each): recall of
 *     the planted errors, clean items flagged, and extra findings on planted items (one cause, one finding).
 * "Flagged" counts findings of severity `rejeicao` or `risco`; `informativo` ones (a rule to update, the import's
 * Tema 69 opportunity, the IBS/CBS group not yet collected) are counted apart. Prints numbers; asserts nothing.
 */

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app.js';
import { loadConfig } from '../server/src/config.js';
import {
  createCompany,
  createFiscalRule,
  createPartner,
  createProduct,
  createSessionToken,
  createUser,
  linkMemberToCompany,
} from '../server/src/db/factories.js';
import { DOCUMENT_IMPORT_JOB } from '../server/src/modules/documents/documents.codes.js';
import { buildZip } from '../server/src/modules/documents/documents.fixtures.js';
import { uploadDocuments } from '../server/src/modules/documents/documents.test-helpers.js';
import {
  generateMonth,
  type Month,
  monthProducts,
  plantedKinds,
} from '../server/src/modules/documents/documents-months.fixtures.js';
import { loadBundledReferenceTables } from '../server/src/modules/reference/loaders/load-reference-tables.js';
import { startBenchCluster } from './lib/cluster.js';
import { loadAverage } from './lib/measure.js';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 20_000);
const PLANTED_DOCS = Number(process.env.BENCH_PLANTED_DOCS ?? 300);

const work = await mkdtemp(path.join(os.tmpdir(), 'audit-precision-'));
const cluster = await startBenchCluster();
const { pool, db } = cluster.database;
console.log('load average before', loadAverage());
const app = await buildApp({
  config: { ...loadConfig({}), dataDir: work, webDistDir: '/nonexistent', jobWorkers: false, trustProxy: true },
  database: cluster.database,
  mailer: { send: async () => undefined },
  logger: false,
});
await app.ready();
try {
  await loadBundledReferenceTables(pool);
  const partner = await createPartner(db);
  const distributor = await createCompany(db, { partnerId: partner.id, uf: 'SP', nomeFantasia: 'DISTRIBUIDORA' });
  const retailer = await createCompany(db, { partnerId: partner.id, uf: 'SP', nomeFantasia: 'MERCADINHO SIMPLES' });
  const member = await createUser(db, { role: 'Member', partnerId: partner.id });
  await linkMemberToCompany(db, member.id, distributor.id);
  await linkMemberToCompany(db, member.id, retailer.id);
  const headers = { authorization: `Bearer ${await createSessionToken(db, member.id)}` };
  // The catalogue: each product classified with its SP rule (the public tables' treatment, see the fixtures).
  for (const p of monthProducts) {
    const rule = await createFiscalRule(db, {
      ncm: p.ncm,
      cest: p.cest ?? null,
      uf: 'SP',
      description: p.description,
      version: p.rule,
    });
    for (const company of [distributor, retailer])
      await createProduct(db, {
        companyId: company.id,
        internalCode: p.code,
        description: p.description,
        ncm: p.ncm,
        cest: p.cest ?? null,
        fiscalRuleId: rule.id,
      });
  }

  const importMonth = async (companyId: string, month: Month, name: string) => {
    const t0 = performance.now();
    const zip = buildZip(month.documents.map((d: { name: string; xml: string }) => ({ name: d.name, data: d.xml })));
    const res = await uploadDocuments(app, companyId, [{ name, content: zip }], headers);
    if (res.statusCode !== 202) throw new Error(`upload ${res.statusCode}: ${res.body}`);
    const { id } = res.json<{ id: string }>();
    await (app as unknown as { jobs: { drain: (name: string) => Promise<void> } }).jobs.drain(DOCUMENT_IMPORT_JOB);
    const secs = (performance.now() - t0) / 1000;
    const status = (
      await pool.query('SELECT status, documents, items, errors FROM document_imports WHERE id = $1', [id])
    ).rows[0];
    const rows = (
      await pool.query<{
        number: string;
        n_item: number;
        kind: string;
        severity: string;
        rule_code: string | null;
        example: string;
      }>(
        // Read through to_jsonb so the same bench runs on the audit before severities existed (the baseline).
        `SELECT d.number, f.n_item, f.kind, coalesce(to_jsonb(f)->>'severity', 'risco') AS severity,
           to_jsonb(f)->>'rule_code' AS rule_code,
           concat_ws(' ', d.uf_destination, f.internal_code, f.field, f.expected, '→', f.found, f.difference) AS example
         FROM document_findings f
         JOIN company_documents d ON d.id = f.document_id WHERE f.import_id = $1`,
        [id],
      )
    ).rows;
    const problems = (
      await pool.query<{ message: string }>(
        'SELECT message FROM document_import_problems WHERE import_id = $1 ORDER BY id LIMIT 3',
        [id],
      )
    ).rows.map((p) => p.message);
    return { secs, status: { ...status, problems }, rows };
  };

  const measure = (label: string, month: Month, r: Awaited<ReturnType<typeof importMonth>>) => {
    const byItem = new Map<string, typeof r.rows>();
    for (const f of r.rows) {
      const key = `${f.number}:${f.n_item}`;
      byItem.set(key, [...(byItem.get(key) ?? []), f]);
    }
    const flagging = (list: typeof r.rows = []) => list.filter((f) => f.severity !== 'informativo');
    const clean = month.items - month.truth.size;
    let cleanFlagged = 0;
    const cleanCauses = new Map<string, number>();
    const examples = new Map<string, string>();
    for (const [key, list] of byItem) {
      if (month.truth.has(key) || key.endsWith(':0')) continue;
      const hard = flagging(list);
      if (hard.length === 0) continue;
      cleanFlagged++;
      for (const f of hard) {
        const cause = `${f.kind}/${f.rule_code ?? ''}`;
        cleanCauses.set(cause, (cleanCauses.get(cause) ?? 0) + 1);
        if (!examples.has(cause)) examples.set(cause, f.example);
      }
    }
    let found = 0;
    let extra = 0;
    const missed = new Map<string, number>();
    for (const [key, planted] of month.truth) {
      const hard = flagging(byItem.get(key));
      if (hard.some((f) => f.kind === plantedKinds[planted])) found++;
      else missed.set(planted, (missed.get(planted) ?? 0) + 1);
      extra += Math.max(0, hard.length - 1);
    }
    const bySeverity = Object.fromEntries(
      (['rejeicao', 'risco', 'informativo'] as const).map((s) => [s, r.rows.filter((f) => f.severity === s).length]),
    );
    console.log(
      JSON.stringify(
        {
          month: label,
          import: r.status,
          secs: Number(r.secs.toFixed(1)),
          items: month.items,
          findings: r.rows.length,
          bySeverity,
          findingsPerItem: Number((r.rows.length / month.items).toFixed(4)),
          flaggingFindingsPerItem: Number((flagging(r.rows).length / month.items).toFixed(4)),
          cleanItems: clean,
          cleanFlagged,
          cleanFlaggedPct: Number(((100 * cleanFlagged) / Math.max(clean, 1)).toFixed(2)),
          cleanCauses: Object.fromEntries(
            [...cleanCauses]
              .sort((a, b) => b[1] - a[1])
              .slice(0, 10)
              .map(([k, n]) => [k, `${n} (${examples.get(k)})`]),
          ),
          planted: month.truth.size,
          plantedByKind: Object.fromEntries(
            [...new Set(month.truth.values())].map((k) => [k, [...month.truth.values()].filter((v) => v === k).length]),
          ),
          recall: month.truth.size ? `${found}/${month.truth.size}` : null,
          extraFindingsOnPlanted: extra,
          missed: Object.fromEntries(missed),
        },
        null,
        1,
      ),
    );
  };

  // 1. A consistent month of a distributor (base with the ICMS: its ERP's choice, Tema 69 not taken).
  const consistent = generateMonth({
    issuerCnpj: distributor.document,
    kind: 'distributor',
    documents: Math.ceil(ITEMS / 10),
    itemsPerDocument: 10,
    plantRate: 0,
    seed: 37,
    firstNumber: 1,
    pisCofinsBase: 'com-icms',
  });
  measure('consistente (distribuidora)', consistent, await importMonth(distributor.id, consistent, 'marco.zip'));

  // 2. Planted months: the distributor (base without the ICMS) and the Simples retailer.
  const plantedDistributor = generateMonth({
    issuerCnpj: distributor.document,
    kind: 'distributor',
    documents: PLANTED_DOCS,
    itemsPerDocument: 8,
    plantRate: 0.05,
    seed: 2026,
    firstNumber: 100_000,
    pisCofinsBase: 'sem-icms',
    date: '2026-04-15',
  });
  measure(
    'com erros plantados (distribuidora)',
    plantedDistributor,
    await importMonth(distributor.id, plantedDistributor, 'abril.zip'),
  );
  const plantedRetailer = generateMonth({
    issuerCnpj: retailer.document,
    kind: 'simples',
    documents: PLANTED_DOCS,
    itemsPerDocument: 6,
    plantRate: 0.05,
    seed: 7,
    firstNumber: 1,
  });
  measure(
    'com erros plantados (Simples)',
    plantedRetailer,
    await importMonth(retailer.id, plantedRetailer, 'simples.zip'),
  );
} finally {
  console.log('load average after', loadAverage());
  await app.close();
  await cluster.stop();
  await rm(work, { recursive: true, force: true });
}
