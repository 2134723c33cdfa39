import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TDocumentFinding } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { seedProductActors } from '../products/products.fixtures.js';
import { buildNfeXml, type FixtureItem } from './documents.fixtures.js';
import { findingsOf, importDocuments } from './documents.test-helpers.js';

// Who the recipient is when the XML does not say (decision 074, "One reading of contribuinte do ICMS"). An NF-e of
// layout 2.00 (before NT 2013.005's 3.10: no dest/indIEDest, no ide/indFinal, dEmi instead of dhEmi — the reader
// accepts it) is read as a sale to a contributor, as before the shared reading: read as to a non-contributor
// without indFinal 1 the engine refuses it (rejection 696, "operação com não contribuinte deve indicar operação com
// consumidor final") and the CFOP check would ask 6.108 for a 6.102. An NFC-e (model 65) without dest is a sale to
// an unidentified consumer: read as the same NFC-e to a CPF with indIEDest 9.
let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedProductActors>>;

beforeAll(async () => {
  ctx = await createTestApp({ dataDir: await mkdtemp(join(tmpdir(), 'documents-recipient-')) });
  s = await seedProductActors(ctx.db);
});

const rows = (all: TDocumentFinding[], numero: number) =>
  all
    .filter((f) => f.documentNumber === String(numero))
    .map((f) => [f.nItem, f.kind, f.field, f.expected, f.found, f.difference, f.ruleCode]);

/** The same NF-e as layout 2.00 wrote it: versao 2.00, dEmi, and neither indFinal nor indIEDest. */
const asLayout200 = (xml: string) =>
  xml
    .replaceAll('versao="4.00"', 'versao="2.00"')
    .replace(/<dhEmi>(\d{4}-\d{2}-\d{2})T[^<]*<\/dhEmi>/, '<dEmi>$1</dEmi>')
    .replace(/<indFinal>\d<\/indFinal>/, '')
    .replace(/<indIEDest>\d<\/indIEDest>/, '');

describe('an NF-e without indIEDest', () => {
  let findings: TDocumentFinding[];

  beforeAll(async () => {
    // SP → RJ, 1,000.00 at the interstate 12 % (Resolução do Senado 22/1989): vICMS 120.00. Item 2 charges
    // 150.00 on the same base: the audit must find it, so the document is audited, not left out.
    const items: FixtureItem[] = [
      {
        code: 'L200A',
        description: 'PRODUTO L200A',
        ncm: '84713012',
        cfop: '6102',
        vProd: '1000.00',
        icms: { cst: '00', pICMS: '12.00', vICMS: '120.00' },
      },
      {
        code: 'L200B',
        description: 'PRODUTO L200B',
        ncm: '84713012',
        cfop: '6102',
        vProd: '1000.00',
        icms: { cst: '00', pICMS: '12.00', vICMS: '150.00' },
      },
    ];
    const base = {
      issuerCnpj: s.companySP.document,
      issuerUf: 'SP',
      recipientCnpj: '11444777000161',
      recipientUf: 'RJ',
      date: '2014-03-10',
      items,
    };
    const nfce = (number: number, withDest: boolean) => {
      const xml = buildNfeXml({
        issuerCnpj: s.companySP.document,
        issuerUf: 'SP',
        recipientCnpj: '',
        consumerCpf: '52998224725',
        recipientUf: 'SP',
        number,
        mod: '65',
        date: '2026-03-10',
        items: [
          {
            code: `NC${number}`,
            description: 'PRODUTO',
            ncm: '22011000',
            cfop: '5102',
            vProd: '10.00',
            icms: { cst: '00', pICMS: '18.00', vICMS: '1.80' },
          },
        ],
      });
      return withDest ? xml : xml.replace(/<dest>.*<\/dest>/, '');
    };
    const imported = await importDocuments(
      ctx.app,
      s.companySP.id,
      [
        { name: 'leiaute-200.xml', content: asLayout200(buildNfeXml({ ...base, number: 2001 })) },
        { name: 'leiaute-400.xml', content: buildNfeXml({ ...base, number: 4001 }) },
        { name: 'nfce-sem-dest.xml', content: nfce(6501, false) },
        { name: 'nfce-cpf.xml', content: nfce(6502, true) },
      ],
      s.headers.member,
    );
    expect(imported.status).toBe('Done');
    expect(imported.documents).toBe(4);
    findings = await findingsOf(ctx.app, imported.id, s.headers.member);
  });

  it('layout 2.00 SP → RJ with CFOP 6.102: a contributor, no CFOP finding, the same findings as in 4.00', () => {
    // 6.102 is the sale to a contributor (Convênio s/nº de 1970, tabela de CFOP): without indIEDest nothing says
    // otherwise. Item 2: 12 % of 1,000.00 = 120.00, found 150.00 (MOC, grupo N, N17-20).
    const layout200 = rows(findings, 2001);
    expect(layout200.filter((r) => r[1] === 'cfop-incompativel')).toEqual([]);
    expect(layout200.filter((r) => r[1] !== 'ncm-divergente')).toEqual([
      [2, 'valor-divergente', 'vICMS', '120.00', '150.00', '30.00', '528 · N17-20'],
    ]);
    // The NCM finding's expected value comes from the catalogue the first document created: compared without it.
    const noExpected = (r: unknown[]) => [r[0], r[1], r[2], r[4], r[5], r[6]];
    expect(layout200.map(noExpected)).toEqual(rows(findings, 4001).map(noExpected));
  });

  it('an NFC-e without dest is audited as the same NFC-e to a CPF with indIEDest 9', () => {
    expect(rows(findings, 6501)).toEqual(rows(findings, 6502));
  });
});
