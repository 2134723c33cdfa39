import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DOCUMENT_LIMITS } from '../../../config.js';
import { buildEfd, buildNfeXml, buildZip, type FixtureItem } from '../documents.fixtures.js';
import { hostileNfeChunks, nfeWithItems } from '../documents.hostile-fixtures.js';
import type { FiscalDocument, ReadEvent, ReadProblem } from './document-model.js';
import { DEFAULT_READ_LIMITS } from './nfe-layout-limits.js';
import { readNfeXml } from './nfe-xml-reader.js';
import { readFilesInThread } from './read-in-thread.js';
import { readSourceFile } from './source-files.js';
import { DOCUMENT_ZIP_LIMITS } from './zip-file-reader.js';

// Issue 35: the readers bound what they hold by the NF-e layout (MOC 4.00, Anexo I: xProd 1–120 characters,
// infCpl 1–5,000, det nItem 1–990) while the bytes stream, whatever the file's size.
const OWN = '11222333000181';
const OTHER = '44555666000181';
const item: FixtureItem = {
  code: 'A1',
  description: 'CERVEJA LATA 350ML',
  ncm: '22030000',
  cfop: '5102',
  vProd: '100.00',
  icms: { cst: '00', pICMS: '18.00', vICMS: '18.00' },
};
const nfe = (n: number, items: FixtureItem[] = [item]) =>
  buildNfeXml({ issuerCnpj: OWN, issuerUf: 'SP', recipientCnpj: OTHER, recipientUf: 'SP', number: n, items });

async function collect(events: AsyncIterable<ReadEvent>) {
  const docs: FiscalDocument[] = [];
  const problems: ReadProblem[] = [];
  for await (const e of events) {
    if ('document' in e) docs.push(e.document);
    else if ('problem' in e) problems.push(e.problem);
  }
  return { docs, problems };
}

/** Counts the bytes a reader pulled from a stream: what it read before it stopped. */
function counted(source: AsyncIterable<Uint8Array>) {
  const seen = { bytes: 0 };
  const chunks = (async function* () {
    for await (const c of source) {
      seen.bytes += c.length;
      yield c;
    }
  })();
  return { chunks, seen };
}

async function* oneChunk(text: string) {
  yield Buffer.from(text);
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'documents-limits-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('NF-e layout sizes, per tag', () => {
  it('xProd of 120 characters is read; of 121 the document is refused naming the field and item', async () => {
    const ok = await collect(readNfeXml(oneChunk(nfe(1, [{ ...item, description: 'X'.repeat(120) }])), 'a.xml'));
    expect(ok.docs).toHaveLength(1);
    const bad = await collect(readNfeXml(oneChunk(nfe(2, [item, { ...item, description: 'X'.repeat(121) }])), 'b.xml'));
    expect(bad.docs).toEqual([]);
    expect(bad.problems).toEqual([
      {
        fileName: 'b.xml',
        line: 1,
        message: expect.stringMatching(
          /^NF-e \d{44} recusada: o campo xProd do item 2 tem 121 caracteres; o leiaute da NF-e permite no máximo 120\.$/,
        ),
      },
    ]);
  });

  it('a refused document does not take the next NF-e of the same file with it', async () => {
    const two = `<enviNFe>${nfe(3, [{ ...item, code: 'C'.repeat(61) }]).replace(/^<\?xml[^>]*>/, '')}${nfe(4).replace(/^<\?xml[^>]*>/, '')}</enviNFe>`;
    const { docs, problems } = await collect(readNfeXml(oneChunk(two), 'lote.xml'));
    expect(docs.map((d) => d.number)).toEqual(['4']);
    expect(problems[0]!.message).toContain('o campo cProd do item 1 tem 61 caracteres');
  });

  it('a 40 MB xProd is refused after reading about the bound, never held whole', async () => {
    const { chunks, seen } = counted(hostileNfeChunks({ issuerCnpj: OWN, xProdBytes: 40 * 1024 * 1024 }));
    const started = performance.now();
    const { docs, problems } = await collect(readNfeXml(chunks, 'grande.xml'));
    expect(docs).toEqual([]);
    expect(problems).toEqual([
      {
        fileName: 'grande.xml',
        line: expect.any(Number),
        message:
          'O campo xProd passa de 65.536 caracteres; o leiaute da NF-e permite no máximo 120: o restante do arquivo não foi lido.',
      },
    ]);
    // The reader stopped at the first chunk (1 MB here) past the bound, not at the end of the 40 MB.
    expect(seen.bytes).toBeLessThan(DEFAULT_READ_LIMITS.maxTextChars + 1024 * 1024 + 4096);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('a comment (which may hold "<") is bounded too', async () => {
    async function* comment() {
      yield Buffer.from('<?xml version="1.0" encoding="UTF-8"?><nfeProc><!--');
      for (let i = 0; i < 400; i++) yield Buffer.alloc(64 * 1024, '<');
      yield Buffer.from('--></nfeProc>');
    }
    const { chunks, seen } = counted(comment());
    const { problems } = await collect(readNfeXml(chunks, 'c.xml'));
    expect(problems[0]!.message).toMatch(/passa de 65\.536 caracteres/);
    expect(seen.bytes).toBeLessThan(1024 * 1024);
  });
});

describe('990 items per NF-e (MOC 4.00: det nItem 1–990)', () => {
  it('990 items are read; 991 refuse the document with its reason', async () => {
    const read = async (n: number) =>
      collect(readNfeXml(nfeWithItems({ issuerCnpj: OWN, items: n, number: n }), `${n}.xml`));
    const ok = await read(990);
    expect(ok.docs[0]!.items).toHaveLength(990);
    const bad = await read(991);
    expect(bad.docs).toEqual([]);
    expect(bad.problems).toEqual([
      {
        fileName: '991.xml',
        line: expect.any(Number),
        message: expect.stringMatching(
          /^NF-e \d{44} recusada: mais de 990 itens \(det\); o leiaute da NF-e permite no máximo 990\.$/,
        ),
      },
    ]);
  });

  it('an NF-e of 60,000 items keeps at most 990 of them while it is read: a 32 MB heap is enough', async () => {
    // Kept whole, its 60,000 items would be ≈ 100 MB of objects: the reading thread's 32 MB heap would run out.
    const path = join(dir, 'itens.xml');
    await pipeline(nfeWithItems({ issuerCnpj: OWN, items: 60_000, number: 5 }), createWriteStream(path));
    const limits = { ...DEFAULT_DOCUMENT_LIMITS, readerHeapMb: 32 };
    const { docs, problems } = await collect(readFilesInThread([{ path, fileName: 'itens.xml' }], OWN, limits));
    expect(docs).toEqual([]);
    expect(problems).toEqual([
      { fileName: 'itens.xml', line: expect.any(Number), message: expect.stringContaining('mais de 990 itens') },
    ]);
  }, 60_000);
});

describe('990 items per document in an EFD too (C170 of one C100)', () => {
  it('a C100 of 991 C170 is left out with its line; one of 990 is read', async () => {
    const line = { code: 'E1', cst: '000', cfop: '5102', vItem: '1.00', pICMS: '18.00', vICMS: '0.18' };
    const efd = buildEfd({
      cnpj: OWN,
      uf: 'SP',
      participants: [{ code: 'P', cnpj: OTHER, ibgeMun: '3550308' }],
      products: [{ code: 'E1', description: 'FEIJÃO 1KG', ncm: '07133399' }],
      documents: [990, 991].map((n) => ({
        sale: true,
        participant: 'P',
        number: n,
        items: Array.from({ length: n }, () => line),
      })),
    });
    const path = join(dir, 'efd.txt');
    await writeFile(path, Buffer.from(efd, 'latin1'));
    const { docs, problems } = await collect(readSourceFile(path, 'efd.txt', OWN));
    expect(docs.map((d) => [d.number, d.items.length])).toEqual([['990', 990]]);
    expect(problems).toEqual([
      {
        fileName: 'efd.txt',
        line: expect.any(Number),
        message: 'Documento nº 991 com mais de 990 itens (C170): não importado.',
      },
    ]);
  });
});

describe('ZIP limits', () => {
  it('reads the first maxEntries files and counts the rest in one row, not one per file', async () => {
    const files = Array.from({ length: 2_000 }, (_, i) => ({ name: `p/${i}.xml`, data: '<x/>' }));
    const path = join(dir, 'miudos.zip');
    await writeFile(path, buildZip(files));
    const { problems } = await collect(
      readSourceFile(path, 'miudos.zip', OWN, { ...DOCUMENT_ZIP_LIMITS, maxEntries: 50 }),
    );
    expect(problems).toHaveLength(51);
    expect(problems.at(-1)).toEqual({
      fileName: 'miudos.zip',
      line: null,
      message: '1.950 arquivos além do limite de 50 arquivos por ZIP não foram lidos.',
    });
  });

  it('an XML inside a ZIP past the configured size is refused, the next one read', async () => {
    const path = join(dir, 'tamanho.zip');
    const big = nfe(6, [{ ...item, description: 'Y'.repeat(100) }]).replace(
      '<infNFe',
      `<!--${' '.repeat(40_000)}--><infNFe`,
    );
    await writeFile(
      path,
      buildZip([
        { name: 'grande.xml', data: big },
        { name: 'ok.xml', data: nfe(7) },
      ]),
    );
    const { docs, problems } = await collect(
      readSourceFile(path, 'tamanho.zip', OWN, { ...DOCUMENT_ZIP_LIMITS, maxEntryBytes: 32 * 1024 }),
    );
    expect(docs.map((d) => d.number)).toEqual(['7']);
    expect(problems).toEqual([
      { fileName: 'tamanho.zip/grande.xml', line: expect.any(Number), message: expect.stringContaining('maior que') },
    ]);
  });
});
