import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  TDocumentFindingGroup,
  TDocumentFindingGroupsPage,
  TDocumentImportDetail,
  TDocumentReauditResult,
  TDocumentWorklistPage,
} from '@app/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createFiscalRule, createProduct } from '../../db/factories.js';
import { seedProductActors } from '../products/products.fixtures.js';
import { buildNfeXml, buildZip, type FixtureItem } from './documents.fixtures.js';
import { importDocuments } from './documents.test-helpers.js';

let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedProductActors>>;
let importId: string;
let productId: string;
const CUSTOMER = '44555666000181';
const base = '/v1/public/products/documents';

const beer: FixtureItem = {
  code: 'CERV-1',
  description: 'CERVEJA PILSEN LATA 350ML',
  ncm: '22030000',
  cest: '0302100',
  cfop: '5102',
  vProd: '100.00',
  // 12 % where the rule says 18 % (RICMS/SP art. 52, I): aliquota-divergente, R$ 6,00 a recolher per item.
  icms: { cst: '00', pICMS: '12.00', vICMS: '12.00' },
};
// A GTIN whose check digit is wrong: SEFAZ rejects it (rule 611 of the MOC 4.00 annex).
const brokenGtin: FixtureItem = { ...beer, code: 'AGUA-9', description: 'AGUA MINERAL', gtin: '7891234567896' };

async function get<T>(url: string) {
  const res = await ctx.app.inject({ method: 'GET', url, headers: s.headers.member });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}
const groupsOf = (query = '') =>
  get<TDocumentFindingGroupsPage>(`${base}/${importId}/findings?groupBy=causa&pageSize=100${query}`);
const itemsOf = (query = '') => get<TDocumentWorklistPage>(`${base}/${importId}/findings?pageSize=200${query}`);
const groupOf = (page: TDocumentFindingGroupsPage, kind: string, code: string) =>
  page.groups.find((g) => g.kind === kind && g.internalCode === code);

beforeAll(async () => {
  ctx = await createTestApp({ dataDir: await mkdtemp(join(tmpdir(), 'documents-worklist-')) });
  s = await seedProductActors(ctx.db);
  const rule = await createFiscalRule(ctx.db, { ncm: '22030000', cest: '0302100', uf: 'SP', description: 'Cerveja' });
  productId = (
    await createProduct(ctx.db, {
      companyId: s.companySP.id,
      internalCode: 'CERV-1',
      description: 'CERVEJA A',
      fiscalRuleId: rule.id,
    })
  ).id;
  const nfe = (number: number, date: string, items: FixtureItem[], recipientUf = 'SP') =>
    buildNfeXml({
      issuerCnpj: s.companySP.document,
      issuerUf: 'SP',
      recipientCnpj: CUSTOMER,
      recipientUf,
      number,
      date,
      items,
    });
  const zip = buildZip([
    { name: '1.xml', data: nfe(1, '2026-03-05', [beer]) },
    { name: '2.xml', data: nfe(2, '2026-03-12', [beer, beer]) },
    { name: '3.xml', data: nfe(3, '2026-03-20', [beer]) },
    { name: '4.xml', data: nfe(4, '2026-03-25', [{ ...brokenGtin, cfop: '6102' }], 'RJ') },
  ]);
  const detail = await importDocuments(
    ctx.app,
    s.companySP.id,
    [{ name: 'marco.zip', content: zip }],
    s.headers.member,
  );
  importId = detail.id;
  expect(detail).toMatchObject({ status: 'Done', documents: 4, items: 5 });
});

describe('GET …/findings?groupBy=causa: the worklist', () => {
  it('makes one row per kind, field, product and rule with items, documents, R$, dates and examples', async () => {
    const page = await groupsOf();
    const items = await itemsOf();
    // Every finding is in exactly one group.
    expect(page.findings).toBe(items.total);
    expect(page.groups.reduce((n, g) => n + g.items, 0)).toBe(items.total);
    const rate = groupOf(page, 'aliquota-divergente', 'CERV-1')!;
    const rateItems = items.items.filter((f) => f.kind === 'aliquota-divergente' && f.internalCode === 'CERV-1');
    expect(rate).toMatchObject({
      field: 'pICMS',
      productId,
      description: beer.description,
      ncm: '22030000',
      items: rateItems.length,
      documents: 3,
      firstDate: '2026-03-05',
      lastDate: '2026-03-20',
      status: { status: 'Aberto', userName: null },
    });
    expect(rate.items).toBe(4);
    const sum = rateItems.reduce((n, f) => n + Number(f.difference), 0);
    expect(Number(rate.difference)).toBeCloseTo(sum, 2);
    expect(rate.examples.length).toBe(3);
    expect(rate.examples.map((e) => e.number)).toEqual(['1', '2', '3']);
    expect(rate.examples.every((e) => /^\d{44}$/.test(e.chave ?? ''))).toBe(true);
    // The group's items: the item list under its key.
    const opened = await itemsOf(`&group=${rate.key}`);
    expect(opened.total).toBe(rate.items);
    expect(opened.items.every((f) => f.kind === 'aliquota-divergente' && f.cfop === '5102')).toBe(true);
    // Rejections first (a broken GTIN, rule 611), then risks.
    const ranks = page.groups.map((g) => ['rejeicao', 'risco', 'informativo'].indexOf(g.severity));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(groupOf(page, 'gtin-invalido', 'AGUA-9')?.severity).toBe('rejeicao');
  });

  it('filters by kind, severity, product, document, CFOP, UF and period; bad filters name the field', async () => {
    const all = await itemsOf();
    const check = async (query: string, keep: (f: TDocumentWorklistPage['items'][number]) => boolean) => {
      const page = await itemsOf(query);
      const want = all.items.filter(keep);
      expect(want.length, query).toBeGreaterThan(0);
      expect(want.length, query).toBeLessThan(all.total);
      expect(page.items.map((f) => f.id).sort(), query).toEqual(want.map((f) => f.id).sort());
      const grouped = await groupsOf(query);
      expect(grouped.findings, query).toBe(want.length);
    };
    await check('&kind=aliquota-divergente', (f) => f.kind === 'aliquota-divergente');
    await check('&severity=rejeicao', (f) => f.severity === 'rejeicao');
    await check('&product=mineral', (f) => f.description === 'AGUA MINERAL');
    await check('&product=cerv-1', (f) => f.internalCode === 'CERV-1');
    await check('&document=2', (f) => f.documentNumber === '2');
    await check('&cfop=6102', (f) => f.cfop === '6102');
    await check('&uf=RJ', (f) => f.documentNumber === '4');
    await check('&from=2026-03-10&to=2026-03-20', (f) => f.issuedOn! >= '2026-03-10' && f.issuedOn! <= '2026-03-20');
    const chave = all.items.find((f) => f.documentNumber === '3')!.chave!;
    await check(`&document=${chave.slice(20, 34)}`, (f) => f.chave === chave);

    for (const [query, field] of [
      ['cfop=51', 'cfop'],
      ['uf=XX', 'uf'],
      ['from=2026-02-30', 'from'],
      ['severity=grave', 'severity'],
      ['groupBy=produto', 'groupBy'],
    ]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `${base}/${importId}/findings?${query}`,
        headers: s.headers.member,
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.body, query).toContain(field);
    }
  });
});

describe('GET …/findings/export', () => {
  it('honours the filters and writes numbers and dates as numeric cells with pt-BR formats', async () => {
    const wanted = await itemsOf('&cfop=6102');
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${base}/${importId}/findings/export?cfop=6102`,
      headers: s.headers.member,
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Auditoria')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    for (const name of ['Descrição', 'NCM', 'Data', 'CFOP', 'Gravidade', 'Diferença (R$)'])
      expect(header).toContain(name);
    expect(sheet.rowCount - 1).toBe(wanted.total);
    const col = (name: string) => header.indexOf(name) + 1;
    const row = sheet.getRow(2);
    expect(row.getCell(col('CFOP')).value).toBe('6102');
    expect(row.getCell(col('Descrição')).value).toBe('AGUA MINERAL');
    expect(row.getCell(col('NCM')).value).toBe('22030000');
    const date = row.getCell(col('Data'));
    expect(date.value).toBeInstanceOf(Date);
    expect((date.value as Date).toISOString().slice(0, 10)).toBe('2026-03-25');
    expect(date.numFmt).toBe('dd/mm/yyyy');
    expect(typeof row.getCell(col('Item')).value).toBe('number');

    // Amounts: the rate findings' differences are numbers shown as 1.234,56.
    const all = await ctx.app.inject({
      method: 'GET',
      url: `${base}/${importId}/findings/export?kind=aliquota-divergente`,
      headers: s.headers.member,
    });
    const book2 = new ExcelJS.Workbook();
    await book2.xlsx.load(all.rawPayload as unknown as ArrayBuffer);
    const rows = book2.getWorksheet('Auditoria')!;
    expect(rows.rowCount).toBe(1 + (await itemsOf('&kind=aliquota-divergente')).total);
    expect(rows.rowCount).toBeGreaterThan(1);
    for (let r = 2; r <= rows.rowCount; r++) {
      const diff = rows.getRow(r).getCell(col('Diferença (R$)'));
      expect(typeof diff.value).toBe('number');
      expect(diff.numFmt).toBe('#,##0.00');
    }
  });
});

describe('group statuses and a new audit', () => {
  const put = (key: string, body: Record<string, unknown>, headers: Record<string, string> = s.headers.member) =>
    ctx.app.inject({ method: 'PUT', url: `${base}/${importId}/finding-groups/${key}`, headers, payload: body });

  it('keeps each group’s status across a new audit and says which groups a fix resolved', async () => {
    const before = await groupsOf();
    const rate = groupOf(before, 'aliquota-divergente', 'CERV-1')!;
    const gtin = groupOf(before, 'gtin-invalido', 'AGUA-9')!;

    // Ignorado needs a reason; nothing is saved without one.
    const refused = await put(gtin.key, { status: 'Ignorado', reason: '  ' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Motivo: informe por que o grupo é ignorado.');
    expect(groupOf(await groupsOf(), 'gtin-invalido', 'AGUA-9')!.status.status).toBe('Aberto');
    expect((await put('0'.repeat(32), { status: 'EmAnalise' })).statusCode).toBe(404);
    expect((await put(gtin.key, { status: 'Resolvido' })).statusCode).toBe(400);

    const ignored = await put(gtin.key, { status: 'Ignorado', reason: 'GTIN do fornecedor, já reportado' });
    expect(ignored.statusCode, ignored.body).toBe(200);
    expect((await put(rate.key, { status: 'EmAnalise' })).statusCode).toBe(200);
    const marked = await groupsOf();
    expect(groupOf(marked, 'gtin-invalido', 'AGUA-9')!.status).toMatchObject({
      status: 'Ignorado',
      reason: 'GTIN do fornecedor, já reportado',
      userName: expect.any(String),
    });
    expect(groupOf(marked, 'gtin-invalido', 'AGUA-9')!.status.updatedAt).not.toBeNull();

    // The product's rule is fixed (12 %, as the documents charged): the rate group goes, the GTIN one stays.
    const fixed = await createFiscalRule(ctx.db, {
      ncm: '22030000',
      cest: '0302100',
      uf: 'SP',
      description: 'Cerveja 12',
      version: { aliqIcms: '12.0000' },
    });
    await ctx.db.execute(sql`UPDATE products SET fiscal_rule_id = ${fixed.id} WHERE id = ${productId}`);
    const res = await ctx.app.inject({ method: 'POST', url: `${base}/${importId}/reaudit`, headers: s.headers.member });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<TDocumentReauditResult>();
    expect(result.resolved.map((g) => g.key)).toContain(rate.key);
    expect(result.resolved.map((g) => g.key)).not.toContain(gtin.key);
    expect(result.findingsBefore).toBe(before.findings);
    expect(result.groupsAfter).toBe(result.groupsBefore - result.resolved.length + result.appeared.length);

    const after = await groupsOf();
    expect(after.findings).toBe(result.findingsAfter);
    expect(after.total).toBe(result.groupsAfter);
    expect(groupOf(after, 'aliquota-divergente', 'CERV-1')).toBeUndefined();
    const kept = groupOf(after, 'gtin-invalido', 'AGUA-9') as TDocumentFindingGroup;
    expect(kept.key).toBe(gtin.key);
    expect(kept.status.status).toBe('Ignorado');
    const detail = await get<TDocumentImportDetail>(`${base}/${importId}`);
    expect(detail.findings).toBe(result.findingsAfter);

    // Who and when: one audit event per status change and one for the new audit.
    const events = await ctx.db.execute<{ code: number } & Record<string, unknown>>(
      sql`SELECT code FROM audit_events WHERE entity_id = ${importId} AND code IN (3875, 3876) ORDER BY code`,
    );
    expect(events.rows.map((e) => e.code)).toEqual([3875, 3875, 3876]);
  });

  it('refuses statuses and new audits to other partners and to Members without the permission', async () => {
    const page = await groupsOf();
    const res = await put(page.groups[0]!.key, { status: 'Corrigido' }, s.headers.ownerB);
    expect(res.statusCode).toBe(404);
    expect((await put(page.groups[0]!.key, { status: 'Corrigido' }, s.headers.without.Create)).statusCode).toBe(403);
    const withoutImport = await ctx.app.inject({
      method: 'POST',
      url: `${base}/${importId}/reaudit`,
      headers: s.headers.without.Import,
    });
    expect(withoutImport.statusCode).toBe(403);
    // An import made before its items were kept cannot be audited again: it says so and changes nothing.
    const findings = (await groupsOf()).findings;
    const [doc] = (
      await ctx.db.execute<{ id: string; head: unknown } & Record<string, unknown>>(
        sql`SELECT id, head FROM company_documents WHERE import_id = ${importId} ORDER BY id LIMIT 1`,
      )
    ).rows;
    await ctx.db.execute(sql`UPDATE company_documents SET head = NULL WHERE id = ${doc!.id}`);
    const old = await ctx.app.inject({ method: 'POST', url: `${base}/${importId}/reaudit`, headers: s.headers.member });
    await ctx.db.execute(
      sql`UPDATE company_documents SET head = ${JSON.stringify(doc!.head)}::jsonb WHERE id = ${doc!.id}`,
    );
    expect(old.statusCode).toBe(409);
    expect(old.json<{ detail: string }>().detail).toContain('envie os arquivos de novo');
    expect((await groupsOf()).findings).toBe(findings);
    const again = await ctx.app.inject({
      method: 'POST',
      url: `${base}/${importId}/reaudit`,
      headers: s.headers.ownerB,
    });
    expect(again.statusCode).toBe(404);
  });
});
