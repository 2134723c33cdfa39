/**
 * Five hostile uploads at once (issue 35, decision 056): `npx tsx bench/documents-hostile-bench.ts`. Against the
 * real server (production bundle, `npm start`'s flags), one Member sends at the same time: an NF-e whose xProd holds
 * BENCH_XPROD_MB (200) MB, an NF-e of BENCH_ITEMS (180,000) items (≈ 100 MB), an NF-e whose attribute holds 100 MB,
 * a ZIP bomb (one entry of 1 GB of spaces, ≈ 1 MB compressed) and a ZIP of tiny files of BENCH_TINY_MB (10) MB.
 * The server's RSS is sampled every 100 ms (worker threads included: they are the same process) and the import list
 * is asked for every 250 ms: the figures are the peak RSS (goal ≤ 300 MB), the slowest and failed answers, and each
 * import's end. Prints numbers; asserts nothing. Temp cluster and files, removed at the end.
 */
import { createWriteStream, openAsBlob } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  createCompany,
  createPartner,
  createSessionToken,
  createUser,
  linkMemberToCompany,
} from '../server/src/db/factories.js';
import { buildZip } from '../server/src/modules/documents/documents.fixtures.js';
import { hostileNfeChunks, nfeWithItems } from '../server/src/modules/documents/documents.hostile-fixtures.js';
import { startBenchCluster } from './lib/cluster.js';
import { loadAverage, procMemoryMb, startServer } from './lib/measure.js';

const XPROD_MB = Number(process.env.BENCH_XPROD_MB ?? 200);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 180_000);
const TINY_MB = Number(process.env.BENCH_TINY_MB ?? 10);

const work = await mkdtemp(path.join(os.tmpdir(), 'documents-hostile-'));
const cluster = await startBenchCluster();
const { db } = cluster.database;
console.log('load average before', loadAverage());
try {
  const partner = await createPartner(db);
  const company = await createCompany(db, { partnerId: partner.id, uf: 'SP', nomeFantasia: 'HOSTIL BENCH' });
  const member = await createUser(db, { role: 'Member', partnerId: partner.id });
  await linkMemberToCompany(db, member.id, company.id);
  const cnpj = company.document;

  const file = (name: string) => path.join(work, name);
  await pipeline(
    hostileNfeChunks({ issuerCnpj: cnpj, xProdBytes: XPROD_MB << 20 }),
    createWriteStream(file('xprod.xml')),
  );
  await pipeline(nfeWithItems({ issuerCnpj: cnpj, items: ITEMS, number: 2 }), createWriteStream(file('itens.xml')));
  // The same NF-e with 100 MB inside an attribute (what saxes holds for a tag's attributes is bounded too).
  await pipeline(
    (async function* () {
      for await (const c of hostileNfeChunks({ issuerCnpj: cnpj, xProdBytes: 100 << 20, number: 3 })) {
        const text = c.toString();
        yield Buffer.from(
          text.startsWith('<?xml') ? text.replace('<xProd>', '<xProd a="') : text.replace('</xProd>', '">x</xProd>'),
        );
      }
    })(),
    createWriteStream(file('atributo.xml')),
  );
  // A ZIP bomb: one entry of 1 GB of spaces (deflated to about 1 MB).
  const spaces = Buffer.alloc(1 << 30, 0x20);
  const bomb = buildZip([{ name: 'bomba.xml', data: spaces }]);
  await writeFile(file('bomba.zip'), bomb);
  // Tiny files until the ZIP has about TINY_MB MB (≈ 110 bytes an entry).
  const tinyCount = Math.round((TINY_MB << 20) / 110);
  await writeFile(
    file('miudos.zip'),
    buildZip(Array.from({ length: tinyCount }, (_, i) => ({ name: `m/${i}.xml`, data: '<x/>' }))),
  );
  const uploads = ['xprod.xml', 'itens.xml', 'atributo.xml', 'bomba.zip', 'miudos.zip'];
  const sizes: Record<string, string> = {};
  for (const u of uploads) sizes[u] = `${((await stat(file(u))).size / 2 ** 20).toFixed(1)} MB`;
  console.log('files', sizes, { tinyCount, deflatedBomb: `${(bomb.length / 2 ** 20).toFixed(1)} MB` });

  const server = await startServer(cluster.url, work);
  try {
    const headers = { authorization: `Bearer ${await createSessionToken(db, member.id)}` };
    const listUrl = `${server.base}/v1/public/products/documents?companyId=${company.id}`;
    const idle = procMemoryMb(server.pid, 'VmRSS');
    const rss: number[] = [];
    const sampler = setInterval(() => rss.push(procMemoryMb(server.pid, 'VmRSS')), 100);
    const answers = { count: 0, failed: 0, slowestMs: 0 };
    let probing = true;
    const probe = (async () => {
      while (probing) {
        const t0 = performance.now();
        try {
          const res = await fetch(listUrl, { headers, signal: AbortSignal.timeout(10_000) });
          await res.arrayBuffer();
          if (res.status !== 200) answers.failed++;
        } catch {
          answers.failed++;
        }
        answers.count++;
        answers.slowestMs = Math.max(answers.slowestMs, performance.now() - t0);
        await new Promise((r) => setTimeout(r, 250));
      }
    })();
    const t0 = performance.now();
    const ids = await Promise.all(
      uploads.map(async (name) => {
        const form = new FormData();
        form.append('companyId', company.id);
        form.append('file', await openAsBlob(file(name)), name);
        const res = await fetch(`${server.base}/v1/public/products/documents`, { method: 'POST', headers, body: form });
        if (res.status !== 202) throw new Error(`${name}: ${res.status} ${await res.text()}`);
        return ((await res.json()) as { id: string }).id;
      }),
    );
    const uploadedSecs = (performance.now() - t0) / 1000;
    const ends: Record<string, unknown> = {};
    for (const [k, id] of ids.entries()) {
      for (;;) {
        const detail = (await (
          await fetch(`${server.base}/v1/public/products/documents/${id}`, { headers })
        ).json()) as { status: string; errors: number; message: string | null; problems: { message: string }[] };
        if (!['Queued', 'Running'].includes(detail.status)) {
          ends[uploads[k]!] = {
            status: detail.status,
            errors: detail.errors,
            secsFromStart: Number(((performance.now() - t0) / 1000).toFixed(1)),
            problems: detail.problems.length,
            first: detail.problems[0]?.message ?? detail.message,
            last: detail.problems.at(-1)?.message,
          };
          break;
        }
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    probing = false;
    await probe;
    clearInterval(sampler);
    console.log('uploads', { secs: Number(uploadedSecs.toFixed(1)) });
    console.log('imports', ends);
    console.log('server', {
      rssIdleMb: idle,
      rssPeakMb: Math.max(...rss),
      answers: { ...answers, slowestMs: Math.round(answers.slowestMs) },
      alive: server.pid > 0 && procMemoryMb(server.pid, 'VmRSS') > 0,
    });
  } finally {
    await server.stop();
  }
} finally {
  console.log('load average after', loadAverage());
  await cluster.stop();
  await rm(work, { recursive: true, force: true });
}
