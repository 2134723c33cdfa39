import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TDocumentImportDetail } from '@app/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { logFailure } from '../../lib/failure-reference.js';
import { seedProductActors } from '../products/products.fixtures.js';
import { buildAccessKey, buildEfd, buildNfeXml, buildZip, type FixtureItem } from './documents.fixtures.js';
import { importDocuments } from './documents.test-helpers.js';

let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedProductActors>>;
const SUPPLIER = '44555666000181';

beforeAll(async () => {
  ctx = await createTestApp({ dataDir: await mkdtemp(join(tmpdir(), 'documents-truth-')) });
  s = await seedProductActors(ctx.db);
});

const importFiles = (files: { name: string; content: Buffer | string }[]) =>
  importDocuments(ctx.app, s.companySP.id, files, s.headers.member);

const item = (code: string): FixtureItem => ({
  code,
  description: `PRODUTO ${code}`,
  ncm: '22030000',
  cfop: '5102',
  vProd: '100.00',
  icms: { cst: '00', pICMS: '18.00', vICMS: '18.00' },
});
const sale = (number: number, items: FixtureItem[], date?: string) =>
  buildNfeXml({
    issuerCnpj: s.companySP.document,
    issuerUf: 'SP',
    recipientCnpj: SUPPLIER,
    recipientUf: 'SP',
    number,
    items,
    date,
  });
const keyOf = (number: number, date?: string) =>
  buildAccessKey({ issuerCnpj: s.companySP.document, issuerUf: 'SP', number, date });
/** Driver, SQL or stack text: none of it may reach a problem. */
const FOREIGN = /Failed query|INSERT|SELECT|document_findings|company_documents|params|\bat \w|Error:/;

describe('values a document may not carry: that document refused with its field, the rest imported', () => {
  let imported: TDocumentImportDetail;
  beforeAll(async () => {
    // Each NF-e carries one value the layout (MOC 4.00, annex I: TDec_1302, TDec_0302a04, TDec_1104v, TData) forbids.
    const bad = [
      [201, sale(201, [item('V1')]).replace('<vProd>100.00</vProd>', '<vProd>1e308</vProd>')],
      [202, sale(202, [item('V2')]).replace('<vProd>100.00</vProd>', `<vProd>${'9'.repeat(400)}</vProd>`)],
      [203, sale(203, [item('V3')]).replace('<pICMS>18.00</pICMS>', '<pICMS>NaN</pICMS>')],
      [204, sale(204, [item('V4')]).replace('<vICMS>18.00</vICMS>', '<vICMS>Infinity</vICMS>')],
      [205, sale(205, [item('V5')], '2026-02-30')],
      [206, sale(206, [item('V6')]).replace('<qCom>1.0000</qCom>', '<qCom>-5.0000</qCom>')],
    ] as const;
    imported = await importFiles([
      ...bad.map(([n, xml]) => ({ name: `nota-${n}.xml`, content: xml })),
      { name: 'boa.xml', content: sale(207, [item('OK1')]) },
    ]);
  });

  it('imports the good document and refuses the six, each naming its document and field in Portuguese', () => {
    expect(imported.status).toBe('Done');
    expect(imported.documents).toBe(1);
    expect(imported.errors).toBe(6);
    expect(imported.outcome).toBe('problems');
    const byFile = new Map(imported.problems.map((p) => [p.fileName, p.message]));
    expect(byFile.get('nota-201.xml')).toContain(`NF-e ${keyOf(201)} não importado: item 1, campo vProd: "1e308"`);
    expect(byFile.get('nota-202.xml')).toContain('campo vProd: 999999999999999999999999… passa de 13 dígitos inteiros');
    expect(byFile.get('nota-203.xml')).toContain('item 1, campo ICMS/pICMS: "NaN" não é um número decimal');
    expect(byFile.get('nota-204.xml')).toContain('item 1, campo ICMS/vICMS: "Infinity" não é um número decimal');
    expect(byFile.get('nota-205.xml')).toContain(
      `NF-e ${keyOf(205, '2026-02-30')} não importado: campo dhEmi: 2026-02-30 não é uma data válida`,
    );
    expect(byFile.get('nota-206.xml')).toContain('item 1, campo qCom: -5.0000 é negativo');
    for (const p of imported.problems) expect(p.message).not.toMatch(FOREIGN);
  });

  it('keeps nothing of a refused document', async () => {
    const res = await ctx.db.execute<{ n: number } & Record<string, unknown>>(
      sql`SELECT count(*)::int AS n FROM products WHERE company_id = ${s.companySP.id} AND internal_code LIKE 'V%'`,
    );
    expect(res.rows[0]!.n).toBe(0);
  });
});

describe('a database refusal reaches the user as a Portuguese reason and a reference, never as SQL', () => {
  it('names the document, gives the reason and a reference; the SQL stays in the log', async () => {
    // A real refusal by PostgreSQL (numeric overflow, SQLSTATE 22003) for one document number, as a driver error.
    await ctx.db.execute(
      sql.raw(`CREATE FUNCTION refuse_666() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.number = '666' THEN RAISE EXCEPTION 'numeric field overflow' USING ERRCODE = '22003'; END IF;
      RETURN NEW; END $$`),
    );
    await ctx.db.execute(
      sql.raw(
        'CREATE TRIGGER refuse_666 BEFORE INSERT ON company_documents FOR EACH ROW EXECUTE FUNCTION refuse_666()',
      ),
    );
    try {
      const imported = await importFiles([
        { name: 'recusada.xml', content: sale(666, [item('DB1')]) },
        { name: 'aceita.xml', content: sale(667, [item('DB2')]) },
      ]);
      expect(imported.documents).toBe(1);
      expect(imported.problems).toHaveLength(1);
      const [problem] = imported.problems;
      expect(problem!.message).toMatch(
        new RegExp(
          `^NF-e ${keyOf(666)} não importado: um valor numérico passa do limite que o sistema grava \\(referência [0-9a-f]{8}\\)\\.$`,
        ),
      );
      expect(problem!.message).not.toMatch(FOREIGN);
    } finally {
      await ctx.db.execute(sql.raw('DROP TRIGGER refuse_666 ON company_documents'));
    }
  });

  it('logs the error under the reference with its codes and stack, never its message', () => {
    const lines: object[] = [];
    const err = Object.assign(new Error('Failed query: INSERT INTO document_findings … params: 1e308'), {
      cause: { code: '22003', name: 'DatabaseError' },
    });
    const reference = logFailure({ error: (obj) => lines.push(obj) }, err, { importId: 'x' }, 'falhou');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ reference, importId: 'x', err: { dbCode: '22003', type: 'Error' } });
    expect(JSON.stringify(lines[0])).not.toContain('INSERT');
  });
});

describe('parser and decoder messages in Portuguese, with advice for the file’s own kind', () => {
  it('an undeclared entity: file, line, column and the reason in Portuguese', async () => {
    const xml = sale(301, [item('P1')]).replace('<natOp>VENDA</natOp>', '<natOp>\n&venda;</natOp>');
    const imported = await importFiles([{ name: 'entidade.xml', content: xml }]);
    expect(imported.problems).toEqual([
      { fileName: 'entidade.xml', line: 2, message: 'XML malformado na linha 2, coluna 7: entidade não declarada.' },
    ]);
    expect(imported.outcome).toBe('nothing');
  });

  it('a ZIP entry whose compressed bytes are broken says the archive is corrupted, not zlib’s English', async () => {
    const zip = buildZip([{ name: 'nota.xml', data: sale(302, [item('Z1')]) }]);
    // The entry's deflated bytes start after its 30-byte local header and its name; overwrite some of them.
    zip.fill(0xff, 30 + 'nota.xml'.length + 10, 30 + 'nota.xml'.length + 60);
    const imported = await importFiles([{ name: 'lote.zip', content: zip }]);
    expect(imported.documents).toBe(0);
    for (const p of imported.problems) expect(p.message).not.toMatch(/invalid|stored|block|distance|Z_/i);
    expect(imported.problems.map((p) => p.message).join(' ')).toMatch(/corrompid/);
  });

  it('an EFD with a control character gets EFD advice, not the spreadsheet import’s', async () => {
    const efd = buildEfd({ cnpj: s.companySP.document, uf: 'SP', participants: [], products: [], documents: [] });
    const imported = await importFiles([{ name: 'efd.txt', content: efd.replace('|0001|0|', '|0001|0\u0001|') }]);
    const [problem] = imported.problems;
    expect(problem!.message).toContain('O arquivo EFD contém caracteres de controle');
    expect(problem!.message).toContain('PVA');
    expect(problem!.message).not.toMatch(/CSV|XLSX|planilha/);
  });
});

describe('SPED EFD: the item table joins the catalogue without movement', () => {
  it('an EFD of block 0 only creates its 0200 items Pending and says it had no C100', async () => {
    const efd = buildEfd({
      cnpj: s.companySP.document,
      uf: 'SP',
      participants: [],
      products: [
        { code: 'EFD-A', description: 'CERVEJA LATA', ncm: '22030000', cest: '0302100' },
        { code: 'EFD-B', description: 'REFRIGERANTE', ncm: '22021000' },
      ],
      documents: [],
    }).replace(
      '|C001|0|',
      '|H001|0|\r\n|H005|31122025|0,00|01|\r\n|H010|EFD-X|UN|1,000|1,00|1,00|0||||0,00|\r\n|C001|0|',
    );
    const imported = await importFiles([{ name: 'efd-bloco0.txt', content: efd }]);
    expect(imported.status).toBe('Done');
    expect(imported.productsCreated).toBe(2);
    expect(imported.outcome).toBe('problems');
    expect(imported.message).toContain('efd-bloco0.txt: o arquivo EFD não tem documentos (registro C100)');
    expect(imported.message).toContain('2 produtos do cadastro de itens (registro 0200) incluídos como pendentes');
    expect(imported.problems.map((p) => p.message)).toEqual([
      'Registro H010 com o item EFD-X sem o seu registro 0200: item não incluído.',
    ]);
    const res = await ctx.db.execute<{ code: string; status: string; ncm: string | null } & Record<string, unknown>>(
      sql`SELECT internal_code AS code, status, ncm FROM products WHERE company_id = ${s.companySP.id}
        AND internal_code LIKE 'EFD-%' ORDER BY internal_code`,
    );
    expect(res.rows).toEqual([
      { code: 'EFD-A', status: 'P', ncm: '22030000' },
      { code: 'EFD-B', status: 'P', ncm: '22021000' },
    ]);
  });

  it('the same EFD again imports nothing and says so', async () => {
    const efd = buildEfd({
      cnpj: s.companySP.document,
      uf: 'SP',
      participants: [],
      products: [{ code: 'EFD-A', description: 'CERVEJA LATA', ncm: '22030000' }],
      documents: [],
    });
    const imported = await importFiles([{ name: 'efd-de-novo.txt', content: efd }]);
    expect(imported.productsCreated).toBe(0);
    expect(imported.outcome).toBe('nothing');
    expect(imported.message).toContain('o arquivo EFD não tem documentos (registro C100).');
  });
});

describe('progress of the import', () => {
  it('documents read of the total and items audited, the total set to what was read', async () => {
    const zip = buildZip(
      [1, 2, 3].map((k) => ({ name: `n${k}.xml`, data: sale(400 + k, [item(`PR${k}`), item(`PS${k}`)]) })),
    );
    const imported = await importFiles([{ name: 'lote.zip', content: zip }]);
    expect(imported).toMatchObject({
      documents: 3,
      documentsRead: 3,
      documentsTotal: 3,
      items: 6,
      itemsAudited: 6,
      outcome: 'imported',
    });
  });
});
