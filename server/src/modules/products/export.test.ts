import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createFiscalRule, createProduct } from '../../db/factories.js';
import { seedProductActors } from './products.fixtures.js';

let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedProductActors>>;

beforeAll(async () => {
  ctx = await createTestApp();
  s = await seedProductActors(ctx.db);
  const rule = await createFiscalRule(ctx.db, {
    ncm: '22021000',
    cest: '0300700',
    uf: 'SP',
    version: { aliqIcms: '18.0000', cfopSaida: '5405', cstIcms: '60', iva: '40.5000' },
  });
  const c = s.companySP.id;
  await createProduct(ctx.db, {
    companyId: c,
    internalCode: '=SUM(A1:A9)',
    description: '+CMD|calc',
    gtin: '07894900011517',
  });
  await createProduct(ctx.db, {
    companyId: c,
    internalCode: 'R1',
    description: 'ÁGUA; "GELADA"',
    fiscalRuleId: rule.id,
  });
  await createProduct(ctx.db, {
    companyId: c,
    internalCode: 'G1',
    description: '@HYPERLINK',
    status: 'F',
    ncm: '22021000',
    cest: '0300700',
    fiscalServiceReferenceCode: '-10',
  });
  await createProduct(ctx.db, { companyId: c, internalCode: 'D1', description: 'DEVOLVIDO', status: 'D' });
});

const download = (query: string, headers: Record<string, string> = s.headers.member) =>
  ctx.app.inject({ method: 'GET', url: `/v1/public/products/export?companyId=${s.companySP.id}&${query}`, headers });

describe('GET /products/export', () => {
  it('CSV: BOM, ;-separated, file name from the trade name, rule fields, formulas neutralised', async () => {
    const res = await download('format=CSV');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="produtos_mercado-sao-joao.csv"');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows: string[][] = parse(res.body.slice(1), { delimiter: ';' });
    expect(rows[0]!.slice(0, 7)).toEqual([
      'Código Interno',
      'GTIN',
      'Descrição',
      'NCM',
      'CEST',
      'Situação',
      'Código de Integração',
    ]);
    const byCode = new Map(rows.slice(1).map((r) => [r[0], r]));
    expect(rows).toHaveLength(5);
    expect(byCode.get("'=SUM(A1:A9)")!.slice(0, 6)).toEqual([
      "'=SUM(A1:A9)",
      '7894900011517',
      "'+CMD|calc",
      '',
      '',
      'Pendente',
    ]);
    const r1 = byCode.get('R1')!;
    expect(r1.slice(0, 8)).toEqual(['R1', '', 'ÁGUA; "GELADA"', '22021000', '0300700', 'Classificado', '', '5405']);
    expect(r1[8]).toBe('60');
    expect(r1[10]).toBe('18,00');
    expect(r1[13]).toBe('40,50');
    // Classified through a global product without its own link: the base rule of the company's UF.
    const g1 = byCode.get('G1')!;
    expect(g1.slice(2, 8)).toEqual(["'@HYPERLINK", '22021000', '0300700', 'Classificado', "'-10", '5405']);
  });

  it('status filters apply', async () => {
    const res = await download('format=csv&returned=true');
    const rows: string[][] = parse(res.body.slice(1), { delimiter: ';' });
    expect(rows.slice(1).map((r) => r[0])).toEqual(['D1']);
  });

  it('XLSX: opens with exceljs, same rows, numbers as numbers, formulas neutralised', async () => {
    const res = await download('format=XLSX');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="produtos_mercado-sao-joao.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(5);
    const rows = new Map<string, ExcelJS.CellValue[]>();
    ws.eachRow((row) => rows.set(String(row.getCell(1).value), (row.values as ExcelJS.CellValue[]).slice(1)));
    expect(rows.get("'=SUM(A1:A9)")![2]).toBe("'+CMD|calc");
    expect(ws.getRow(2).getCell(1).formula).toBeUndefined();
    const r1 = rows.get('R1')!;
    expect(r1[2]).toBe('ÁGUA; "GELADA"');
    expect(r1[10]).toBe(18);
  });

  it('Member without Export → 403; other partner staff → 404', async () => {
    expect((await download('format=CSV', s.headers.without.Export)).statusCode).toBe(403);
    expect((await download('format=CSV', s.headers.ownerB)).statusCode).toBe(404);
  });
});
