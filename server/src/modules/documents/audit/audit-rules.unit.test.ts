import { describe, expect, it } from 'vitest';
import type { FindingRow } from '../documents.repository.js';
import type { DocumentItem, FiscalDocument } from '../read/document-model.js';
import { findingCollector } from './finding.js';
import {
  checkCfop,
  checkInterstateRate,
  checkReturnCsosn,
  ibsCbsGroupRequired,
  operationKind,
} from './operation-checks.js';
import { checkOwnFigures } from './own-figures.js';

const doc = (over: Partial<FiscalDocument> = {}, ide: Record<string, string> = {}): FiscalDocument => ({
  source: 'xml',
  fileName: 'x.xml',
  line: 1,
  chave: null,
  key: 'k',
  model: '55',
  number: '1',
  issuedOn: '2026-03-10',
  issuerCnpj: null,
  recipientDoc: null,
  ufOrigin: 'SP',
  ufDestination: 'SP',
  ide: { tpNF: '1', finNFe: '1', indIEDest: '1', CRT: '3', tpAmb: '1', ...ide },
  protocolStatus: '100',
  total: null,
  items: [],
  ...over,
});
const item = (prod: Record<string, string>, taxes: Record<string, string>): DocumentItem => ({ nItem: 1, prod, taxes });
const collect = () => findingCollector({ productId: null, internalCode: 'P', nItem: 1 });
const brief = (rows: FindingRow[]) => rows.map((f) => [f.kind, f.field, f.difference, f.severity, f.ruleCode]);

describe('own figures: one cause, one finding', () => {
  // Rice, SP internal sale: vProd 1,000.00, ICMS 7 % (RICMS/SP, art. 54, I — cesta básica), PIS 1,65 % and COFINS
  // 7,6 % (Leis 10.637/2002 and 10.833/2003) on the base without the ICMS (STF RE 574.706, Tema 69): 930.00.
  const rice = {
    'ICMS.CST': '00',
    'ICMS.vBC': '1000.00',
    'ICMS.pICMS': '7.00',
    'ICMS.vICMS': '70.00',
    'PIS.CST': '01',
    'PIS.vBC': '930.00',
    'PIS.pPIS': '1.65',
    'PIS.vPIS': '15.35',
    'COFINS.CST': '01',
    'COFINS.vBC': '930.00',
    'COFINS.pCOFINS': '7.60',
    'COFINS.vCOFINS': '70.68',
  };
  const prod = { vProd: '1000.00' };

  it('a document whose figures agree with themselves has no finding, whichever base the issuer chose', () => {
    const { out, add } = collect();
    const r = checkOwnFigures(prod, rice, null, { base: 'auto', sale: true }, add);
    expect(out).toEqual([]);
    expect(r.savingCents).toBe(0);
    // With the ICMS in the base (the issuer's choice, Tema 69 is a right, not a duty): clean, and its saving kept.
    const withIcms = {
      ...rice,
      'PIS.vBC': '1000.00',
      'PIS.vPIS': '16.50',
      'COFINS.vBC': '1000.00',
      'COFINS.vCOFINS': '76.00',
    };
    const other = collect();
    const r2 = checkOwnFigures(prod, withIcms, null, { base: 'auto', sale: true }, other.add);
    expect(other.out).toEqual([]);
    // 16.50 + 76.00 − (15.35 + 70.68) = 6.47
    expect(r2.savingCents).toBe(647);
  });

  it('a base other than the company’s declared choice is one finding for PIS and COFINS together', () => {
    const withIcms = {
      ...rice,
      'PIS.vBC': '1000.00',
      'PIS.vPIS': '16.50',
      'COFINS.vBC': '1000.00',
      'COFINS.vCOFINS': '76.00',
    };
    const { out, add } = collect();
    checkOwnFigures(prod, withIcms, null, { base: 'sem-icms', sale: true }, add);
    expect(brief(out)).toEqual([['valor-divergente', 'PIS/COFINS.vBC', '6.47', 'risco', 'pis-cofins-base-empresa']]);
  });

  it('a wrong ICMS is one finding: PIS, COFINS and IBS/CBS computed from the document’s own vICMS are clean', () => {
    // vICMS 80.00 on 1,000.00 × 7 %: wrong. PIS/COFINS on 1,000 − 80 = 920 agree with the document's own vICMS.
    const wrong = {
      ...rice,
      'ICMS.vICMS': '80.00',
      'PIS.vBC': '920.00',
      'PIS.vPIS': '15.18',
      'COFINS.vBC': '920.00',
      'COFINS.vCOFINS': '69.92',
      // UB16-10: 1,000 − 80 − 15.18 − 69.92 = 834.90; CBS 0,9 % and IBS 0,1 % of 2026 (LC 214/2025, arts. 343 e 346).
      'IBSCBS.vBC': '834.90',
      'IBSCBS.pCBS': '0.90',
      'IBSCBS.vCBS': '7.51',
      'IBSCBS.pIBSUF': '0.10',
      'IBSCBS.vIBSUF': '0.83',
    };
    const figures = { vICMS: 70, vBCIBSCBS: 834.9, vCBS: 7.51, pCBS: 0.9, vIBSUF: 0.83, pIBSUF: 0.1, vIBSMun: 0 };
    const { out, add } = collect();
    const r = checkOwnFigures(prod, wrong, figures, { base: 'auto', sale: true }, add);
    expect(brief(out)).toEqual([['valor-divergente', 'vICMS', '10.00', 'risco', 'icms-calculo']]);
    expect([...r.flagged]).toEqual(['ICMS']);
  });

  it('an IBS/CBS base that ignores the item’s own vICMS, vPIS and vCOFINS is one finding priced at the law’s rates', () => {
    const t = {
      ...rice,
      'IBSCBS.vBC': '1000.00',
      'IBSCBS.pCBS': '0.90',
      'IBSCBS.vCBS': '9.00',
      'IBSCBS.pIBSUF': '0.10',
      'IBSCBS.vIBSUF': '1.00',
    };
    // The right base: 1,000 − 70 − 15.35 − 70.68 = 843.97 (NT 2025.002, UB16-10); CBS 7.60 + IBS 0.84.
    const figures = { vICMS: 70, vBCIBSCBS: 843.97, vCBS: 7.6, pCBS: 0.9, vIBSUF: 0.84, pIBSUF: 0.1, vIBSMun: 0 };
    const { out, add } = collect();
    checkOwnFigures(prod, t, figures, { base: 'auto', sale: true }, add);
    expect(brief(out)).toEqual([['valor-divergente', 'IBSCBS.vBC', '1.56', 'risco', 'ibscbs-base']]);
  });

  it('a CBS at another rate on the right base is aliquota-divergente with its R$', () => {
    const t = {
      ...rice,
      'IBSCBS.vBC': '843.97',
      'IBSCBS.pCBS': '1.00',
      'IBSCBS.vCBS': '8.44',
      'IBSCBS.pIBSUF': '0.10',
      'IBSCBS.vIBSUF': '0.84',
    };
    const figures = { vICMS: 70, vBCIBSCBS: 843.97, vCBS: 7.6, pCBS: 0.9, vIBSUF: 0.84, pIBSUF: 0.1, vIBSMun: 0 };
    const { out, add } = collect();
    checkOwnFigures(prod, t, figures, { base: 'auto', sale: true }, add);
    expect(brief(out)).toEqual([['aliquota-divergente', 'pCBS', '0.84', 'risco', 'ibscbs-aliquota']]);
  });
});

describe('the operation: CFOP, interstate rate, CSOSN and the IBS/CBS schedule', () => {
  const icms12 = {
    'ICMS.CST': '00',
    'ICMS.orig': '1',
    'ICMS.vBC': '1000.00',
    'ICMS.pICMS': '7.00',
    'ICMS.vICMS': '70.00',
  };

  it('imported goods (origin 1) sold from SP to BA at 7 % instead of 4 % (Resolução do Senado 13/2012)', () => {
    const { out, add } = collect();
    const d = doc({ ufDestination: 'BA' });
    expect(checkInterstateRate(d, item({ CFOP: '6102' }, icms12), add)).toBe(true);
    expect(out.map((f) => [f.field, f.expected, f.found, f.difference, f.ruleCode])).toEqual([
      ['pICMS', '4.00', '7.00', '30.00', 'icms-interestadual-importado'],
    ]);
    // National goods (origin 0) from SP to BA: 7 % (Resolução do Senado 22/1989) — clean.
    const again = collect();
    expect(checkInterstateRate(d, item({ CFOP: '6102' }, { ...icms12, 'ICMS.orig': '0' }), again.add)).toBe(false);
    expect(again.out).toEqual([]);
    // Origin 8 (import content above 70 %) is 4 % too; origin 6 (CAMEX list, no national similar) is not.
    expect(
      checkInterstateRate(d, item({ CFOP: '6102' }, { ...icms12, 'ICMS.orig': '8', 'ICMS.pICMS': '4.00' }), again.add),
    ).toBe(false);
    expect(checkInterstateRate(d, item({ CFOP: '6102' }, { ...icms12, 'ICMS.orig': '6' }), again.add)).toBe(false);
  });

  it('6107/6108 to a non-contributor in another state; a return with its own CFOP (tabela de CFOP)', () => {
    const { out, add } = collect();
    const toConsumer = doc({ ufDestination: 'RJ' }, { indIEDest: '9' });
    expect(checkCfop(toConsumer, item({ CFOP: '6102' }, {}), 'sale', add)).toBe(true);
    expect(checkCfop(toConsumer, item({ CFOP: '6108' }, {}), 'sale', add)).toBe(false);
    const toCompany = doc({ ufDestination: 'RJ' });
    expect(checkCfop(toCompany, item({ CFOP: '6108' }, {}), 'sale', add)).toBe(true);
    const ret = doc({}, { finNFe: '4' });
    expect(checkCfop(ret, item({ CFOP: '5102' }, {}), 'sale', add)).toBe(true);
    expect(checkCfop(ret, item({ CFOP: '5202' }, {}), 'sale', add)).toBe(false);
    expect(out.map((f) => [f.expected, f.found, f.ruleCode])).toEqual([
      ['6108', '6102', 'cfop-nao-contribuinte'],
      ['6102', '6108', 'cfop-contribuinte'],
      ['CFOP de devolução (x201, x202, x410, x411…)', '5102', 'cfop-devolucao'],
    ]);
    expect(operationKind('5152')).toBe('transferencia');
    expect(operationKind('6202')).toBe('devolucao');
    expect(operationKind('5405')).toBe('venda');
  });

  it('a Simples return carries CSOSN 900; the IBS/CBS group is not required of a Simples issuer in 2026', () => {
    const { out, add } = collect();
    expect(checkReturnCsosn(doc({}, { finNFe: '4', CRT: '1' }), item({}, { 'ICMS.CSOSN': '102' }), add)).toBe(true);
    expect(checkReturnCsosn(doc({}, { finNFe: '4', CRT: '1' }), item({}, { 'ICMS.CSOSN': '900' }), add)).toBe(false);
    expect(out.map((f) => [f.kind, f.expected, f.found])).toEqual([['cst-divergente', '900', '102']]);
    // NT 2025.002 schedule; LC 214/2025: Simples Nacional from 2027, regime normal from 2026.
    expect(ibsCbsGroupRequired(doc({}, { CRT: '1' }), '2026-06-01')).toBe(false);
    expect(ibsCbsGroupRequired(doc({}, { CRT: '1' }), '2027-01-02')).toBe(true);
    expect(ibsCbsGroupRequired(doc({}, { CRT: '3' }), '2026-01-02')).toBe(true);
    expect(ibsCbsGroupRequired(doc({}, { CRT: '3' }), '2025-12-30')).toBe(false);
    expect(ibsCbsGroupRequired(doc({}, { CRT: '3', tpAmb: '2' }), '2025-08-01')).toBe(true);
    expect(ibsCbsGroupRequired(doc({ source: 'efd' }, { CRT: '3' }), '2026-06-01')).toBe(false);
  });
});
