import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TDocumentFinding } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createFiscalRule, createProduct } from '../../db/factories.js';
import { seedProductActors } from '../products/products.fixtures.js';
import { buildNfeXml, buildZip } from './documents.fixtures.js';
import { findingsOf, importDocuments } from './documents.test-helpers.js';
import { generateMonth, type Month, monthProducts, plantedKinds } from './documents-months.fixtures.js';

let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedProductActors>>;

/** The last import's id (a new audit of it is compared with its first). */
let lastImportId = '';

async function importMonth(companyId: string, files: { name: string; xml: string }[]) {
  const zip = buildZip(files.map((d) => ({ name: d.name, data: d.xml })));
  const { id } = await importDocuments(ctx.app, companyId, [{ name: 'mes.zip', content: zip }], s.headers.member);
  lastImportId = id;
  return findingsOf(ctx.app, id, s.headers.member);
}

const byItem = (findings: TDocumentFinding[]) => {
  const map = new Map<string, TDocumentFinding[]>();
  for (const f of findings) {
    const key = `${f.documentNumber}:${f.nItem}`;
    map.set(key, [...(map.get(key) ?? []), f]);
  }
  return map;
};

beforeAll(async () => {
  ctx = await createTestApp({ dataDir: await mkdtemp(join(tmpdir(), 'documents-precision-')) });
  s = await seedProductActors(ctx.db);
  for (const p of monthProducts) {
    const rule = await createFiscalRule(ctx.db, {
      ncm: p.ncm,
      cest: p.cest ?? null,
      uf: 'SP',
      description: p.description,
      version: p.rule,
    });
    await createProduct(ctx.db, {
      companyId: s.companySP.id,
      internalCode: p.code,
      description: p.description,
      ncm: p.ncm,
      cest: p.cest ?? null,
      fiscalRuleId: rule.id,
    });
  }
});

describe('precision on a realistic month (issue 37)', () => {
  let month: Month;
  let findings: TDocumentFinding[];

  beforeAll(async () => {
    // A distributor's month whose ERP keeps the ICMS in the PIS/COFINS base, with 8 % of its items planted with
    // one known error each (documents-months.fixtures.ts: every figure from the public tables' rates).
    month = generateMonth({
      issuerCnpj: s.companySP.document,
      kind: 'distributor',
      documents: 40,
      itemsPerDocument: 6,
      plantRate: 0.08,
      seed: 11,
      firstNumber: 9000,
      pisCofinsBase: 'com-icms',
    });
    findings = await importMonth(s.companySP.id, month.documents);
  });

  it('finds each planted error as exactly one finding of its kind, and flags no clean item', () => {
    expect(month.truth.size).toBeGreaterThan(10);
    const items = byItem(findings);
    const flagged = (key: string) => (items.get(key) ?? []).filter((f) => f.severity !== 'informativo');
    for (const [key, planted] of month.truth)
      expect(
        flagged(key).map((f) => f.kind),
        `${key} ${planted}`,
      ).toEqual([plantedKinds[planted]]);
    const cleanFlagged = [...items.keys()].filter((k) => !month.truth.has(k) && flagged(k).length > 0);
    expect(cleanFlagged.map((k) => items.get(k)!.map((f) => `${f.kind} ${f.field} ${f.expected}→${f.found}`))).toEqual(
      [],
    );
  });

  it('the PIS/COFINS base with the ICMS is the issuer’s choice: one informative finding for the whole import', () => {
    // STF RE 574.706 (Tema 69): excluding the ICMS is the taxpayer's right; the R$ it would save is told once.
    const opportunity = findings.filter((f) => f.kind === 'oportunidade-pis-cofins');
    expect(opportunity).toHaveLength(1);
    expect(opportunity[0]).toMatchObject({ severity: 'informativo', nItem: 0, field: 'PIS/COFINS.vBC' });
    expect(Number(opportunity[0]!.difference)).toBeGreaterThan(0);
    expect(opportunity[0]!.differenceText).toMatch(/^R\$ [\d.]+,\d{2} recolhido a maior$/);
    expect(findings.filter((f) => /PIS|COFINS/.test(f.field))).toHaveLength(
      [...month.truth.values()].filter((p) => p === 'pis-calculo').length + 1,
    );
  });
});

describe('one audit for the import and the reaudit (decision 066)', () => {
  it('a new audit of the planted month with nothing changed writes exactly the findings of its import', async () => {
    const month = generateMonth({
      issuerCnpj: s.companySP.document,
      kind: 'distributor',
      documents: 20,
      itemsPerDocument: 5,
      plantRate: 0.1,
      seed: 29,
      firstNumber: 9500,
      pisCofinsBase: 'com-icms',
    });
    const facts = (list: TDocumentFinding[]) =>
      list
        .map((f) =>
          [f.documentNumber, f.nItem, f.kind, f.field, f.expected, f.found, f.difference, f.severity, f.ruleCode].join(
            '|',
          ),
        )
        .sort();
    const first = facts(await importMonth(s.companySP.id, month.documents));
    // The month's planted errors, its Tema 69 opportunity and the rule book's rejections all come back the same.
    expect(first.length).toBeGreaterThan(5);
    expect(first.some((f) => f.includes('oportunidade-pis-cofins'))).toBe(true);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/v1/public/products/documents/${lastImportId}/reaudit`,
      headers: s.headers.member,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ resolved: [], appeared: [], findingsAfter: first.length });
    expect(facts(await findingsOf(ctx.app, lastImportId, s.headers.member))).toEqual(first);
  });
});

describe('rules compared by the tax due, and the law over the catalogue', () => {
  let findings: TDocumentFinding[];
  const rice = monthProducts[0]!;

  beforeAll(async () => {
    // A product whose rule still says 000001 where the NCM table puts rice in Anexo I (cClassTrib 200003).
    const stale = await createFiscalRule(ctx.db, {
      ncm: rice.ncm,
      cest: null,
      uf: 'SP',
      description: 'ARROZ REGRA ANTIGA',
      version: { ...rice.rule, cbsCst: '000', cbsCClassTrib: '000001' },
    });
    await createProduct(ctx.db, {
      companyId: s.companySP.id,
      internalCode: 'ARROZ-REGRA-ANTIGA',
      description: 'ARROZ 1KG',
      ncm: rice.ncm,
      fiscalRuleId: stale.id,
    });
    const xml = buildNfeXml({
      issuerCnpj: s.companySP.document,
      issuerUf: 'SP',
      recipientCnpj: '44555666000181',
      recipientUf: 'SP',
      number: 9900,
      items: [
        // CST 00 at 7 % where the rule says CST 20, 18 % with 61,11 % reduction (RICMS/SP, Anexo II, art. 3º):
        // 1,000.00 × 7 % = 70.00 and 388.90 × 18 % = 70.00 — the same tax: one cst-divergente of 0,00.
        {
          code: rice.code,
          description: rice.description,
          ncm: rice.ncm,
          cfop: '5102',
          vProd: '1000.00',
          icms: { cst: '00', vBC: '1000.00', pICMS: '7.00', vICMS: '70.00' },
          pis: { cst: '06', pPIS: '0.00', vPIS: '0.00', vBC: '0.00' },
          cofins: { cst: '06', pCOFINS: '0.00', vCOFINS: '0.00', vBC: '0.00' },
          ibscbs: {
            cst: '200',
            cClassTrib: '200003',
            values: {
              vBC: '930.00',
              pIBSUF: '0.10',
              vIBSUF: '0.00',
              pIBSMun: '0.00',
              vIBSMun: '0.00',
              pCBS: '0.90',
              vCBS: '0.00',
              // 200003 reduces the rates by 100 % (LC 214/2025, art. 125): told by gRed (NT 2025.002, UB28-10).
              pRedAliq: '100.00',
            },
          },
        },
        // The document follows the law (200003 for an NCM of Anexo I): the rule is what needs updating.
        {
          code: 'ARROZ-REGRA-ANTIGA',
          description: 'ARROZ 1KG',
          ncm: rice.ncm,
          cfop: '5102',
          cBenef: 'SP020030',
          vProd: '100.00',
          icms: { cst: '20', pRedBC: '61.11', vBC: '38.89', pICMS: '18.00', vICMS: '7.00' },
          pis: { cst: '06', pPIS: '0.00', vPIS: '0.00', vBC: '0.00' },
          cofins: { cst: '06', pCOFINS: '0.00', vCOFINS: '0.00', vBC: '0.00' },
          ibscbs: {
            cst: '200',
            cClassTrib: '200003',
            values: {
              vBC: '93.00',
              pIBSUF: '0.10',
              vIBSUF: '0.00',
              pIBSMun: '0.00',
              vIBSMun: '0.00',
              pCBS: '0.90',
              vCBS: '0.00',
              // 200003 reduces the rates by 100 % (LC 214/2025, art. 125): told by gRed (NT 2025.002, UB28-10).
              pRedAliq: '100.00',
            },
          },
        },
      ],
    });
    const ibs = (vBC: string, vCBS: string, vIBSUF: string) => ({
      vBC,
      pIBSUF: '0.10',
      vIBSUF,
      pIBSMun: '0.00',
      vIBSMun: '0.00',
      pCBS: '0.90',
      vCBS,
      pRedAliq: vCBS === '0.00' ? '100.00' : undefined,
    });
    const interstate = (uf: string, number: number, item: Parameters<typeof buildNfeXml>[0]['items'][number]) =>
      buildNfeXml({
        issuerCnpj: s.companySP.document,
        issuerUf: 'SP',
        recipientCnpj: '44555666000181',
        recipientUf: uf,
        number,
        items: [item],
      });
    const microwave = monthProducts.find((p) => p.kind === 'imported')!;
    const toMg = interstate('MG', 9901, {
      // SP's cesta básica reduction (RICMS/SP, Anexo II, art. 3º) is internal: to MG the base is whole at 12 %.
      code: rice.code,
      description: rice.description,
      ncm: rice.ncm,
      cfop: '6102',
      cBenef: 'SP020030',
      vProd: '1000.00',
      icms: { cst: '20', pRedBC: '61.11', vBC: '388.90', pICMS: '12.00', vICMS: '46.67' },
      ibscbs: { cst: '200', cClassTrib: '200003', values: ibs('953.33', '0.00', '0.00') },
    });
    const toBa = interstate('BA', 9902, {
      // Imported goods (origin 1) pay 4 % between states (Resolução do Senado 13/2012), not 7 %.
      code: microwave.code,
      description: microwave.description,
      ncm: microwave.ncm,
      cfop: '6102',
      vProd: '1000.00',
      icms: { cst: '00', orig: '1', vBC: '1000.00', pICMS: '7.00', vICMS: '70.00' },
      ibscbs: { cst: '000', cClassTrib: '000001', values: ibs('930.00', '8.37', '0.93') },
    });
    findings = await importMonth(s.companySP.id, [
      { name: '9900.xml', xml },
      { name: '9901.xml', xml: toMg },
      { name: '9902.xml', xml: toBa },
    ]);
  });

  it('interstate: the internal reduction does not travel, imported goods pay 4 % — each one finding with its R$', () => {
    const of = (n: string) =>
      findings
        .filter((f) => f.documentNumber === n && f.severity !== 'informativo')
        .map((f) => [f.kind, f.field, f.expected, f.found, f.difference, f.ruleCode]);
    // 1,000.00 × 12 % = 120.00 due; 46.67 charged.
    expect(of('9901')).toEqual([
      ['aliquota-divergente', 'pRedBC', '0.00', '61.11', '-73.33', 'icms-reducao-interestadual'],
    ]);
    // 1,000.00 × 4 % = 40.00 due; 70.00 charged: R$ 30,00 recolhido a maior.
    expect(of('9902')).toEqual([
      ['aliquota-divergente', 'pICMS', '4.00', '7.00', '30.00', 'icms-interestadual-importado'],
    ]);
  });

  it('CST 00 with the same tax as the rule’s CST 20 is one cst-divergente with difference 0,00', () => {
    expect(
      findings
        .filter((f) => f.internalCode === rice.code && f.documentNumber === '9900')
        .map((f) => [f.kind, f.field, f.expected, f.found, f.difference, f.differenceText]),
    ).toEqual([['cst-divergente', 'CST', '20', '00', '0.00', 'R$ 0,00 (sem diferença de imposto)']]);
  });

  it('a cClassTrib the NCM table allows is a rule to update, not cclasstrib-incompativel (LC 214/2025, Anexo I)', () => {
    expect(
      findings
        .filter((f) => f.internalCode === 'ARROZ-REGRA-ANTIGA')
        .map((f) => [f.kind, f.severity, f.expected, f.found]),
    ).toEqual([['regra-desatualizada', 'informativo', '200003', '000001']]);
  });
});
