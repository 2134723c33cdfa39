import { describe, expect, it } from 'vitest';
import { RULE_BOOK } from './book.js';
import { type SampleItem, type SampleNfe, sampleNfe } from './sample-nfe.js';
import { bundledTables } from './test-support.js';
import { validateNfeRules } from './validate.js';

// NFC-e (model 65) ICMS situations by operation: MOC 7.0 annex I, group N, rules N12-30, N12-40, N12-44 (CST) and
// N12a-20, N12a-40, N12a-44 (CSOSN), as NT 2015.002 wrote them, with NT 2023.003 v1.20's UF exceptions (item 2.1.1).
const tables = bundledTables();
const agora = new Date('2026-10-11T12:00:00-03:00');
const nfce = (uf: string, crt: '1' | '3', items: SampleItem[], modelo: '55' | '65' = '65'): SampleNfe => ({
  modelo,
  emitente: { cnpj: '11222333000181', uf, crt },
  destinatario: { cpf: '52998224725', uf, contribuinte: false },
  data: '2026-10-10',
  items,
});
const ids = new Set(['N12-30', 'N12-40', 'N12-44', 'N12a-20', 'N12a-40', 'N12a-44']);
const rejections = (n: SampleNfe) =>
  validateNfeRules(sampleNfe(n), { tabelas: tables, agora })
    .rejeicoes.filter((r) => ids.has(r.regra))
    .map((r) => `${r.regra} ${r.codigo} item ${r.nItem}: ${r.encontrado}`);

describe('NFC-e ICMS situations by operation (MOC 7.0 annex I, group N; NT 2015.002; NT 2023.003 v1.20)', () => {
  it('are in the rule book, for model 65 only', () => {
    const found = RULE_BOOK.filter((r) => ids.has(r.id));
    expect(found.map((r) => r.id).sort()).toEqual([...ids].sort());
    for (const r of found) expect(r.modelos).toEqual(['65']);
  });

  it('a retail sale with the situations the MOC lists passes (CST 00, 20, 40, 41 with 5102; CST 60 with 5405)', () => {
    const items: SampleItem[] = [
      { vProd: '10.00', icms: { cst: '00', pICMS: '18' } },
      { vProd: '10.00', icms: { cst: '20', pICMS: '18', pRedBC: '33.33' } },
      { vProd: '10.00', icms: { cst: '40' } },
      { vProd: '10.00', icms: { cst: '41' } },
      { vProd: '10.00', cfop: '5405', icms: { cst: '60' } },
      { vProd: '10.00', cfop: '5101', icms: { cst: '90' } },
    ];
    expect(rejections(nfce('SP', '3', items))).toEqual([]);
  });

  it('a Simples retail sale with CSOSN 102, 103, 300, 400, 900 (5102) and 500 (5405) passes', () => {
    const items: SampleItem[] = ['102', '103', '300', '400', '900'].map((csosn) => ({
      vProd: '5.00',
      icms: { csosn },
    }));
    items.push({ vProd: '5.00', cfop: '5405', icms: { csosn: '500' } });
    expect(rejections(nfce('MG', '1', items))).toEqual([]);
  });

  it('N12-30 (766): an NFC-e item with CST 10 (ST charged by the seller) or 51 is refused', () => {
    const items: SampleItem[] = [
      { vProd: '10.00', icms: { cst: '10', pICMS: '18', st: { pMVAST: '40', pICMSST: '18' } } },
      { vProd: '10.00', icms: { cst: '51' } },
    ];
    const found = rejections(nfce('SP', '3', items));
    expect(found).toContain('N12-30 766 item 1: CST 10');
    expect(found).toContain('N12-30 766 item 2: CST 51');
  });

  it('N12a-20 (383): an NFC-e item with CSOSN 101 or 201 is refused', () => {
    const found = rejections(
      nfce('MG', '1', [
        { vProd: '10.00', icms: { csosn: '101' } },
        { vProd: '10.00', icms: { csosn: '201' } },
      ]),
    );
    expect(found).toContain('N12a-20 383 item 1: CSOSN 101');
    expect(found).toContain('N12a-20 383 item 2: CSOSN 201');
  });

  it('N12-40 / N12-44 (382): CST 00 with 5405 and CST 60 with 5102 are refused, at the CFOP', () => {
    const found = rejections(
      nfce('SP', '3', [
        { vProd: '10.00', cfop: '5405', icms: { cst: '00', pICMS: '18' } },
        { vProd: '10.00', cfop: '5102', icms: { cst: '60' } },
      ]),
    );
    expect(found).toEqual(['N12-40 382 item 1: CFOP 5405 com CST 00', 'N12-44 382 item 2: CFOP 5102 com CST 60']);
  });

  it('N12a-40 / N12a-44 (386): CSOSN 102 with 5405 and CSOSN 500 with 5102 are refused, at the CFOP', () => {
    const found = rejections(
      nfce('MG', '1', [
        { vProd: '10.00', cfop: '5405', icms: { csosn: '102' } },
        { vProd: '10.00', cfop: '5102', icms: { csosn: '500' } },
      ]),
    );
    expect(found).toEqual([
      'N12a-40 386 item 1: CFOP 5405 com CSOSN 102',
      'N12a-44 386 item 2: CFOP 5102 com CSOSN 500',
    ]);
  });

  it('NT 2023.003 v1.20: 5.949 with CSOSN 900 in RS and SP, CST 40 with 5.949 in SP, CST 90 with 5.405 in CE pass; elsewhere not', () => {
    expect(rejections(nfce('RS', '1', [{ vProd: '1.00', cfop: '5949', icms: { csosn: '900' } }]))).toEqual([]);
    expect(rejections(nfce('SP', '1', [{ vProd: '1.00', cfop: '5949', icms: { csosn: '900' } }]))).toEqual([]);
    expect(rejections(nfce('SP', '3', [{ vProd: '1.00', cfop: '5949', icms: { cst: '40' } }]))).toEqual([]);
    expect(rejections(nfce('CE', '3', [{ vProd: '1.00', cfop: '5405', icms: { cst: '90' } }]))).toEqual([]);
    expect(rejections(nfce('MG', '1', [{ vProd: '1.00', cfop: '5949', icms: { csosn: '900' } }]))).toEqual([
      'N12a-40 386 item 1: CFOP 5949 com CSOSN 900',
    ]);
    expect(rejections(nfce('RS', '3', [{ vProd: '1.00', cfop: '5949', icms: { cst: '40' } }]))).toEqual([
      'N12-40 382 item 1: CFOP 5949 com CST 40',
    ]);
  });

  it('an NF-e (model 55) with the same situations is not judged by these NFC-e rules', () => {
    const items: SampleItem[] = [
      { vProd: '10.00', icms: { cst: '10', pICMS: '18', st: { pMVAST: '40', pICMSST: '18' } } },
      { vProd: '10.00', cfop: '5102', icms: { cst: '60' } },
    ];
    expect(rejections(nfce('SP', '3', items, '55'))).toEqual([]);
  });
});
