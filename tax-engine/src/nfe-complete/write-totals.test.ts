import { describe, expect, it } from 'vitest';
import { type IcmsTotField, icmsTotFields, type NfeTotal } from '../nfe-invoice/types.js';
import type { NfeItemResult } from '../nfe-item/types.js';
import { el } from '../nfe-rules/sample-xml.js';
import { child, text, type XNode } from '../nfe-rules/xml-node.js';
import { prodOfYear, taxesInProd, writeTotals } from './write-totals.js';

// What vProd carries by year: NT 2026.008 v1.00, I11 observação — "A partir de 2027, os valores de IBS, CBS e IS
// compõem o Valor Total Bruto, exceto nas notas de importação".
const answer = (over: Partial<NfeItemResult>) => ({ vIBSUF: 0, vIBSMun: 0, vCBS: 0, vIS: 0, ...over }) as NfeItemResult;
// IBS 0.41 + 0.41, CBS 68.88 (2027 rates 0.05 % + 0.05 % and 8.4 % of 820.00); IS 12.35.
const taxed = answer({
  gIBSCBS: { vBC: 820, vIBS: 0.82, gCBS: { vCBS: 68.88 } } as NfeItemResult['gIBSCBS'],
  IS: { vIS: 12.35 } as NfeItemResult['IS'],
});
const prod = (cfop: string) =>
  el('prod', [
    el('CFOP', cfop),
    el('qCom', '3.0000'),
    el('vUnCom', '333.3333333333'),
    el('vProd', '1000.00'),
    el('qTrib', '3.0000'),
    el('vUnTrib', '333.3333333333'),
  ]);

describe('taxesInProd and prodOfYear (NT 2026.008 v1.00)', () => {
  it('2027: IBS 0.82 + CBS 68.88 + IS 12.35 = 82.05 go into vProd, and the unit values follow it', () => {
    expect(taxesInProd(taxed, 2027, '5102').toFixed(2)).toBe('82.05');
    const p = prodOfYear(prod('5102'), taxed, 2027);
    // 1,000.00 + 82.05 = 1,082.05; ÷ 3 = 360.6833333333 (10 places, TDec_1110v).
    expect(['vProd', 'vUnCom', 'vUnTrib'].map((t) => text(p, t))).toEqual([
      '1082.05',
      '360.6833333333',
      '360.6833333333',
    ]);
  });

  it('the monophasic IBS and CBS count as the item’s IBS and CBS', () => {
    const mono = answer({ gIBSCBSMono: { vIBSMono: 1.5, vCBSMono: 3.25 } as NfeItemResult['gIBSCBSMono'] });
    expect(taxesInProd(mono, 2030, '5656').toFixed(2)).toBe('4.75');
  });

  it('nothing in 2026 (test year) nor in an import (CFOP 3xxx): the prod is returned as it came', () => {
    expect(taxesInProd(taxed, 2026, '5102').toFixed(2)).toBe('0.00');
    expect(taxesInProd(taxed, 2027, '3102').toFixed(2)).toBe('0.00');
    const p = prod('3102');
    expect(prodOfYear(p, taxed, 2027)).toBe(p);
  });
});

/** The engine's totals of an invoice whose goods are worth `vProd` and whose vNF by its own W16 sum is `vNF`. */
function engineTotal(vProd: number, vNF: number): NfeTotal {
  const ICMSTot = Object.fromEntries(icmsTotFields.map((f) => [f, 0])) as Record<IcmsTotField, number>;
  return {
    ICMSTot: { ...ICMSTot, vProd, vNF },
    IBSCBSTot: { vBCIBSCBS: 0, gIBS: { vIBS: 0, gIBSUF: { vIBSUF: 0 }, gIBSMun: { vIBSMun: 0 } }, gCBS: { vCBS: 0 } },
  };
}
/** A completed det as the writer prints it: prod with its CFOP, imposto with the given groups, then what follows. */
const det = (imposto: XNode[], after: XNode[] = [], prod: XNode[] = []) =>
  el('det', [el('prod', [el('CFOP', '5656'), ...prod]), el('imposto', imposto), ...after]);
const icmsGroup = (name: string, leaves: Record<string, string>) =>
  el('ICMS', [
    el(
      name,
      Object.entries(leaves).map(([k, v]) => el(k, v)),
    ),
  ]);
const icmsTot = (dets: XNode[], vProd: number, vNF: number) =>
  child(
    writeTotals(
      engineTotal(vProd, vNF),
      dets.map(() => answer({})),
      2026,
      undefined,
      false,
      dets,
    ),
    'ICMSTot',
  )!;
const names = (n: XNode) => n.children.map((c) => c.name);

describe('ICMSTot: monophasic fuel totals (NT 2023.001, W06b.1–W06e) and vNF by W16-10', () => {
  // Diesel CST 15 (NT 2023.001, grupo ICMS15): 1,000.1250 l own at R$ 1.1200/l = 1,120.14; 150.5000 l retained for
  // the next stage at R$ 1.1200/l = 168.56. Gasoline CST 02 (grupo ICMS02): 2,000.3375 l at R$ 1.4700/l = 2,940.50.
  // CST 61: 500.0000 l charged before at R$ 1.4700/l = 735.00. (Rates as the issuer states them: the layout leaves
  // adRem to the issuer, and NT 2023.001 revoked the rules that checked them, N38-10/N40-10/N44-10, §2.4.10.)
  const diesel = det([
    icmsGroup('ICMS15', {
      CST: '15',
      qBCMono: '1000.1250',
      adRemICMS: '1.1200',
      vICMSMono: '1120.14',
      qBCMonoReten: '150.5000',
      adRemICMSReten: '1.1200',
      vICMSMonoReten: '168.56',
    }),
  ]);
  const gasoline = det([
    icmsGroup('ICMS02', { CST: '02', qBCMono: '2000.3375', adRemICMS: '1.4700', vICMSMono: '2940.50' }),
  ]);
  const before = det([
    icmsGroup('ICMS61', { CST: '61', qBCMonoRet: '500.0000', adRemICMSRet: '1.4700', vICMSMonoRet: '735.00' }),
  ]);

  it('each total is the sum of the items, in the schema’s place (after vFCPSTRet, before vProd)', () => {
    const t = icmsTot([diesel, gasoline, before], 15000, 15168.56);
    expect(names(t).slice(names(t).indexOf('vFCPSTRet'), names(t).indexOf('vProd') + 1)).toEqual([
      'vFCPSTRet',
      'qBCMono',
      'vICMSMono',
      'qBCMonoReten',
      'vICMSMonoReten',
      'qBCMonoRet',
      'vICMSMonoRet',
      'vProd',
    ]);
    // qBCMono 1,000.1250 + 2,000.3375 = 3,000.4625 → 3000.46 (TDec_1302 in ICMSTot); vICMSMono 1,120.14 + 2,940.50.
    expect(
      ['qBCMono', 'vICMSMono', 'qBCMonoReten', 'vICMSMonoReten', 'qBCMonoRet', 'vICMSMonoRet'].map((n) => text(t, n)),
    ).toEqual(['3000.46', '4060.64', '150.50', '168.56', '500.00', '735.00']);
    // vNF is the engine's (sumNfeTotals adds vICMSMonoReten, W16-10): written as it comes, nothing added twice.
    expect(text(t, 'vNF')).toBe('15168.56');
  });

  it('a pair is left out when no item carries it (minOccurs 0); no monophasic item, no monophasic total', () => {
    const gas = icmsTot([gasoline], 5000, 5000);
    expect(names(gas).filter((n) => /Mono/.test(n))).toEqual(['qBCMono', 'vICMSMono']);
    expect(text(gas, 'vNF')).toBe('5000.00');
    const plain = icmsTot([det([icmsGroup('ICMS00', { CST: '00', vBC: '100.00', vICMS: '18.00' })])], 100, 100);
    expect(names(plain).filter((n) => /Mono/.test(n))).toEqual([]);
  });
});

describe('ICMSTot: what the issuer’s kept groups add (vIPIDevol, PIS/COFINS-ST with indSoma)', () => {
  const goods = det([icmsGroup('ICMS00', { CST: '00', vBC: '1000.00', vICMS: '180.00' })]);

  it('vIPIDevol is Σ det/impostoDevol/IPI/vIPIDevol (UA04) and enters vNF (W16-10)', () => {
    // The XSD's documentation of ICMSTot/vIPIDevol: "Corresponde ao total da soma dos campos id: UA04".
    const returned = det(
      [icmsGroup('ICMS00', { CST: '00', vBC: '500.00', vICMS: '90.00' })],
      [el('impostoDevol', [el('pDevol', '50.00'), el('IPI', [el('vIPIDevol', '25.00')])])],
    );
    const t = icmsTot([goods, returned], 1500, 1500);
    expect(text(t, 'vIPIDevol')).toBe('25.00');
    expect(text(t, 'vNF')).toBe('1525.00');
    // Exceção 1 of W16-10 (faturamento direto de veículos novos, tpOp = 2): vIPIDevol stays out of vNF.
    const direct = det(
      [],
      [el('impostoDevol', [el('pDevol', '50.00'), el('IPI', [el('vIPIDevol', '25.00')])])],
      [el('veicProd', [el('tpOp', '2')])],
    );
    expect(text(icmsTot([direct], 1000, 1000), 'vNF')).toBe('1000.00');
  });

  it('PIS-ST and COFINS-ST enter vNF only with indSoma = 1 (W16-10, NT 2020.005)', () => {
    const st = (soma: string) =>
      det([
        icmsGroup('ICMS00', { CST: '00', vBC: '100.00', vICMS: '18.00' }),
        el('PISST', [el('vBC', '100.00'), el('pPIS', '1.6500'), el('vPIS', '1.65'), el('indSomaPISST', soma)]),
        el('COFINSST', [
          el('vBC', '100.00'),
          el('pCOFINS', '7.6000'),
          el('vCOFINS', '7.60'),
          el('indSomaCOFINSST', soma),
        ]),
      ]);
    expect(text(icmsTot([st('1')], 100, 100), 'vNF')).toBe('109.25');
    expect(text(icmsTot([st('0')], 100, 100), 'vNF')).toBe('100.00');
  });
});
