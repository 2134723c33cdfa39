/**
 * What reading in a worker thread costs a normal upload (decision 056): `npx tsx bench/documents-read-thread.ts`.
 * The same ZIP of BENCH_NFE (10,000) NF-e of 10 items is read ROUNDS (3) times each way, interleaved: by
 * readSourceFile in this thread (before) and by readFilesInThread (the import's path now: a thread started, events
 * cloned over in batches). No database: the figure is the reading alone, which is where the thread adds cost. From
 * source the thread loads through tsx (the production bundle loads its own file, faster). Wall time follows the
 * machine's load; CPU seconds (process.cpuUsage, every thread of the process) much less. Prints numbers.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_DOCUMENT_LIMITS } from '../server/src/config.js';
import {
  buildEfd,
  buildNfeXml,
  buildZip,
  type FixtureItem,
} from '../server/src/modules/documents/documents.fixtures.js';
import type { ReadEvent } from '../server/src/modules/documents/read/document-model.js';
import { readFilesInThread } from '../server/src/modules/documents/read/read-in-thread.js';
import { readSourceFile } from '../server/src/modules/documents/read/source-files.js';
import { loadAverage } from './lib/measure.js';

const NFE = Number(process.env.BENCH_NFE ?? 10_000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const OWN = '11222333000181';

const work = await mkdtemp(path.join(os.tmpdir(), 'documents-thread-'));
try {
  const item = (n: number): FixtureItem => ({
    code: `P${n % 5000}`,
    description: `PRODUTO ${n % 5000}`,
    ncm: '22030000',
    cfop: '5102',
    vProd: '10.00',
    icms: { cst: '00', pICMS: '18.00', vICMS: '1.80' },
  });
  // BENCH_KIND=efd: an EFD of BENCH_NFE C100 with 10 C170 each instead of the ZIP.
  const efd = process.env.BENCH_KIND === 'efd';
  const zip = path.join(work, efd ? '00-efd.txt' : '00-notas.zip');
  const efdText = () =>
    Buffer.from(
      buildEfd({
        cnpj: OWN,
        uf: 'SP',
        participants: [{ code: 'C1', cnpj: '44555666000181', ibgeMun: '3550308' }],
        products: Array.from({ length: 5000 }, (_, c) => ({
          code: `P${c}`,
          description: `PRODUTO ${c}`,
          ncm: '22030000',
        })),
        documents: Array.from({ length: NFE }, (_, d) => ({
          sale: true,
          participant: 'C1',
          number: 500_000 + d,
          items: Array.from({ length: 10 }, (_, k) => ({
            code: item(d * 10 + k).code,
            cst: '000',
            cfop: '5102',
            vItem: '10.00',
            pICMS: '18.00',
            vICMS: '1.80',
          })),
        })),
      }),
      'latin1',
    );
  await writeFile(
    zip,
    efd
      ? efdText()
      : buildZip(
          Array.from({ length: NFE }, (_, d) => ({
            name: `${d + 1}.xml`,
            data: buildNfeXml({
              issuerCnpj: OWN,
              issuerUf: 'SP',
              recipientCnpj: '44555666000181',
              recipientUf: 'SP',
              number: d + 1,
              items: Array.from({ length: 10 }, (_, k) => item(d * 10 + k)),
            }),
          })),
        ),
  );
  const count = async (events: AsyncIterable<ReadEvent>) => {
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    let items = 0;
    for await (const e of events) if ('document' in e) items += e.document.items.length;
    const cpu = process.cpuUsage(cpu0);
    return {
      secs: Number(((performance.now() - t0) / 1000).toFixed(2)),
      cpuSecs: Number(((cpu.user + cpu.system) / 1e6).toFixed(2)),
      items,
    };
  };
  console.log('load average before', loadAverage());
  const results = {
    inProcess: [] as number[],
    thread: [] as number[],
    inProcessCpu: [] as number[],
    threadCpu: [] as number[],
  };
  for (let r = 0; r < ROUNDS; r++) {
    const a = await count(readSourceFile(zip, 'arquivo', OWN));
    const b = await count(readFilesInThread([{ path: zip, fileName: 'arquivo' }], OWN, DEFAULT_DOCUMENT_LIMITS));
    if (a.items !== b.items) throw new Error(`items differ: ${a.items} vs ${b.items}`);
    results.inProcess.push(a.secs);
    results.thread.push(b.secs);
    results.inProcessCpu.push(a.cpuSecs);
    results.threadCpu.push(b.cpuSecs);
    console.log(`round ${r + 1}`, { inProcess: a, thread: b, load: loadAverage() });
  }
  const median = (v: number[]) => [...v].sort((x, y) => x - y)[Math.floor(v.length / 2)]!;
  const ratio = (a: number[], b: number[]) => Number((median(b) / median(a)).toFixed(2));
  console.log('median wall s', {
    inProcess: median(results.inProcess),
    thread: median(results.thread),
    ratio: ratio(results.inProcess, results.thread),
  });
  console.log('median CPU s', {
    inProcess: median(results.inProcessCpu),
    thread: median(results.threadCpu),
    ratio: ratio(results.inProcessCpu, results.threadCpu),
  });
  console.log('load average after', loadAverage());
} finally {
  await rm(work, { recursive: true, force: true });
}
