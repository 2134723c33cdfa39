import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TDocumentFinding } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { seedProductActors } from '../products/products.fixtures.js';
import { buildNfeXml, type FixtureItem } from './documents.fixtures.js';
import { findingsOf, importDocuments } from './documents.test-helpers.js';

let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedProductActors>>;
/** A buyer's CNPJ with valid check digits (44.555.666/0001-81). */
const BUYER = '44555666000181';
const base = '/v1/public/products/documents';

beforeAll(async () => {
  ctx = await createTestApp({ dataDir: await mkdtemp(join(tmpdir(), 'documents-rule-book-')) });
  s = await seedProductActors(ctx.db);
});

async function importXmls(files: { name: string; xml: string }[]) {
  const { id } = await importDocuments(
    ctx.app,
    s.companySP.id,
    files.map((f) => ({ name: f.name, content: f.xml })),
    s.headers.member,
  );
  return { id, findings: await findingsOf(ctx.app, id, s.headers.member) };
}

// 100,00 at 18 % (RICMS/SP, art. 52, I): vICMS 18,00.
const item = (code: string, vICMS = '18.00'): FixtureItem => ({
  code,
  description: `PRODUTO ${code}`,
  ncm: '22030000',
  cfop: '5102',
  vProd: '100.00',
  icms: { cst: '00', pICMS: '18.00', vICMS },
});
const sale = (number: number, items: FixtureItem[], extra: { recipientCnpj?: string; vNF?: string } = {}) =>
  buildNfeXml({
    issuerCnpj: s.companySP.document,
    issuerUf: 'SP',
    recipientCnpj: extra.recipientCnpj ?? BUYER,
    recipientUf: 'SP',
    number,
    items,
    vNF: extra.vNF,
  });

describe('the documents audit runs the NF-e rule book (issues 36/37, decision 060)', () => {
  let imported: { id: string; findings: TDocumentFinding[] };
  const of = (number: string) => imported.findings.filter((f) => f.documentNumber === number);

  beforeAll(async () => {
    imported = await importXmls([
      { name: 'limpa.xml', xml: sale(301, [item('RB1')]) },
      // vNF 150,00 where the items sum 100,00: MOC 7.0, rule W16-10, rejection 610.
      { name: 'total.xml', xml: sale(302, [item('RB2')], { vNF: '150.00' }) },
      // The buyer's CNPJ with a wrong check digit (…0172 for …0181): MOC 7.0, rule E02-10, rejection 208.
      { name: 'cnpj.xml', xml: sale(303, [item('RB3')], { recipientCnpj: '44555666000172' }) },
      // vICMS 19,37 on 100,00 × 18 %: MOC 7.0, rule N17-20, rejection 528 — the audit's own arithmetic finds it too.
      { name: 'icms.xml', xml: sale(304, [item('RB4', '19.37')]) },
    ]);
  });

  it('writes no rejection on a clean NF-e', () => {
    expect(of('301').filter((f) => f.severity === 'rejeicao' || f.kind === 'rejeicao')).toEqual([]);
  });

  it('writes a wrong vNF as a rejeicao finding with its code, rule, field and values', () => {
    expect(of('302').filter((f) => f.kind === 'rejeicao')).toEqual([
      expect.objectContaining({
        kind: 'rejeicao',
        severity: 'rejeicao',
        ruleCode: '610 · W16-10',
        field: 'total/ICMSTot/vNF',
        nItem: 0,
        expected: '100.00',
        found: '150.00',
      }),
      // The payment (100.00) is short of the vNF written (150.00): MOC 7.0 YA03-10, facultative per UF.
      expect.objectContaining({
        kind: 'rejeicao',
        ruleCode: '865 · YA03-10',
        field: 'pag/detPag/vPag',
        expected: 'vNF 150.00',
        found: 'Σ vPag 100.00',
      }),
    ]);
  });

  it('writes a CNPJ with a wrong check digit as rejection 208', () => {
    expect(of('303').filter((f) => f.kind === 'rejeicao')).toEqual([
      expect.objectContaining({ ruleCode: '208 · E02-10', field: 'dest/CNPJ', found: '44555666000172' }),
    ]);
  });

  it('one cause, one finding: the audit’s own vICMS finding carries the rejection instead of a second row', () => {
    const rows = of('304').filter((f) => f.nItem === 1);
    expect(rows.filter((f) => f.kind === 'rejeicao')).toEqual([]);
    const vicms = rows.filter((f) => f.field === 'vICMS');
    expect(vicms).toHaveLength(1);
    expect(vicms[0]).toMatchObject({ kind: 'valor-divergente', severity: 'rejeicao', ruleCode: '528 · N17-20' });
  });

  it('keeps the rejections when the import is audited again (the XML is no longer read)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${base}/${imported.id}/reaudit`,
      headers: s.headers.member,
    });
    expect(res.statusCode, res.body).toBe(200);
    const again = await findingsOf(ctx.app, imported.id, s.headers.member);
    expect(again.filter((f) => f.kind === 'rejeicao').map((f) => f.ruleCode)).toEqual(
      expect.arrayContaining(['610 · W16-10', '208 · E02-10']),
    );
  });
});
