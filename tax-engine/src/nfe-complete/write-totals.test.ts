import { describe, expect, it } from 'vitest';
import type { NfeItemResult } from '../nfe-item/types.js';
import { el } from '../nfe-rules/sample-xml.js';
import { text } from '../nfe-rules/xml-node.js';
import { prodOfYear, taxesInProd } from './write-totals.js';

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
