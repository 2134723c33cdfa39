import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TDocumentImportDetail } from '@app/contract';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createFiscalRule, createProduct } from '../../db/factories.js';
import { seedProductActors } from '../products/products.fixtures.js';
import { buildEfd, buildNfeXml, buildZip, type FixtureItem } from './documents.fixtures.js';
import { findingsPage, importDocuments, uploadDocuments } from './documents.test-helpers.js';

let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedProductActors>>;
let dataDir: string;
const SUPPLIER = '44555666000181';
const STRANGER = '12345678000195';

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'documents-test-'));
  ctx = await createTestApp({ dataDir });
  s = await seedProductActors(ctx.db);
});

const importFiles = (companyId: string, files: { name: string; content: Buffer | string }[]) =>
  importDocuments(ctx.app, companyId, files, s.headers.member);

const findingsOf = (id: string, query = '') => findingsPage(ctx.app, id, s.headers.member, query);

const beer = { description: 'CERVEJA PILSEN LATA 350ML', ncm: '22030000', cest: '0302100', vProd: '100.00' };
const sale = (number: number, items: FixtureItem[], over: { recipientUf?: string } = {}) =>
  buildNfeXml({
    issuerCnpj: s.companySP.document,
    issuerUf: 'SP',
    recipientCnpj: SUPPLIER,
    recipientUf: over.recipientUf ?? 'SP',
    number,
    items,
  });

describe('POST /products/documents: a sale, a purchase, refusals and duplicates', () => {
  let imported: TDocumentImportDetail;
  const ids = {} as Record<'classified' | 'stRule' | 'pending', string>;

  beforeAll(async () => {
    // The company's catalogue: a classified beer (rule: CST 00, 18 %, cClassTrib 000001), a beer whose rule has
    // ST (CST 10, MVA 40 %) and a Pending product with another NCM.
    const rule = await createFiscalRule(ctx.db, {
      ncm: '22030000',
      cest: '0302100',
      uf: 'SP',
      description: 'Cerveja tributada',
      version: { cbsCst: '000', cbsCClassTrib: '000001' },
    });
    const stRule = await createFiscalRule(ctx.db, {
      ncm: '22030000',
      cest: '0302100',
      uf: 'SP',
      description: 'Cerveja com ST',
      version: { cstIcms: '10', iva: '40.0000', aliqIcmsSt: '18.0000' },
    });
    ids.classified = (
      await createProduct(ctx.db, {
        companyId: s.companySP.id,
        internalCode: 'CERV-1',
        description: 'CERVEJA A',
        fiscalRuleId: rule.id,
      })
    ).id;
    ids.stRule = (
      await createProduct(ctx.db, {
        companyId: s.companySP.id,
        internalCode: 'CERV-ST',
        description: 'CERVEJA ST',
        fiscalRuleId: stRule.id,
      })
    ).id;
    ids.pending = (
      await createProduct(ctx.db, {
        companyId: s.companySP.id,
        internalCode: 'REFRI-1',
        description: 'REFRIGERANTE',
        ncm: '22021000',
      })
    ).id;

    const icms18 = { cst: '00', pICMS: '18.00', vICMS: '18.00' };
    const saleXml = sale(101, [
      // 12 % where the rule says 18 %: aliquota-divergente, R$ −6,00. The document has no IBS/CBS group, which
      // NT 2025.002 requires of a CRT 3 issuer from 2026: one informative cclasstrib-ausente for the document.
      { ...beer, code: 'CERV-1', cfop: '5102', icms: { cst: '00', pICMS: '12.00', vICMS: '12.00' } },
      // Sold as substitute (CST 10) without charging it: ST = 140 × 18 % − 18 = 7,20 (LC 87/1996, art. 8º, II).
      { ...beer, code: 'CERV-ST', cfop: '5102', icms: { cst: '10', pICMS: '18.00', vICMS: '18.00' } },
      // Sold as taxed in full (CST 00) where the rule has ST: the substituted sale is CST 60.
      { ...beer, code: 'CERV-ST', cfop: '5102', icms: icms18 },
      // Another NCM and a CEST than the Pending product's: ncm-divergente, cest-divergente (never overwritten).
      { ...beer, code: 'REFRI-1', cfop: '5102', icms: icms18 },
      // Unknown code: joins the catalogue; vICMS 20,00 where 100 × 18 % = 18,00 (valor-divergente, R$ 2,00).
      {
        ...beer,
        code: 'NOVO-1',
        gtin: '7891234567895',
        cfop: '5102',
        icms: { cst: '00', pICMS: '18.00', vICMS: '20.00' },
      },
      // Unknown code with a broken GTIN (611), an NCM that does not exist (778), an interstate CFOP inside SP,
      // a cBenef SP's table does not have (946) and a cClassTrib of another CST.
      {
        code: '=HYPERLINK("x")',
        description: 'PRODUTO ESTRANHO',
        gtin: '7891234567896',
        ncm: '99999999',
        cfop: '6102',
        vProd: '50.00',
        cBenef: 'SP999999',
        icms: { cst: '00', pICMS: '18.00', vICMS: '9.00' },
        ibscbs: { cst: '000', cClassTrib: '200001' },
      },
    ]);
    const purchase = buildNfeXml({
      issuerCnpj: SUPPLIER,
      issuerUf: 'RJ',
      recipientCnpj: s.companySP.document,
      recipientUf: 'SP',
      number: 7001,
      items: [{ ...beer, code: 'FORN-77', cfop: '6102', icms: { cst: '00', pICMS: '12.00', vICMS: '12.00' } }],
    });
    const foreign = buildNfeXml({
      issuerCnpj: SUPPLIER,
      issuerUf: 'RJ',
      recipientCnpj: STRANGER,
      recipientUf: 'RJ',
      number: 5,
      items: [{ ...beer, code: 'X', cfop: '5102', icms: icms18 }],
    });
    const badKey = buildNfeXml({
      issuerCnpj: s.companySP.document,
      issuerUf: 'SP',
      recipientCnpj: SUPPLIER,
      recipientUf: 'SP',
      number: 6,
      badCheckDigit: true,
      items: [{ ...beer, code: 'Y', cfop: '5102', icms: icms18 }],
    });
    const zip = buildZip([
      { name: 'vendas/101.xml', data: saleXml },
      { name: 'vendas/101-copia.xml', data: saleXml },
      { name: 'compras/7001.xml', data: purchase },
      { name: 'outros/5.xml', data: foreign },
      { name: 'outros/6.xml', data: badKey },
    ]);
    imported = await importFiles(s.companySP.id, [{ name: 'notas-marco.zip', content: zip }]);
  });

  it('imports the company’s documents once, keeps sales and purchases apart and refuses the others with a reason', async () => {
    expect(imported).toMatchObject({
      status: 'Done',
      fileName: 'notas-marco.zip',
      documents: 2,
      items: 7,
      duplicates: 1,
      errors: 2,
      productsCreated: 3,
    });
    const problems = imported.problems.map((p) => [p.fileName, p.message]);
    expect(problems).toEqual([
      [
        'notas-marco.zip/outros/5.xml',
        expect.stringContaining(
          'não pertence à empresa: emitente CNPJ 44.555.666/0001-81, destinatário CNPJ 12.345.678/0001-95.',
        ),
      ],
      ['notas-marco.zip/outros/6.xml', expect.stringContaining('inválida')],
    ]);
    const docs = await ctx.database.pool.query(
      'SELECT number, direction, source FROM company_documents WHERE import_id = $1 ORDER BY number',
      [imported.id],
    );
    expect(docs.rows).toEqual([
      { number: '101', direction: 'sale', source: 'xml' },
      { number: '7001', direction: 'purchase', source: 'xml' },
    ]);
    // Nothing left on disk once the job ended.
    expect(await readdir(join(dataDir, 'document-uploads'))).toEqual([]);
  });

  it('adds unknown codes as Pending products with NCM/CEST and an audit item, and never overwrites a known one', async () => {
    const rows = (
      await ctx.database.pool.query(
        `SELECT p.internal_code, p.description, p.ncm, p.cest, p.gtin, p.status,
           (SELECT count(*)::int FROM product_audits a WHERE a.product_id = p.id) AS audits
         FROM products p WHERE company_id = $1 ORDER BY internal_code`,
        [s.companySP.id],
      )
    ).rows;
    expect(rows).toEqual([
      {
        internal_code: '=HYPERLINK("x")',
        description: 'PRODUTO ESTRANHO',
        ncm: null,
        cest: null,
        gtin: null,
        status: 'P',
        audits: 1,
      },
      {
        internal_code: 'CERV-1',
        description: 'CERVEJA A',
        ncm: '22030000',
        cest: '0302100',
        gtin: null,
        status: 'F',
        audits: 0,
      },
      {
        internal_code: 'CERV-ST',
        description: 'CERVEJA ST',
        ncm: '22030000',
        cest: '0302100',
        gtin: null,
        status: 'F',
        audits: 0,
      },
      {
        internal_code: 'FORN-77',
        description: beer.description,
        ncm: '22030000',
        cest: '0302100',
        gtin: null,
        status: 'P',
        audits: 1,
      },
      {
        internal_code: 'NOVO-1',
        description: beer.description,
        ncm: '22030000',
        cest: '0302100',
        gtin: '07891234567895',
        status: 'P',
        audits: 1,
      },
      {
        internal_code: 'REFRI-1',
        description: 'REFRIGERANTE',
        ncm: '22021000',
        cest: null,
        gtin: null,
        status: 'P',
        audits: 0,
      },
    ]);
  });

  it('lists each finding with its field, expected and found values, difference in R$ and SEFAZ rejection', async () => {
    const page = await findingsOf(imported.id);
    const seen = page.items.map((f) => [
      f.internalCode,
      f.kind,
      f.field,
      f.expected,
      f.found,
      f.difference,
      f.rejection,
    ]);
    expect(seen).toEqual([
      ['CERV-1', 'cclasstrib-ausente', 'IBSCBS', 'grupo IBS/CBS (NT 2025.002)', null, null, null],
      ['CERV-1', 'aliquota-divergente', 'pICMS', '18.00', '12.00', '-6.00', null],
      ['CERV-ST', 'st-nao-destacado', 'vICMSST', '7.20', '0.00', '-7.20', null],
      // CST 00 charging 18,00 where the rule's CST 60 (ST retained before, LC 87/1996 art. 9º) charges none.
      ['CERV-ST', 'cst-divergente', 'CST', '60', '00', '18.00', null],
      ['REFRI-1', 'ncm-divergente', 'NCM', '22021000', '22030000', null, null],
      ['REFRI-1', 'cest-divergente', 'CEST', null, '0302100', null, null],
      // vICMS ≠ vBC × pICMS is also what SEFAZ rejects (MOC 7.0, N17-20, 528): one finding, carrying the code.
      ['NOVO-1', 'valor-divergente', 'vICMS', '18.00', '20.00', '2.00', '528'],
      ['=HYPERLINK("x")', 'gtin-invalido', 'cEAN', null, '7891234567896', null, '611'],
      ['=HYPERLINK("x")', 'ncm-divergente', 'NCM', null, '99999999', null, '778'],
      // The audit's own CFOP finding carries the rule book's I08-90 (523): interstate CFOP, same UF.
      ['=HYPERLINK("x")', 'cfop-incompativel', 'CFOP', '5xxx (interna)', '6102', null, '523'],
      ['=HYPERLINK("x")', 'cbenef-invalido', 'cBenef', null, 'SP999999', null, '946'],
      ['=HYPERLINK("x")', 'cclasstrib-incompativel', 'cClassTrib', '000xxx', '200001', null, null],
      // The same bad GTIN in cEANTrib is rejected too (MOC 7.0 annex I, I12-10, 612): the rule book's own finding.
      ['=HYPERLINK("x")', 'rejeicao', 'prod/cEANTrib', null, '7891234567896', null, '612'],
    ]);
    expect(page.total).toBe(imported.findings);
    // Severity and the sign in words (decision 058): a rejection, tax due that differs, a schedule not yet priced.
    const bySeverity = page.items.map((f) => [f.kind, f.severity, f.differenceText]);
    expect(bySeverity).toContainEqual(['aliquota-divergente', 'risco', 'R$ 6,00 a recolher']);
    expect(bySeverity).toContainEqual(['cst-divergente', 'risco', 'R$ 18,00 recolhido a maior']);
    expect(bySeverity).toContainEqual(['gtin-invalido', 'rejeicao', null]);
    expect(bySeverity).toContainEqual(['cclasstrib-ausente', 'informativo', null]);
    // The purchase is a supplier's sale: its CFOP 6102 and 12 % are right from RJ; nothing is reported for it.
    expect(page.items.filter((f) => f.direction === 'purchase')).toEqual([]);
    const summary = Object.fromEntries(page.summary.map((k) => [k.kind, [k.count, k.difference]]));
    expect(summary['aliquota-divergente']).toEqual([1, '-6.00']);
    expect(summary['st-nao-destacado']).toEqual([1, '-7.20']);
    expect(summary['valor-divergente']).toEqual([1, '2.00']);
  });

  it('filters findings by kind and product and pages them', async () => {
    const byKind = await findingsOf(imported.id, '&kind=ncm-divergente');
    expect(byKind.items.map((f) => f.internalCode).sort()).toEqual(['=HYPERLINK("x")', 'REFRI-1']);
    const byProduct = await findingsOf(imported.id, `&productId=${ids.classified}`);
    expect(new Set(byProduct.items.map((f) => f.internalCode))).toEqual(new Set(['CERV-1']));
    const paged = await findingsOf(imported.id, '&page=2');
    expect(paged.page).toBe(2);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: `/v1/public/products/documents/${imported.id}/findings?kind=xpto`,
      headers: s.headers.member,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('exports the findings as XLSX with formula-looking text neutralised', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/public/products/documents/${imported.id}/findings/export`,
      headers: s.headers.member,
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = wb.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows.length).toBe(imported.findings + 1);
    const codeColumn = rows[0]!.indexOf('Código Interno');
    const codes = rows.slice(1).map((r) => r[codeColumn]);
    expect(codes).toContain('\'=HYPERLINK("x")');
    expect(codes.some((c) => String(c).startsWith('='))).toBe(false);
  });

  it('a second upload of the same documents imports nothing new', async () => {
    const again = await importFiles(s.companySP.id, [
      {
        name: '101.xml',
        content: sale(101, [
          { ...beer, code: 'CERV-1', cfop: '5102', icms: { cst: '00', pICMS: '18.00', vICMS: '18.00' } },
        ]),
      },
    ]);
    expect(again).toMatchObject({ status: 'Done', documents: 0, duplicates: 1, findings: 0 });
  });
});

describe('SPED EFD ICMS/IPI', () => {
  it('imports C100/C170 documents keyed by COD_ITEM, in Latin-1', async () => {
    const company = s.companyRJ;
    const efd = buildEfd({
      cnpj: company.document,
      uf: 'RJ',
      participants: [{ code: 'C1', cnpj: SUPPLIER, ibgeMun: '3550308' }],
      products: [{ code: 'AÇÚCAR-1', description: 'AÇÚCAR CRISTAL 1KG', gtin: '7891234567895', ncm: '17019900' }],
      documents: [
        {
          sale: true,
          participant: 'C1',
          number: 900,
          items: [{ code: 'AÇÚCAR-1', cst: '000', cfop: '6102', vItem: '100.00', pICMS: '12.00', vICMS: '12.00' }],
        },
        {
          sale: false,
          participant: 'C1',
          number: 901,
          items: [{ code: 'AÇÚCAR-1', cst: '000', cfop: '2102', vItem: '40.00', pICMS: '12.00', vICMS: '4.80' }],
        },
      ],
    });
    const status = await importDocuments(
      ctx.app,
      company.id,
      [{ name: 'efd-marco.txt', content: Buffer.from(efd, 'latin1') }],
      s.headers.ownerA,
    );
    expect(status).toMatchObject({
      status: 'Done',
      documents: 2,
      items: 2,
      productsCreated: 1,
      errors: 0,
      findings: 0,
    });
    const product = await ctx.database.pool.query('SELECT description, ncm FROM products WHERE company_id = $1', [
      company.id,
    ]);
    expect(product.rows).toEqual([{ description: 'AÇÚCAR CRISTAL 1KG', ncm: '17019900' }]);
  });
});

describe('access and bad requests', () => {
  it('refuses other partners, Members without Import, uploads without company or files; lists the company’s imports', async () => {
    const xml = sale(1, [{ ...beer, code: 'Z', cfop: '5102', icms: { cst: '00', pICMS: '18.00', vICMS: '18.00' } }]);
    expect(
      (await uploadDocuments(ctx.app, s.companySP.id, [{ name: 'a.xml', content: xml }], s.headers.ownerB)).statusCode,
    ).toBe(404);
    expect(
      (await uploadDocuments(ctx.app, s.companySP.id, [{ name: 'a.xml', content: xml }], s.headers.without.Import))
        .statusCode,
    ).toBe(403);
    const noCompany = await uploadDocuments(ctx.app, null, [{ name: 'a.xml', content: xml }], s.headers.member);
    expect(noCompany.statusCode).toBe(400);
    expect(noCompany.json().detail).toBe('Informe a empresa antes dos arquivos.');
    const noFile = await uploadDocuments(ctx.app, s.companySP.id, [], s.headers.member);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().detail).toBe('Envie ao menos um arquivo XML, ZIP ou EFD.');
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/v1/public/products/documents?companyId=${s.companySP.id}`,
      headers: s.headers.member,
    });
    expect(list.statusCode).toBe(200);
    const first = list.json()[0];
    expect(first.status).toBe('Done');
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/v1/public/products/documents/${first.id}`,
      headers: s.headers.ownerB,
    });
    expect(foreign.statusCode).toBe(404);
    const foreignFindings = await ctx.app.inject({
      method: 'GET',
      url: `/v1/public/products/documents/${first.id}/findings`,
      headers: s.headers.ownerB,
    });
    expect(foreignFindings.statusCode).toBe(404);
  });
});
