import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TDocumentFindingsPage } from '@app/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createFiscalRule, createProduct } from '../../db/factories.js';
import { seedProductActors } from '../products/products.fixtures.js';
import { buildNfeXml, buildZip, type FixtureItem } from './documents.fixtures.js';
import { findingsPage, importDocuments } from './documents.test-helpers.js';

/**
 * The documents audit reads the interstate ST agreements as dated data (issue 37, decision 065). Between states ST
 * exists only under an agreement of the two UFs (Convênio ICMS 142/2018, cláusula segunda); beer is CEST 03.021.00
 * (segment 03, Conv. 142/2018 Anexo IV), under Protocolo ICMS 11/1991 between its signatories. The rows are written
 * here, independent of any seed: SP → RJ with the agreement, SP → PR researched without one, SP → MG not recorded.
 */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedProductActors>>;
let findings: TDocumentFindingsPage;
const BUYER = '44555666000181';
const PROT_11 = 'https://www.confaz.fazenda.gov.br/legislacao/protocolos/1991/pt011_91';

const beer = (code: string, cfop: string, icms: FixtureItem['icms']): FixtureItem => ({
  code,
  description: `CERVEJA PILSEN ${code}`,
  ncm: '22030000',
  cest: '0302100',
  cfop,
  vProd: '100.00',
  icms,
});
/** Sold without ST: the own ICMS at the interstate 12 % (Resolução do Senado 22/1989) and nothing retained. */
const noSt = { cst: '00', pICMS: '12.00', vICMS: '12.00' };
/**
 * Sold as substitute into RJ: MVA 40 % adjusted from 12 % to RJ's 20 % = [(1,40 × 0,88 / 0,80) − 1] = 54 %
 * (the agreements' formula, decision 048); vBCST = 100 × 1,54 = 154,00; vICMSST = 154 × 20 % − 12 = 18,80
 * (LC 87/1996, art. 8º, II).
 */
/** Imported beer (origin 1) travels at 4 % (Resolução do Senado 13/2012): 4,00 of own ICMS, nothing retained. */
const importedNoSt = { orig: '1', cst: '00', pICMS: '4.00', vICMS: '4.00' };
const withSt = { ...noSt, cst: '10', pMVAST: '54.00', vBCST: '154.00', pICMSST: '20.00', vICMSST: '18.80' };

const sale = (number: number, uf: string, items: FixtureItem[]) =>
  buildNfeXml({
    issuerCnpj: s.companySP.document,
    issuerUf: 'SP',
    recipientCnpj: BUYER,
    recipientUf: uf,
    number,
    items,
  });

const row = (destino: string, temAcordo: boolean, instrumento: string) => sql`
  INSERT INTO st_agreements (uf_origem, uf_destino, cest_segmento, tem_acordo, instrumento, mva_original,
    vigencia_inicio, fonte_url, fonte_nota)
  VALUES ('SP', ${destino}, '03', ${temAcordo}, ${instrumento}, NULL, '2019-01-01', ${PROT_11}, 'linha de teste')`;

beforeAll(async () => {
  ctx = await createTestApp({ dataDir: await mkdtemp(join(tmpdir(), 'documents-st-agreements-')) });
  s = await seedProductActors(ctx.db);
  // The company's beer: ST in SP (CST 60 as substituted, IVA 40 %); RJ's and PR's base rules: ST at 20 % and 19,5 %.
  const spRule = await createFiscalRule(ctx.db, {
    ncm: '22030000',
    cest: '0302100',
    uf: 'SP',
    version: { cstIcms: '60', iva: '40.0000', aliqIcms: '18.0000', aliqIcmsSt: '18.0000' },
  });
  for (const [uf, rate] of [
    ['RJ', '20.0000'],
    ['PR', '19.5000'],
    ['MG', '18.0000'],
  ] as const)
    await createFiscalRule(ctx.db, {
      ncm: '22030000',
      cest: '0302100',
      uf,
      version: { cstIcms: '60', iva: '40.0000', aliqIcms: rate, aliqIcmsSt: rate, fcp: '0.0000' },
    });
  for (const code of ['RJ-SEM-ST', 'RJ-IMP-SEM-ST', 'RJ-COM-ST', 'MG-SEM-ST', 'MG-COM-ST', 'PR-COM-ST', 'PR-SEM-ST'])
    await createProduct(ctx.db, {
      companyId: s.companySP.id,
      internalCode: code,
      description: `CERVEJA PILSEN ${code}`,
      fiscalRuleId: spRule.id,
    });
  // Independent of the bundled seed: this file's pairs hold only the rows written here.
  await ctx.db.execute(sql`DELETE FROM st_agreements WHERE uf_origem = 'SP' AND cest_segmento = '03'`);
  await ctx.db.execute(row('RJ', true, 'Protocolo ICMS 11/1991'));
  await ctx.db.execute(row('PR', false, 'Sem acordo SP-PR para cervejas (teste)'));

  const zip = buildZip([
    {
      name: 'rj.xml',
      data: sale(501, 'RJ', [
        beer('RJ-SEM-ST', '6102', noSt),
        beer('RJ-COM-ST', '6403', withSt),
        beer('RJ-IMP-SEM-ST', '6102', importedNoSt),
      ]),
    },
    { name: 'mg.xml', data: sale(502, 'MG', [beer('MG-SEM-ST', '6102', noSt), beer('MG-COM-ST', '6403', withSt)]) },
    { name: 'pr.xml', data: sale(503, 'PR', [beer('PR-COM-ST', '6403', withSt), beer('PR-SEM-ST', '6102', noSt)]) },
  ]);
  const { id } = await importDocuments(ctx.app, s.companySP.id, [{ name: 'st.zip', content: zip }], s.headers.member);
  findings = await findingsPage(ctx.app, id, s.headers.member);
});

/** The findings of one product other than the schedule's informative one (no IBS/CBS group in 2026). */
const of = (code: string) =>
  findings.items
    .filter((f) => f.internalCode === code && f.severity !== 'informativo')
    .map((f) => [f.kind, f.field, f.expected, f.found, f.difference, f.ruleCode]);

describe('documents audit: interstate ST by the agreements data', () => {
  it('an interstate ST sale under an agreement that charges no ST is st-nao-destacado, naming the instrument', () => {
    // The rule's ST at RJ's rates: 100 × 1,54 × 20 % − 12,00 = 18,80 not retained (a recolher).
    expect(of('RJ-SEM-ST')).toEqual([
      ['st-nao-destacado', 'vICMSST', '18.80', '0.00', '-18.80', `st-acordo: Protocolo ICMS 11/1991 (${PROT_11})`],
    ]);
  });

  it('imported goods: the MVA is adjusted to the 4 % interstate rate, not to the 12 %', () => {
    // MVA 40 % adjusted from 4 % to RJ's 20 %: (1,40 × 0,96 / 0,80) − 1 = 68 % (decision 048's formula);
    // vBCST = 100 × 1,68 = 168,00; vICMSST = 168,00 × 20 % − 4,00 = 29,60 (LC 87/1996, art. 8º, II).
    expect(of('RJ-IMP-SEM-ST')).toEqual([
      ['st-nao-destacado', 'vICMSST', '29.60', '0.00', '-29.60', `st-acordo: Protocolo ICMS 11/1991 (${PROT_11})`],
    ]);
  });

  it('a correct interstate ST sale under the agreement has no finding', () => {
    expect(of('RJ-COM-ST')).toEqual([]);
  });

  it('a pair without data gives no ST finding either way (sem dados do acordo)', () => {
    expect(of('MG-SEM-ST')).toEqual([]);
    expect(of('MG-COM-ST').filter(([kind]) => String(kind).startsWith('st-'))).toEqual([]);
  });

  it('a pair researched without agreement: ICMS-ST charged is st-indevido; none charged is right', () => {
    const indevido = of('PR-COM-ST').filter(([kind]) => kind === 'st-indevido');
    expect(indevido).toEqual([
      [
        'st-indevido',
        'vICMSST',
        '0.00',
        '18.80',
        '18.80',
        `st-sem-acordo: Sem acordo SP-PR para cervejas (teste) (${PROT_11})`,
      ],
    ]);
    expect(of('PR-SEM-ST')).toEqual([]);
  });
});
