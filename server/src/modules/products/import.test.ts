import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createCompany, createFiscalRule, createGlobalProduct } from '../../db/factories.js';
import { seedProductActors, uploadProductFile } from './products.fixtures.js';

let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedProductActors>>;

beforeAll(async () => {
  ctx = await createTestApp();
  s = await seedProductActors(ctx.db);
});

async function upload(
  companyId: string,
  fileName: string,
  content: Buffer,
  opts: { ignoreHeader?: boolean; headers?: Record<string, string> } = {},
) {
  return uploadProductFile(
    ctx.app,
    companyId,
    { name: fileName, content },
    { headers: opts.headers ?? s.headers.member, ignoreHeader: opts.ignoreHeader },
  );
}

const productsOf = async (companyId: string) =>
  (
    await ctx.database.pool.query(
      'SELECT internal_code, description, gtin, status FROM products WHERE company_id = $1 ORDER BY internal_code',
      [companyId],
    )
  ).rows;
const newCompany = () => createCompany(ctx.db, { partnerId: s.partnerA.id, uf: 'SP' });

describe('POST /products/import: good files', () => {
  it('UTF-8 with header, CRLF, quoted separators, duplicated codes, invalid GTINs: counts and report', async () => {
    const rule = await createFiscalRule(ctx.db, { ncm: '22021000', cest: null, uf: 'SP' });
    const g = await createGlobalProduct(ctx.db, { gtin: '07894900011517', ncm: '22021000' });
    const csv = [
      'CodigoInterno;DescricaoProduto;GTIN/EAN',
      '1;ÁGUA MINERAL;7894900011517',
      '2;"BISCOITO; ÁGUA E SAL";',
      '3;"LEITE ""INTEGRAL""";7894900011518',
      '1;REPETIDO;',
      ';SEM CÓDIGO;',
      '',
      '4;SABÃO EM PÓ;96385074',
    ].join('\r\n');
    const res = await upload(s.companySP.id, 'produtos.csv', Buffer.from(csv, 'utf8'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ received: 6, created: 3, updated: 0, duplicated: 1, invalid: 2, classified: 1 });
    expect(body.invalidLines).toEqual([
      { line: 4, internalCode: '3', reason: 'GTIN inválido: dígito verificador incorreto.' },
      { line: 5, internalCode: '1', reason: 'Código Interno repetido no arquivo (primeira ocorrência na linha 2).' },
      { line: 6, internalCode: '', reason: 'O campo Código Interno é obrigatório!' },
    ]);
    const rows = await productsOf(s.companySP.id);
    expect(rows).toEqual([
      { internal_code: '1', description: 'ÁGUA MINERAL', gtin: '07894900011517', status: 'F' },
      { internal_code: '2', description: 'BISCOITO; ÁGUA E SAL', gtin: null, status: 'P' },
      { internal_code: '4', description: 'SABÃO EM PÓ', gtin: '00000096385074', status: 'P' },
    ]);
    const linked = await ctx.database.pool.query(
      "SELECT fiscal_rule_id, fiscal_service_reference_code AS code FROM products WHERE company_id = $1 AND internal_code = '1'",
      [s.companySP.id],
    );
    expect(linked.rows[0]).toEqual({ fiscal_rule_id: rule.id, code: g.code });

    const report = await ctx.app.inject({
      method: 'GET',
      url: `/v1/public/products/import/${body.importId}/errors`,
      headers: s.headers.member,
    });
    expect(report.statusCode).toBe(200);
    expect(report.body.replace('\uFEFF', '').split('\r\n')).toEqual([
      'Linha;CodigoInterno;Motivo',
      '4;3;GTIN inválido: dígito verificador incorreto.',
      '5;1;Código Interno repetido no arquivo (primeira ocorrência na linha 2).',
      '6;;O campo Código Interno é obrigatório!',
      '',
    ]);
    const batch = await ctx.database.pool.query(
      "SELECT sent, classified FROM classification_batches WHERE company_id = $1 AND source = 'Import'",
      [s.companySP.id],
    );
    expect(batch.rows).toEqual([{ sent: 3, classified: 1 }]);
  });

  it('a second file updates existing codes (counted as updated) and shows in the history, newest first', async () => {
    const res = await upload(
      s.companySP.id,
      'p2.csv',
      Buffer.from('\uFEFFCodigoInterno;DescricaoProduto\n2;BISCOITO NOVO\n9;NOVO\n'),
    );
    expect(res.json()).toMatchObject({ received: 2, created: 1, updated: 1, duplicated: 0, invalid: 0 });
    const history = await ctx.app.inject({
      method: 'GET',
      url: `/v1/public/products/importhistory?companyId=${s.companySP.id}`,
      headers: s.headers.member,
    });
    const rows = history.json();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ UserName: 'Maria Importadora', Received: 2, Added: 1, Updated: 1, Invalid: 0 });
    expect(rows[1]).toMatchObject({ Received: 6, Added: 3, Duplicated: 1, Invalid: 2 });
  });

  it('the same file again changes nothing: no update date, no audit item; a changed line is updated', async () => {
    const company = await newCompany();
    const file = 'CodigoInterno;DescricaoProduto;GTIN/EAN\nW1;ARROZ 5KG;\nW2;FEIJÃO 1KG;7891234567895\n';
    const staff = { headers: s.headers.ownerA };
    expect((await upload(company.id, 'w.csv', Buffer.from(file), staff)).json()).toMatchObject({ created: 2 });
    const state = async () =>
      (
        await ctx.database.pool.query(
          `SELECT p.internal_code, p.description, p.updated_at, count(a.id)::int AS audits
           FROM products p LEFT JOIN product_audits a ON a.product_id = p.id
           WHERE p.company_id = $1 GROUP BY p.id ORDER BY p.internal_code`,
          [company.id],
        )
      ).rows;
    const before = await state();
    const again = await upload(company.id, 'w.csv', Buffer.from(file.replace('ARROZ 5KG', 'ARROZ 5KG TIPO 1')), staff);
    // Both codes exist: counted as updated (spec), only W1 really changed.
    expect(again.json()).toMatchObject({ received: 2, created: 0, updated: 2 });
    const after = await state();
    expect(after[0]).toMatchObject({ description: 'ARROZ 5KG TIPO 1', audits: 2 });
    expect(after[0].updated_at.getTime()).toBeGreaterThan(before[0].updated_at.getTime());
    expect(after[1]).toEqual(before[1]);
  });

  it('Windows-1252 with accents (as Excel saves it) and positional columns without header', async () => {
    const company = await newCompany();
    const text = '10;AÇÚCAR REFINADO 1KG;\r\n11;FEIJÃO CARIOCA;\r\n12;"CAFÉ; TORRADO";\r\n';
    const res = await upload(company.id, 'ansi.csv', Buffer.from(text, 'latin1'), { headers: s.headers.ownerA });
    expect(res.json()).toMatchObject({ received: 3, created: 3, invalid: 0 });
    expect((await productsOf(company.id)).map((r) => r.description)).toEqual([
      'AÇÚCAR REFINADO 1KG',
      'FEIJÃO CARIOCA',
      'CAFÉ; TORRADO',
    ]);
  });

  it('ignoreHeader skips a first line whatever it says', async () => {
    const company = await newCompany();
    const res = await upload(company.id, 'h.csv', Buffer.from('Cod;Desc;Barras\n20;ARROZ;\n'), {
      ignoreHeader: true,
      headers: s.headers.ownerA,
    });
    expect(res.json()).toMatchObject({ received: 1, created: 1 });
  });

  it('backslashes, \\N and tabs in codes and descriptions are stored exactly as sent (bulk COPY escaping)', async () => {
    const company = await newCompany();
    const csv = 'CodigoInterno;DescricaoProduto;GTIN/EAN\r\nA\\1;CAFÉ \\N TORRADO\t500G;\r\n\\N;PÃO\\\\INTEGRAL;\r\n';
    const res = await upload(company.id, 'escapes.csv', Buffer.from(csv), { headers: s.headers.ownerA });
    expect(res.json()).toMatchObject({ received: 2, created: 2, invalid: 0 });
    const rows = await productsOf(company.id);
    expect(rows.map((r) => [r.internal_code, r.description]).sort()).toEqual([
      ['A\\1', 'CAFÉ \\N TORRADO\t500G'],
      ['\\N', 'PÃO\\\\INTEGRAL'],
    ]);
  });

  it('UTF-8 whose first accent comes after many ASCII lines (beyond the first chunk)', async () => {
    const company = await newCompany();
    const lines = ['CodigoInterno;DescricaoProduto;GTIN/EAN'];
    for (let i = 0; i < 3000; i++) lines.push(`A${i};PRODUTO ${i};`);
    lines.push('Z1;MAÇÃ ÁCIDA;');
    const res = await upload(company.id, 'big.csv', Buffer.from(lines.join('\n')), { headers: s.headers.ownerA });
    expect(res.json()).toMatchObject({ received: 3001, created: 3001 });
    const z = await ctx.database.pool.query(
      "SELECT description FROM products WHERE company_id = $1 AND internal_code = 'Z1'",
      [company.id],
    );
    expect(z.rows[0].description).toBe('MAÇÃ ÁCIDA');
  });

  it('XLSX with the same columns (numbers and text cells)', async () => {
    const company = await newCompany();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Produtos');
    ws.addRow(['CodigoInterno', 'DescricaoProduto', 'GTIN/EAN']);
    ws.addRow([100, 'GUARANÁ 2L', 7894900011517]);
    ws.addRow(['101', 'PÃO DE QUEIJO', '']);
    ws.addRow(['102', '', '']);
    const buffer = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await upload(company.id, 'produtos.xlsx', buffer, { headers: s.headers.ownerA });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ received: 3, created: 2, invalid: 1, classified: 1 });
    expect(res.json().invalidLines).toEqual([
      { line: 4, internalCode: '102', reason: 'O campo Descrição é obrigatório!' },
    ]);
    expect((await productsOf(company.id)).map((r) => [r.internal_code, r.gtin, r.status])).toEqual([
      ['100', '07894900011517', 'F'],
      ['101', null, 'P'],
    ]);
  });
});

describe('POST /products/import: bad files write nothing', () => {
  const expectRefused = async (content: Buffer, status: number, detail: string | RegExp, name = 'bad.csv') => {
    const company = await newCompany();
    const res = await upload(company.id, name, content, { headers: s.headers.ownerA });
    expect(res.statusCode).toBe(status);
    if (typeof detail === 'string') expect(res.json().detail).toBe(detail);
    else expect(res.json().detail).toMatch(detail);
    expect(await productsOf(company.id)).toEqual([]);
    const history = await ctx.database.pool.query(
      'SELECT count(*)::int AS n FROM import_history WHERE company_id = $1',
      [company.id],
    );
    expect(history.rows[0].n).toBe(0);
  };

  it('missing required columns', async () => {
    await expectRefused(
      Buffer.from('CodigoInterno;GTIN/EAN\n1;7894900011517\n'),
      400,
      'O arquivo não possui as colunas obrigatórias: DescricaoProduto.',
    );
  });

  it('a file without the semicolon layout', async () => {
    await expectRefused(Buffer.from('1,ARROZ,\n2,FEIJAO,\n'), 400, /layout esperado/);
  });

  it('junk bytes (binary) and a UTF-16 file', async () => {
    const junk = Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 7919) % 256));
    await expectRefused(junk, 400, /arquivo binário ou corrompido/);
    await expectRefused(Buffer.from('\uFEFFCodigoInterno;DescricaoProduto\n1;A\n', 'utf16le'), 400, /Codificação/);
  });

  it('mixed encodings: valid UTF-8 accents then a Windows-1252 byte', async () => {
    const content = Buffer.concat([
      Buffer.from('CodigoInterno;DescricaoProduto\n1;ÁGUA\n'),
      Buffer.from('2;CAFÉ\n', 'latin1'),
    ]);
    await expectRefused(content, 400, /Codificação/);
  });

  it('junk bytes in the middle of a large file roll back the batches already written', async () => {
    const lines = ['CodigoInterno;DescricaoProduto'];
    for (let i = 0; i < 2500; i++) lines.push(`${i};PRODUTO ${i}`);
    const content = Buffer.concat([Buffer.from(`${lines.join('\n')}\n`), Buffer.from([0x01, 0x02, 0x03, 0x0a])]);
    await expectRefused(content, 400, /arquivo binário ou corrompido/);
  });

  it('an unclosed quote', async () => {
    await expectRefused(Buffer.from('CodigoInterno;DescricaoProduto\n1;"ARROZ\n2;FEIJAO\n'), 400, /mal formado/);
  });

  it('a corrupt XLSX and an old XLS', async () => {
    await expectRefused(Buffer.from('PK\u0003\u0004 not really a zip file at all'), 400, /XLSX/, 'x.xlsx');
    await expectRefused(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 400, /XLSX ou CSV/, 'x.xls');
  });

  it('over 10 MB', async () => {
    const line = `${'9'.repeat(20)};${'D'.repeat(200)};\n`;
    const content = Buffer.from(
      `CodigoInterno;DescricaoProduto\n${line.repeat(Math.ceil((10.5 * 1024 * 1024) / line.length))}`,
    );
    await expectRefused(content, 413, 'O arquivo excede o tamanho máximo de 10 MB.');
    // Just over the limit: the upload is cut at 10 MB while the rows are being written; all rolls back.
    const justOver = Buffer.concat([
      Buffer.from('CodigoInterno;DescricaoProduto\n'),
      Buffer.alloc(10 * 1024 * 1024, line),
    ]);
    await expectRefused(justOver, 413, 'O arquivo excede o tamanho máximo de 10 MB.');
  });

  it('no file and an empty file', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/v1/public/products/import?companyId=${s.companySP.id}`,
      headers: s.headers.member,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('Selecione um arquivo para importar!');
    await expectRefused(
      Buffer.from('CodigoInterno;DescricaoProduto\n'),
      400,
      'O arquivo não possui produtos para importar.',
    );
  });
});

describe('import authorization', () => {
  it('Member without Import → 403; unlinked Member and other partner staff → 404', async () => {
    const csv = Buffer.from('1;A;\n');
    expect((await upload(s.companySP.id, 'a.csv', csv, { headers: s.headers.without.Import })).statusCode).toBe(403);
    expect((await upload(s.companySP.id, 'a.csv', csv, { headers: s.headers.unlinked })).statusCode).toBe(404);
    expect((await upload(s.companySP.id, 'a.csv', csv, { headers: s.headers.ownerB })).statusCode).toBe(404);
    const history = await ctx.app.inject({
      method: 'GET',
      url: `/v1/public/products/importhistory?companyId=${s.companySP.id}`,
      headers: s.headers.ownerB,
    });
    expect(history.statusCode).toBe(404);
  });
});
