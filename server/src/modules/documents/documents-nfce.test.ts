import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TDocumentFinding } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { seedProductActors } from '../products/products.fixtures.js';
import { buildNfeXml, type FixtureItem } from './documents.fixtures.js';
import { findingsOf, importDocuments } from './documents.test-helpers.js';

// Issue 37, "CSOSN by operation … read as the MOC's tables say": an NFC-e (model 65) is a retail sale to a consumer,
// so MOC 7.0 annex I, group N (NT 2015.002) lets it carry only some ICMS situations, each with its sale CFOPs. The
// rule book (tax-engine rules-nfce.ts) decides; the audit writes each rejection as a `rejeicao` finding with its
// code and rule. The Simples return's CSOSN 900 is the audit's own check (operation-checks.ts, unit-tested there).
let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedProductActors>>;

beforeAll(async () => {
  ctx = await createTestApp({ dataDir: await mkdtemp(join(tmpdir(), 'documents-nfce-')) });
  s = await seedProductActors(ctx.db);
});

const item = (code: string, cfop: string, icms: FixtureItem['icms']): FixtureItem => ({
  code,
  description: `PRODUTO ${code}`,
  ncm: '22011000',
  cfop,
  vProd: '10.00',
  icms,
});
const nfce = (number: number, items: FixtureItem[]) =>
  buildNfeXml({
    issuerCnpj: s.companySP.document,
    issuerUf: 'SP',
    recipientCnpj: '',
    consumerCpf: '52998224725',
    recipientUf: 'SP',
    number,
    mod: '65',
    items,
  });
// 10,00 at 18 % (RICMS/SP, art. 52, I): vICMS 1,80.
const own = { cst: '00', pICMS: '18.00', vICMS: '1.80' };

describe('NFC-e: ICMS situations by operation (MOC 7.0 annex I, N12-30, N12-40, N12-44)', () => {
  let findings: TDocumentFinding[];
  const nfceRules = (number: string) =>
    findings
      .filter((f) => f.documentNumber === number && /N12a?-\d\d$/.test(f.ruleCode ?? ''))
      .sort((a, b) => a.nItem - b.nItem)
      .map((f) => [f.nItem, f.kind, f.severity, f.ruleCode, f.field, f.found]);

  beforeAll(async () => {
    const imported = await importDocuments(
      ctx.app,
      s.companySP.id,
      [
        // A consumer sale as the MOC lists it: CST 00 with 5.102, CST 60 with 5.405.
        { name: 'limpa.xml', content: nfce(801, [item('NC1', '5102', own), item('NC2', '5405', { cst: '60' })]) },
        // CST 10 (the seller charging ST) is no NFC-e situation: rejection 766 (N12-30).
        {
          name: 'cst10.xml',
          content: nfce(802, [
            item('NC3', '5102', { ...own, cst: '10', vBCST: '14.00', pICMSST: '18.00', vICMSST: '0.72' }),
          ]),
        },
        // CST 60 sold as 5.102 and CST 00 sold as 5.405: rejection 382 (N12-44, N12-40).
        { name: 'cfop.xml', content: nfce(803, [item('NC4', '5102', { cst: '60' }), item('NC5', '5405', own)]) },
      ],
      s.headers.member,
    );
    expect(imported.status).toBe('Done');
    expect(imported.documents).toBe(3);
    findings = await findingsOf(ctx.app, imported.id, s.headers.member);
  });

  it('a clean NFC-e gets no finding of these rules', () => {
    expect(nfceRules('801')).toEqual([]);
  });

  it('CST 10 on an NFC-e is one rejeicao finding, 766 · N12-30, on the item’s CST', () => {
    expect(nfceRules('802')).toEqual([
      [1, 'rejeicao', 'rejeicao', '766 · N12-30', 'imposto/ICMS/ICMS10/CST', 'CST 10'],
    ]);
  });

  it('a CFOP the CST does not allow on an NFC-e is one rejeicao finding, 382 · N12-44 / N12-40, on the CFOP', () => {
    expect(nfceRules('803')).toEqual([
      [1, 'rejeicao', 'rejeicao', '382 · N12-44', 'prod/CFOP', 'CFOP 5102 com CST 60'],
      [2, 'rejeicao', 'rejeicao', '382 · N12-40', 'prod/CFOP', 'CFOP 5405 com CST 00'],
    ]);
  });
});
