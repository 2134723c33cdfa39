import { describe, expect, it } from 'vitest';
import { calculateNfeItem } from '../nfe-item/calculate-nfe-item.js';
import type { NfeItemInput } from '../nfe-item/types.js';
import { text } from '../nfe-rules/xml-node.js';
import { writeImposto } from './write-imposto.js';

// The IPI and PIS/COFINS groups of a completed NF-e carry the bases the engine taxed (r.bases), never a base
// recomputed beside it: the written vBC × rate gives the written value.
const operacao = {
  ufOrigem: 'SP',
  ufDestino: 'SP',
  consumidorFinal: false,
  contribuinte: true,
  crt: 3,
  data: '2026-03-10',
} as const;

const written = (input: NfeItemInput) => {
  const r = calculateNfeItem(input);
  const imposto = writeImposto(input, r, {}, 1);
  return (path: string) => text(imposto, path);
};

describe('writeImposto: the federal bases are the engine’s', () => {
  it('freight, insurance and other charges in, the unconditional discount out, of the IPI and PIS/COFINS bases', () => {
    // Operation value 1,000.00 + 50.00 freight + 5.00 insurance + 2.50 other − 10.00 discount = 1,047.50: the IPI
    // base (Decreto 7.212/2010, RIPI, art. 190, II and §1º; the unconditional discount out, STF RE 567.935, Tema
    // 84), IPI 10 % = 104.75; the ICMS base (LC 87/1996, art. 13, §1º, II; IPI out between taxpayers, §2º),
    // ICMS 18 % = 188.55; PIS/COFINS on 1,047.50 − 188.55 = 858.95 (STF RE 574.706, Tema 69): PIS 1.65 % =
    // 14.17 (14.172675), COFINS 7.6 % = 65.28 (65.2802) (Leis 10.637/2002 and 10.833/2003, art. 2º).
    const w = written({
      operacao,
      item: {
        vProd: '1000.00',
        vFrete: '50.00',
        vSeg: '5.00',
        vOutro: '2.50',
        vDesc: '10.00',
        icms: { cst: '00', pICMS: '18' },
        ipi: { cst: '50', pIPI: '10' },
        pis: { cst: '01', pPIS: '1.65' },
        cofins: { cst: '01', pCOFINS: '7.6' },
      },
    });
    expect(['vBC', 'pIPI', 'vIPI'].map((t) => w(`IPI/IPITrib/${t}`))).toEqual(['1047.50', '10.0000', '104.75']);
    expect(w('ICMS/ICMS00/vICMS')).toBe('188.55');
    expect(['vBC', 'vPIS'].map((t) => w(`PIS/PISAliq/${t}`))).toEqual(['858.95', '14.17']);
    expect(['vBC', 'vCOFINS'].map((t) => w(`COFINS/COFINSAliq/${t}`))).toEqual(['858.95', '65.28']);
  });

  it('a quantity the item leaves to qTrib: the quantity the engine taxed, not 0', () => {
    // IPI per unit without qUnid: qTrib 100 × vUnid 0.50 = 50.00 (Lei 7.798/1989, arts. 1º and 3º; RIPI art. 209).
    // PIS/COFINS CST 03 without qBCProd: qTrib 100 × 0.1000 = 10.00 and × 0.4500 = 45.00 (Lei 10.865/2004, art.
    // 23). The quantity written is the 100 the values came from (before, 0.0000 beside a value of 10.00).
    const w = written({
      operacao,
      item: {
        vProd: '500.00',
        qTrib: '100',
        icms: { cst: '41' },
        ipi: { cst: '50', vUnid: '0.50' },
        pis: { cst: '03', vAliqProd: '0.10' },
        cofins: { cst: '03', vAliqProd: '0.45' },
      },
    });
    expect(['qUnid', 'vUnid', 'vIPI'].map((t) => w(`IPI/IPITrib/${t}`))).toEqual(['100.0000', '0.5000', '50.00']);
    expect(['qBCProd', 'vAliqProd', 'vPIS'].map((t) => w(`PIS/PISQtde/${t}`))).toEqual(['100.0000', '0.1000', '10.00']);
    expect(w('COFINS/COFINSQtde/qBCProd')).toBe('100.0000');
    expect(w('COFINS/COFINSQtde/vCOFINS')).toBe('45.00');
  });

  it('2027: PIS and COFINS extinct, the engine taxes nothing and the base written is 0', () => {
    // EC 132/2023, ADCT art. 126, II: PIS and COFINS are extinct from 2027; IPI is zero outside the ZFM (art. 126,
    // III, "a"). The groups the ERP sent are written with the engine's base (none: 0.00) and value 0.00 — before,
    // the operation value sat beside a value of 0.00.
    const w = written({
      operacao: { ...operacao, data: '2027-03-10' },
      item: {
        vProd: '100.00',
        icms: { cst: '41' },
        ipi: { cst: '50', pIPI: '10' },
        pis: { cst: '01', pPIS: '1.65' },
        cofins: { cst: '01', pCOFINS: '7.6' },
      },
    });
    expect([w('IPI/IPITrib/vBC'), w('IPI/IPITrib/vIPI')]).toEqual(['0.00', '0.00']);
    expect([w('PIS/PISAliq/vBC'), w('PIS/PISAliq/vPIS')]).toEqual(['0.00', '0.00']);
    expect([w('COFINS/COFINSAliq/vBC'), w('COFINS/COFINSAliq/vCOFINS')]).toEqual(['0.00', '0.00']);
  });
});
