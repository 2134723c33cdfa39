import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { seedProductActors } from '../products/products.fixtures.js';
import { buildEfd, buildNfeXml, buildZip, type FixtureItem } from './documents.fixtures.js';
import { importDocuments, uploadDocuments } from './documents.test-helpers.js';

let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedProductActors>>;

beforeAll(async () => {
  ctx = await createTestApp({ dataDir: await mkdtemp(join(tmpdir(), 'documents-hostile-')) });
  s = await seedProductActors(ctx.db);
});

const item: FixtureItem = {
  code: 'H1',
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

describe('hostile and bad files: each refused with its file (and line), the rest of the upload imported', () => {
  it('XXE: a DOCTYPE with an external entity is refused, the file is never read', async () => {
    const xxe = `<?xml version="1.0"?>\n<!DOCTYPE nfeProc [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<nfeProc><NFe><infNFe Id="NFe1"><ide><nNF>&xxe;</nNF></ide></infNFe></NFe></nfeProc>`;
    const result = await importFiles([
      { name: 'xxe.xml', content: xxe },
      { name: 'boa.xml', content: goodXml(1) },
    ]);
    expect(result).toMatchObject({ status: 'Done', documents: 1, errors: 1 });
    expect(result.problems).toEqual([{ fileName: 'xxe.xml', line: 2, message: expect.stringContaining('DOCTYPE') }]);
    expect(JSON.stringify(result)).not.toContain('root:');
  });

  it('zip slip: entry names with ../ are labels only; nothing is written outside (or inside) a folder', async () => {
    const zip = buildZip([{ name: '../../../../tmp/evil.xml', data: goodXml(2) }]);
    const result = await importFiles([{ name: 'slip.zip', content: zip }]);
    expect(result).toMatchObject({ status: 'Done', documents: 1, errors: 0 });
  });

  it('zip bomb: refused by real inflated size and ratio; the server keeps answering', async () => {
    const bomb = buildZip([
      { name: 'bomba.xml', data: Buffer.alloc(60 * 1024 * 1024, 0x20) },
      { name: 'ok.xml', data: goodXml(3) },
    ]);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const result = await importFiles([{ name: 'bomba.zip', content: bomb }]);
    expect(result).toMatchObject({ status: 'Done', documents: 1, errors: 1 });
    expect(result.problems[0]).toMatchObject({
      fileName: 'bomba.zip/bomba.xml',
      message: expect.stringMatching(/bomba ZIP|maior que/),
    });
    await serverAnswers();
  });

  it('malformed XML and a broken EFD line: reported with file and line, the rest processed', async () => {
    const efd = buildEfd({
      cnpj: s.companySP.document,
      uf: 'SP',
      participants: [{ code: 'P', cnpj: '44555666000181', ibgeMun: '3550308' }],
      products: [{ code: 'E1', description: 'FEIJÃO 1KG', ncm: '07133399' }],
      documents: [10, 11].map((n) => ({
        sale: true,
        participant: 'P',
        number: n,
        items: [{ code: 'E1', cst: '000', cfop: '5102', vItem: '10.00', pICMS: '7.00', vICMS: '0.70' }],
      })),
    }).split('\r\n');
    const broken = efd.findIndex((l) => l.startsWith('|C170|'));
    efd[broken] = '|C170|1|E1|sem os demais campos|';
    const result = await importFiles([
      { name: 'quebrado.xml', content: '<?xml version="1.0"?>\n<nfeProc>\n<NFe>\n<infNFe Id="NFe1">\n</NFe>' },
      { name: 'efd.txt', content: Buffer.from(efd.join('\r\n'), 'latin1') },
    ]);
    expect(result).toMatchObject({ status: 'Done', documents: 1, errors: 2 });
    expect(result.problems).toEqual([
      { fileName: 'quebrado.xml', line: 5, message: expect.stringContaining('XML malformado') },
      { fileName: 'efd.txt', line: broken + 1, message: expect.stringContaining('C170') },
    ]);
  });

  it('wrong encodings, an empty ZIP, an empty and an unknown file: each reported by name', async () => {
    const latin1Xml = Buffer.from(goodXml(4).replace('ÁGUA', 'ÁGUA'), 'latin1');
    const utf16Efd = Buffer.from(`|0000|019|0|${'x'.repeat(20)}`, 'utf16le');
    const result = await importFiles([
      { name: 'latin1.xml', content: latin1Xml },
      { name: 'vazio.zip', content: buildZip([]) },
      { name: 'nada.txt', content: '' },
      { name: 'efd-utf16.txt', content: utf16Efd },
      { name: 'boa.xml', content: goodXml(5) },
    ]);
    expect(result).toMatchObject({ status: 'Done', documents: 1, errors: 4 });
    expect(result.problems.map((p) => [p.fileName, p.message])).toEqual([
      ['latin1.xml', expect.stringContaining('UTF-8')],
      ['vazio.zip', expect.stringContaining('vazio')],
      ['nada.txt', expect.stringContaining('vazio')],
      ['efd-utf16.txt', expect.stringContaining('Formato não reconhecido')],
    ]);
  });

  it('an upload over the limit is refused whole (413) before any job', async () => {
    const before = (await ctx.database.pool.query('SELECT count(*)::int AS n FROM document_imports')).rows[0].n;
    const res = await uploadDocuments(
      ctx.app,
      s.companySP.id,
      Array.from({ length: 21 }, (_, i) => ({ name: `${i}.xml`, content: goodXml(100 + i) })),
      s.headers.member,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain('no máximo 20');
    expect((await ctx.database.pool.query('SELECT count(*)::int AS n FROM document_imports')).rows[0].n).toBe(before);
  });
});
