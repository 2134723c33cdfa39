import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TDocumentFindingsPage, TDocumentImportDetail } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { seedProductActors } from '../products/products.fixtures.js';
import { buildNfeXml, buildZip, type FixtureItem } from './documents.fixtures.js';
import { findingsPage, importDocuments } from './documents.test-helpers.js';

let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedProductActors>>;
let imported: TDocumentImportDetail;
let findings: TDocumentFindingsPage;

const coffee = (code: string, over: Partial<FixtureItem>): FixtureItem => ({
  code,
  description: `CAFE TORRADO ${code}`,
  ncm: '09012100',
  // Sale to a non-contributor in another state: CFOP 6108 (tabela de CFOP, Ajuste SINIEF 5/2015).
  cfop: '6108',
  vProd: '1000.00',
  icms: { cst: '00', pICMS: '7.00', vICMS: '70.00' },
  ...over,
});

beforeAll(async () => {
  ctx = await createTestApp({ dataDir: await mkdtemp(join(tmpdir(), 'documents-values-')) });
  s = await seedProductActors(ctx.db);
  // A sale from SP to a consumer in AC (not an ICMS taxpayer): DIFAL is due to AC.
  const toConsumer = buildNfeXml({
    issuerCnpj: s.companySP.document,
    issuerUf: 'SP',
    recipientCnpj: '',
    consumerCpf: '52998224725',
    recipientUf: 'AC',
    number: 301,
    items: [
      // AC's internal rate is 19 %, the document used 18 %.
      coffee('CAFE-DIFAL-ERRADO', {
        difal: {
          pFCPUFDest: '0.00',
          pICMSUFDest: '18.00',
          pICMSInter: '7.00',
          vFCPUFDest: '0.00',
          vICMSUFDest: '110.00',
        },
      }),
      coffee('CAFE-DIFAL-CERTO', {
        difal: {
          pFCPUFDest: '0.00',
          pICMSUFDest: '19.00',
          pICMSInter: '7.00',
          vFCPUFDest: '0.00',
          vICMSUFDest: '120.00',
        },
      }),
    ],
  });
  // A sale inside SP with the reform's group of 2026 (CBS 0.9 %, IBS 0.1 %).
  const inside = (over: Partial<FixtureItem>) => coffee('', { cfop: '5102', ...over });
  const reform = buildNfeXml({
    issuerCnpj: s.companySP.document,
    issuerUf: 'SP',
    recipientCnpj: '44555666000181',
    recipientUf: 'SP',
    number: 302,
    items: [
      inside({
        code: 'CAFE-IBS-ERRADO',
        icms: { cst: '00', pICMS: '18.00', vICMS: '180.00' },
        // Computed on the whole 1,000.00, without taking the ICMS out of the base.
        ibscbs: {
          cst: '000',
          cClassTrib: '000001',
          values: {
            vBC: '1000.00',
            pIBSUF: '0.10',
            vIBSUF: '1.00',
            pIBSMun: '0.00',
            vIBSMun: '0.00',
            pCBS: '0.90',
            vCBS: '9.00',
          },
        },
      }),
      inside({
        code: 'CAFE-IBS-CERTO',
        icms: { cst: '00', pICMS: '18.00', vICMS: '180.00' },
        ibscbs: {
          cst: '000',
          cClassTrib: '000001',
          values: {
            vBC: '820.00',
            pIBSUF: '0.10',
            vIBSUF: '0.82',
            pIBSMun: '0.00',
            vIBSMun: '0.00',
            pCBS: '0.90',
            vCBS: '7.38',
          },
        },
      }),
    ],
  });
  // The same sale in 2027: PIS and COFINS no longer exist, whatever the document says.
  const in2027 = buildNfeXml({
    issuerCnpj: s.companySP.document,
    issuerUf: 'SP',
    recipientCnpj: '44555666000181',
    recipientUf: 'SP',
    number: 303,
    date: '2027-02-10',
    items: [
      inside({
        code: 'CAFE-2027-PIS',
        icms: { cst: '00', pICMS: '18.00', vICMS: '180.00' },
        pis: { cst: '01', pPIS: '1.65', vPIS: '13.53' },
      }),
    ],
  });
  const zip = buildZip([
    { name: 'difal.xml', data: toConsumer },
    { name: 'reforma.xml', data: reform },
    { name: '2027.xml', data: in2027 },
  ]);
  imported = await importDocuments(ctx.app, s.companySP.id, [{ name: 'valores.zip', content: zip }], s.headers.member);
  findings = await findingsPage(ctx.app, imported.id, s.headers.member);
});

describe('document audit: DIFAL and IBS/CBS values', () => {
  it('recomputes ICMSUFDest with the destination’s table rate and reports the difference in R$', () => {
    expect(imported).toMatchObject({ status: 'Done', documents: 3, items: 5, errors: 0 });
    // LC 87/1996, art. 13, X and §3º (LC 190/2022), single base in AC: DIFAL = base × (internal − interstate)
    // = 1,000.00 × (19 % − 7 %) = 120.00; 7 % from SP to the North (Resolução do Senado 22/1989); AC 19 % (Lei
    // Complementar estadual 55/1997, as in the rate table); no FCP in AC.
    // (The document has no IBS/CBS group: the schedule's informative finding is not this test's subject.)
    const difal = findings.items.filter((f) => f.internalCode.startsWith('CAFE-DIFAL') && f.severity !== 'informativo');
    expect(difal.map((f) => [f.internalCode, f.kind, f.field, f.expected, f.found, f.difference])).toEqual([
      ['CAFE-DIFAL-ERRADO', 'valor-divergente', 'vICMSUFDest', '120.00', '110.00', '-10.00'],
    ]);
  });

  it('recomputes CBS and IBS of the reform’s group on the base without ICMS', () => {
    // LC 214/2025, art. 12, §2º, and NT 2025.002 (UB16-10): the base excludes the ICMS, 1,000.00 − 180.00 = 820.00;
    // 2026 rates (LC 214/2025, arts. 343 and 346): CBS 0.9 % → 7.38, IBS 0.1 % (all of it the state's) → 0.82.
    const reform = findings.items.filter((f) => f.internalCode.startsWith('CAFE-IBS'));
    expect(reform.map((f) => [f.internalCode, f.kind, f.field, f.expected, f.found, f.difference])).toEqual([
      // One cause, one finding (issue 37): the base kept the ICMS; CBS 9.00 − 7.38 and IBS 1.00 − 0.82 are its R$.
      ['CAFE-IBS-ERRADO', 'valor-divergente', 'IBSCBS.vBC', '820.00', '1000.00', '1.80'],
    ]);
    const summary = Object.fromEntries(findings.summary.map((k) => [k.kind, [k.count, k.difference]]));
    expect(summary['valor-divergente']).toEqual([3, '5.33']);
  });

  it('audits a document with the rules of its own date', () => {
    // EC 132/2023, ADCT art. 126, II: PIS and COFINS are extinct from 2027; a 2027 document charging PIS is
    // told so (the engine read with the import's date would have found 820.00 × 1.65 % = 13.53 right).
    const pis = findings.items.filter((f) => f.internalCode === 'CAFE-2027-PIS');
    expect(pis.map((f) => [f.kind, f.field, f.expected, f.found, f.difference])).toEqual([
      // From 2027 the CBS is collected and the group is required of every issuer (NT 2025.002; LC 214/2025, art. 343).
      ['cclasstrib-ausente', 'IBSCBS', 'grupo IBS/CBS (NT 2025.002)', null, null],
      ['valor-divergente', 'vPIS', '0.00', '13.53', '13.53'],
    ]);
  });
});
