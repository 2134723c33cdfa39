import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { DEFAULT_DOCUMENT_LIMITS } from '../../config.js';
import { seedProductActors } from '../products/products.fixtures.js';
import { buildNfeXml, buildZip, type FixtureItem } from './documents.fixtures.js';
import { hostileNfeChunks, nfeWithItems } from './documents.hostile-fixtures.js';
import { importDocuments } from './documents.test-helpers.js';
import {
  endInterruptedImports,
  holdRunnerConnection,
  INTERRUPTED_MESSAGE,
} from './documents-interrupted.repository.js';

// Issue 35: hostile uploads cost bounded memory and time (decision 056). Each case failed on the code before it:
// the xProd was held whole, every item of an NF-e kept, every file of a ZIP past 100,000 refused it whole (and each
// unreadable file was a row), the parse ran in the server's own heap, and a crash left the import Running.
let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedProductActors>>;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'documents-limits-'));
  ctx = await createTestApp({ dataDir, documents: { ...DEFAULT_DOCUMENT_LIMITS } });
  s = await seedProductActors(ctx.db);
});
afterEach(() => {
  Object.assign(ctx.app.config.documents, DEFAULT_DOCUMENT_LIMITS);
});

const item: FixtureItem = {
  code: 'L1',
  description: 'ÁGUA MINERAL 500ML',
  ncm: '22011000',
  cfop: '5102',
  vProd: '10.00',
  icms: { cst: '00', pICMS: '18.00', vICMS: '1.80' },
};
const goodXml = (n: number) =>
  buildNfeXml({
    issuerCnpj: s.companySP.document,
    issuerUf: 'SP',
    recipientCnpj: '44555666000181',
    recipientUf: 'SP',
    number: n,
    items: [item],
  });

async function gather(chunks: AsyncIterable<Buffer>) {
  const parts: Buffer[] = [];
  for await (const c of chunks) parts.push(c);
  return Buffer.concat(parts);
}

const importFiles = (files: { name: string; content: Buffer | string }[]) =>
  importDocuments(ctx.app, s.companySP.id, files, s.headers.member);

async function serverAnswers() {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/v1/public/products/documents?companyId=${s.companySP.id}`,
    headers: s.headers.member,
  });
  expect(res.statusCode).toBe(200);
}

describe('hostile uploads: refused or summarised in Portuguese, the server answering', () => {
  it('a 30 MB xProd, an NF-e of 3,000 items, a ZIP bomb and a ZIP of 1,500 tiny files in one upload', async () => {
    Object.assign(ctx.app.config.documents, { maxZipEntries: 500, maxProblemRows: 100 });
    const cnpj = s.companySP.document;
    const tiny = buildZip(Array.from({ length: 1_500 }, (_, i) => ({ name: `n/${i}.xml`, data: '<x/>' })));
    const bomb = buildZip([{ name: 'bomba.xml', data: Buffer.alloc(60 * 1024 * 1024, 0x20) }]);
    const result = await importFiles([
      { name: 'grande.xml', content: await gather(hostileNfeChunks({ issuerCnpj: cnpj, xProdBytes: 30 << 20 })) },
      { name: 'itens.xml', content: await gather(nfeWithItems({ issuerCnpj: cnpj, items: 3_000, number: 2 })) },
      { name: 'bomba.zip', content: bomb },
      { name: 'boa.xml', content: goodXml(3) },
      { name: 'miudos.zip', content: tiny },
    ]);
    // 3 refusals, 500 unreadable files, 1 row for the 1,000 files not read.
    expect(result).toMatchObject({ status: 'Done', documents: 1, errors: 504 });
    expect(result.problems.slice(0, 3)).toEqual([
      {
        fileName: 'grande.xml',
        line: 1,
        message:
          'O campo xProd passa de 65.536 caracteres; o leiaute da NF-e permite no máximo 120: o restante do arquivo não foi lido.',
      },
      {
        fileName: 'itens.xml',
        line: 1,
        message: expect.stringMatching(/^NF-e \d{44} recusada: mais de 990 itens \(det\); o leiaute da NF-e permite/),
      },
      { fileName: 'bomba.zip/bomba.xml', line: expect.any(Number), message: expect.stringMatching(/bomba ZIP/) },
    ]);
    // 100 rows listed, then the ZIP's own row and the count of the rows left out: not 1,500 rows.
    expect(result.problems).toHaveLength(102);
    expect(result.problems.slice(-2)).toEqual([
      {
        fileName: 'miudos.zip',
        line: null,
        message: '1.000 arquivos além do limite de 500 arquivos por ZIP não foram lidos.',
      },
      {
        fileName: 'grande.xml e mais 4',
        line: null,
        message: 'Mais 403 problemas além do limite de 100 listados por importação (estão na contagem de problemas).',
      },
    ]);
    await serverAnswers();
  }, 120_000);

  it('an XML inside a ZIP past the configured size (DOCUMENTS_ZIP_ENTRY_MB) is refused, the next one read', async () => {
    Object.assign(ctx.app.config.documents, { maxZipEntryBytes: 64 * 1024 });
    const padded = goodXml(30).replace('<NFe', `<!--${' '.repeat(100 * 1024)}--><NFe`);
    const result = await importFiles([
      {
        name: 'lote.zip',
        content: buildZip([
          { name: 'grande.xml', data: padded },
          { name: 'ok.xml', data: goodXml(31) },
        ]),
      },
    ]);
    expect(result).toMatchObject({ status: 'Done', documents: 1, errors: 1 });
    expect(result.problems).toEqual([
      {
        fileName: 'lote.zip/grande.xml',
        line: expect.any(Number),
        message: 'Arquivo maior que 64 KB descompactado: não é aceito.',
      },
    ]);
  });

  it('past the time budget the rest is not read, one row says so, what was read is kept', async () => {
    Object.assign(ctx.app.config.documents, { importSeconds: 1, maxProblemRows: 10 });
    const files = [{ name: 'boa.xml', data: goodXml(10) }];
    for (let i = 0; i < 30_000; i++) files.push({ name: `m/${i}.xml`, data: '<x/>' });
    const started = Date.now();
    const result = await importFiles([{ name: 'lento.zip', content: buildZip(files) }]);
    expect(result.status).toBe('Done');
    expect(result.documents).toBe(1);
    expect(result.problems).toContainEqual({
      fileName: 'lento.zip',
      line: null,
      message: 'A leitura passou do limite de 1 s por importação: o restante dos arquivos não foi lido.',
    });
    expect(result.errors).toBeLessThan(30_000);
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 60_000);

  it("the reading thread's heap running out ends the import Failed, in Portuguese; the server answers", async () => {
    // The layout's bounds lifted, so that only the thread's heap limit is left to stop the text.
    Object.assign(ctx.app.config.documents, { maxTextChars: 400 << 20, readerHeapMb: 32 });
    const cnpj = s.companySP.document;
    const result = await importFiles([
      { name: 'boa.xml', content: goodXml(20) },
      { name: 'enorme.xml', content: await gather(hostileNfeChunks({ issuerCnpj: cnpj, xProdBytes: 120 << 20 })) },
    ]);
    expect(result).toMatchObject({
      status: 'Failed',
      message:
        'O arquivo enorme.xml excedeu o limite de memória da leitura (32 MB) e a importação foi interrompida; os documentos já gravados foram mantidos.',
    });
    await serverAnswers();
    expect(await readdir(join(dataDir, 'document-uploads'))).toEqual([]);
  }, 120_000);
});

describe('imports a dead server left Running (at start)', () => {
  it('end Interrupted with none of their documents and no upload folder; one a live server runs is left', async () => {
    const pool = ctx.database.pool;
    const insert = async (dir: string) =>
      (
        await pool.query<{ id: string }>(
          `INSERT INTO document_imports (company_id, user_name, file_name, upload_dir, status, documents, started_at)
           VALUES ($1, 'x', 'notas.zip', $2, 'Running', 1, now()) RETURNING id`,
          [s.companySP.id, dir],
        )
      ).rows[0]!.id;
    const deadDir = join(dataDir, 'document-uploads', 'morta');
    await mkdir(deadDir, { recursive: true });
    await writeFile(join(deadDir, '00-notas.zip'), 'x');
    const dead = await insert(deadDir);
    // The runner of `dead` was a connection that no longer exists (its server died): no backend has pid 0.
    await pool.query(`UPDATE document_imports SET runner_pid = 0, runner_start = now() WHERE id = $1`, [dead]);
    await pool.query(
      `INSERT INTO company_documents (company_id, import_id, doc_key, source, direction, model, number, file_name, items)
       VALUES ($1, $2, 'k1', 'xml', 'sale', '55', '1', 'notas.zip', 1)`,
      [s.companySP.id, dead],
    );
    const live = await insert(join(dataDir, 'document-uploads', 'viva'));
    const release = await holdRunnerConnection(ctx.db, live);
    try {
      expect(await endInterruptedImports(ctx.db)).toBe(1);
      const rows = await pool.query(
        'SELECT id, status, message, documents FROM document_imports WHERE id = ANY($1) ORDER BY status',
        [[dead, live]],
      );
      expect(rows.rows).toEqual([
        { id: dead, status: 'Interrupted', message: INTERRUPTED_MESSAGE, documents: 0 },
        { id: live, status: 'Running', message: null, documents: 1 },
      ]);
      expect((await pool.query('SELECT 1 FROM company_documents WHERE import_id = $1', [dead])).rowCount).toBe(0);
      expect(await readdir(join(dataDir, 'document-uploads'))).not.toContain('morta');
      const shown = await ctx.app.inject({
        method: 'GET',
        url: `/v1/public/products/documents/${dead}`,
        headers: s.headers.member,
      });
      expect(shown.json()).toMatchObject({ status: 'Interrupted' });
    } finally {
      release();
    }
  });
});
