import { describe, expect, it } from 'vitest';
import { calculateNfeItem } from './calculate-nfe-item.js';

// The IPI and PIS/COFINS bases the engine records (FederalBases, decision 074) are money: kept as the decimal
// strings the engine computed, never turned into floats between the engine and the writer (write-imposto.ts).
const operacao = {
  ufOrigem: 'SP',
  ufDestino: 'SP',
  consumidorFinal: false,
  contribuinte: true,
  crt: 3,
  data: '2026-03-10',
} as const;

describe('FederalBases: decimal strings end to end', () => {
  it('by value: IPI on 1,047.50 (RIPI art. 190, II), PIS/COFINS on 1,047.50 − ICMS 188.55 = 858.95 (Tema 69)', () => {
    const r = calculateNfeItem({
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
    expect(r.bases).toEqual({ ipi: { vBC: '1047.5' }, pis: { vBC: '858.95' }, cofins: { vBC: '858.95' } });
  });

  it('by quantity: qTrib 100 × vUnid 0.50 (Lei 7.798/1989) and × vAliqProd 0.10 / 0.45 (Lei 10.865/2004, art. 23)', () => {
    const r = calculateNfeItem({
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
    expect(r.bases).toEqual({
      ipi: { qUnid: '100', vUnid: '0.5' },
      pis: { qBCProd: '100', vAliqProd: '0.1' },
      cofins: { qBCProd: '100', vAliqProd: '0.45' },
    });
  });
});
