/**
 * The company's documents (issue 22): `npx tsx bench/documents-bench.ts`. A ZIP of BENCH_NFE NF-e (default 10,000)
 * with BENCH_ITEMS items each (default 10: 100,000 items) and an EFD of about BENCH_EFD_MB MB (default 200; 0: none) are
 * imported and audited by the real server (production bundle, `npm start`'s flags) through the HTTP API; its RSS is
 * sampled every 100 ms. The ZIP's import is then audited again (POST …/reaudit), timed the same way. Baseline: the raw streamed parse of the same files (readers only, no database).
 * Prints numbers; asserts nothing. Temp cluster, removed at the end.
 */
import { openAsBlob } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
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
import {
  buildEfd,
  buildNfeXml,
  buildZip,
  type FixtureItem,
} from '../server/src/modules/documents/documents.fixtures.js';
import { DEFAULT_READ_LIMITS } from '../server/src/modules/documents/read/nfe-layout-limits.js';
import { readSourceFile } from '../server/src/modules/documents/read/source-files.js';
import { loadBundledReferenceTables } from '../server/src/modules/reference/loaders/load-reference-tables.js';
import { startBenchCluster } from './lib/cluster.js';
import { loadAverage, processCpuSeconds, procMemoryMb, startServer, threadCpuTracker } from './lib/measure.js';

const NFE = Number(process.env.BENCH_NFE ?? 10_000);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 10);
const EFD_MB = Number(process.env.BENCH_EFD_MB ?? 200);
const CODES = 5_000;
const KNOWN = 1_000;
const CUSTOMER = '44555666000181';
const NCMS = ['22030000', '22021000', '19053100', '04012010', '09012100'];

const work = await mkdtemp(path.join(os.tmpdir(), 'documents-bench-'));
const cluster = await startBenchCluster();
const { pool, db } = cluster.database;
console.log('load average before', loadAverage());
try {
  await loadBundledReferenceTables(pool);
  const partner = await createPartner(db);
  const company = await createCompany(db, { partnerId: partner.id, uf: 'SP', nomeFantasia: 'DOCUMENTOS BENCH' });
  const member = await createUser(db, { role: 'Member', partnerId: partner.id });
  await linkMemberToCompany(db, member.id, company.id);
  const rules = [];
  for (const ncm of NCMS)
    rules.push(await createFiscalRule(db, { ncm, cest: null, uf: 'SP', description: `BENCH ${ncm}` }));
  for (let i = 0; i < KNOWN; i++)
    await createProduct(db, {
      companyId: company.id,
      internalCode: `P${i}`,
      description: `PRODUTO ${i}`,
      fiscalRuleId: rules[i % rules.length]!.id,
    });

  // Files: items cycle through 5,000 codes (1,000 classified, 4,000 unknown); every 7th item at 12 % (a finding).
  // Each code has its price and each line a quantity of 1–12, so lines repeat about as a retailer's month does
  // (the audit computes an identical line once: `distinctLines` below says how many the engine really ran).
  const price = (code: number) => 2 + ((code * 7919) % 4000) / 100;
  const quantity = (n: number) => 1 + ((Math.imul(n + 1, 2654435761) >>> 0) % 12);
  const distinct = { zip: new Set<string>(), efd: new Set<string>() };
  const item = (n: number, seen?: Set<string>): FixtureItem => {
    const code = n % CODES;
    const rate = n % 7 === 0 ? '12.00' : '18.00';
    const vProd = ((Math.round(price(code) * 100) * quantity(n)) / 100).toFixed(2);
    seen?.add(`${NCMS[code % NCMS.length]}|${vProd}|${rate}`);
    return {
      code: `P${code}`,
      description: `PRODUTO ${code}`,
      ncm: NCMS[code % NCMS.length]!,
      cfop: '5102',
      vProd,
      icms: { cst: '00', pICMS: rate, vICMS: ((Number(vProd) * Number(rate)) / 100).toFixed(2) },
    };
  };
  let t = performance.now();
  const entries = Array.from({ length: NFE }, (_, d) => ({
    name: `notas/${Math.floor(d / 1000)}/${d + 1}.xml`,
    data: buildNfeXml({
      issuerCnpj: company.document,
      issuerUf: 'SP',
      recipientCnpj: CUSTOMER,
      recipientUf: 'SP',
      number: d + 1,
      items: Array.from({ length: ITEMS }, (_, k) => item(d * ITEMS + k, distinct.zip)),
    }),
  }));
  const zipPath = path.join(work, 'notas.zip');
  const xmlBytes = entries.reduce((s, e) => s + e.data.length, 0);
  await writeFile(zipPath, buildZip(entries));
  entries.length = 0;
  const efdPath = path.join(work, 'efd.txt');
  // About 155 bytes per C170 line and 220 per C100 (measured: 10 items a document make 1,771 bytes).
  const efdDocs = Math.round((EFD_MB * 1024 * 1024) / (ITEMS * 155 + 220));
  await writeFile(
    efdPath,
    Buffer.from(
      buildEfd({
        cnpj: company.document,
        uf: 'SP',
        participants: [{ code: 'C1', cnpj: CUSTOMER, ibgeMun: '3550308' }],
        products: Array.from({ length: CODES }, (_, c) => ({
          code: `P${c}`,
          description: `PRODUTO ${c}`,
          ncm: NCMS[c % NCMS.length]!,
        })),
        documents: Array.from({ length: efdDocs }, (_, d) => ({
          sale: true,
          participant: 'C1',
          number: 500_000 + d,
          items: Array.from({ length: ITEMS }, (_, k) => {
            const it = item(d * ITEMS + k, distinct.efd);
            return {
              code: it.code,
              cst: '000',
              cfop: '5102',
              vItem: it.vProd,
              pICMS: it.icms.pICMS!,
              vICMS: it.icms.vICMS!,
            };
          }),
        })),
      }),
      'latin1',
    ),
  );
  const sizes = {
    zipMb: (await stat(zipPath)).size / 2 ** 20,
    xmlMb: xmlBytes / 2 ** 20,
    efdMb: (await stat(efdPath)).size / 2 ** 20,
  };
  console.log(`files written in ${((performance.now() - t) / 1000).toFixed(1)} s`, sizes, {
    efdDocs,
    distinctLines: { zip: distinct.zip.size, efd: distinct.efd.size },
  });

  // Baseline: the streamed parse alone (same readers, no database, no audit; the rule book as DOCUMENTS_AUDIT_RULES says).
  const readLimits = { ...DEFAULT_READ_LIMITS, auditRules: loadConfig().documents.auditRules };
  const parse = async (file: string, name: string) => {
    const t0 = performance.now();
    let docs = 0;
    let items = 0;
    for await (const e of readSourceFile(file, name, company.document, undefined, readLimits)) {
      if (!('document' in e)) continue;
      docs++;
      items += e.document.items.length;
    }
    return { secs: (performance.now() - t0) / 1000, docs, items };
  };
  const rawZip = await parse(zipPath, 'notas.zip');
  const rawEfd = EFD_MB ? await parse(efdPath, 'efd.txt') : { secs: 0, docs: 0, items: 0 };
  console.log('raw parse ZIP', rawZip, 'EFD', rawEfd);

  const server = await startServer(cluster.url, work);
  try {
    const token = await createSessionToken(db, member.id);
    const headers = { authorization: `Bearer ${token}` };
    const run = async (file: string, name: string) => {
      const samples: number[] = [];
      const threads = threadCpuTracker(server.pid);
      const timer = setInterval(() => {
        samples.push(procMemoryMb(server.pid, 'VmRSS'));
        threads.sample();
      }, 100);
      const idle = procMemoryMb(server.pid, 'VmRSS');
      const cpu0 = processCpuSeconds(server.pid);
      t = performance.now();
      const form = new FormData();
      form.append('companyId', company.id);
      form.append('file', await openAsBlob(file), name);
      const res = await fetch(`${server.base}/v1/public/products/documents`, { method: 'POST', headers, body: form });
      if (res.status !== 202) throw new Error(`upload ${res.status}: ${await res.text()}`);
      const { id } = (await res.json()) as { id: string };
      const uploaded = (performance.now() - t) / 1000;
      let status: Record<string, unknown>;
      for (;;) {
        await new Promise((r) => setTimeout(r, 250));
        status = (await (
          await fetch(`${server.base}/v1/public/products/documents/${id}`, { headers })
        ).json()) as Record<string, unknown>;
        if (status.status === 'Done' || status.status === 'Failed') break;
      }
      clearInterval(timer);
      const secs = (performance.now() - t) / 1000;
      const { problems: _p, ...counts } = status;
      return {
        secs: Number(secs.toFixed(1)),
        uploadSecs: Number(uploaded.toFixed(1)),
        serverCpuSecs: Number((processCpuSeconds(server.pid) - cpu0).toFixed(1)),
        serverCpuByThread: threads.seconds(),
        rssIdleMb: idle,
        rssPeakMb: Math.max(...samples),
        counts,
        id,
      };
    };
    // A new audit of an import (POST …/reaudit, decision 059): one transaction, answered when it is done.
    const reaudit = async (id: string) => {
      const samples: number[] = [];
      const timer = setInterval(() => samples.push(procMemoryMb(server.pid, 'VmRSS')), 100);
      const cpu0 = processCpuSeconds(server.pid);
      const t0 = performance.now();
      const res = await fetch(`${server.base}/v1/public/products/documents/${id}/reaudit`, { method: 'POST', headers });
      const body = (await res.json()) as Record<string, unknown>;
      clearInterval(timer);
      if (res.status !== 200) throw new Error(`reaudit ${res.status}: ${JSON.stringify(body)}`);
      return {
        secs: Number(((performance.now() - t0) / 1000).toFixed(1)),
        serverCpuSecs: Number((processCpuSeconds(server.pid) - cpu0).toFixed(1)),
        rssPeakMb: Math.max(...samples),
        findingsBefore: body.findingsBefore,
        findingsAfter: body.findingsAfter,
      };
    };
    const zip = await run(zipPath, 'notas.zip');
    console.log(
      'import+audit ZIP',
      zip,
      'load',
      loadAverage(),
      `ratio to raw parse ${(zip.secs / rawZip.secs).toFixed(1)}×`,
    );
    console.log('reaudit ZIP', await reaudit(zip.id), 'load', loadAverage());
    if (EFD_MB > 0) {
      const efd = await run(efdPath, 'efd.txt');
      console.log(
        'import+audit EFD',
        efd,
        'load',
        loadAverage(),
        `ratio to raw parse ${(efd.secs / rawEfd.secs).toFixed(1)}×`,
      );
    }
  } finally {
    await server.stop();
  }
} finally {
  console.log('load average after', loadAverage());
  await cluster.stop();
  await rm(work, { recursive: true, force: true });
}
