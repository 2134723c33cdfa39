import { describe, expect, it } from 'vitest';
import { calculateNfeItem } from '../nfe-item/calculate-nfe-item.js';
import type { NfeItemContext } from '../nfe-item/types.js';
import {
  calculateTransition,
  findTransitionDate,
  type TransitionInput,
  TransitionYearError,
  transitionTaxFields,
  transitionYears,
} from './calculate-transition.js';

/** The years the engine computes today; widen to transitionYears once the dated 2029–2033 rates exist. */
const yearsComputedNow = [2026, 2027, 2028];

const sale: TransitionInput = {
  operacao: { ufOrigem: 'SP', ufDestino: 'SP', consumidorFinal: false, contribuinte: true },
  item: {
    vProd: '1000.00',
    vFrete: '50.00',
    vDesc: '10.00',
    icms: { cst: '00', pICMS: 18 },
    ipi: { cst: '50', pIPI: 5 },
    pis: { cst: '01', pPIS: 1.65 },
    cofins: { cst: '01', pCOFINS: 7.6 },
    ibscbs: { cst: '000', cClassTrib: '000001' },
  },
};
const noFacts = (): NfeItemContext => ({});

describe('calculateTransition', () => {
  it('covers 2026 to 2033 by default, one date per year (1 July unless asked)', () => {
    expect([...transitionYears]).toEqual([2026, 2027, 2028, 2029, 2030, 2031, 2032, 2033]);
    const seen: string[] = [];
    calculateTransition(
      sale,
      (_ano, data) => {
        seen.push(data);
        return {};
      },
      { anos: yearsComputedNow },
    );
    expect(seen).toEqual(['2026-07-01', '2027-07-01', '2028-07-01']);
  });

  it('2026, SP internal sale: the load is ICMS + IPI + PIS + COFINS; the test CBS/IBS are compensated, to the cent', () => {
    // Value of the operation 1000 + 50 − 10 = 1040.00 (LC 87/1996 art. 13). IPI 5 % = 52.00; ICMS 18 % on
    // 1040 = 187.20 (IPI outside the base between contributors, CF art. 155 §2º XI); PIS 1.65 % and COFINS 7.6 %
    // on 1040 − ICMS 187.20 = 852.80 (Lei 14.592/2023, RE 574.706): 14.07 and 64.81. CBS/IBS base (NT 2025.002
    // UB16-10) 1040 − 187.20 − 14.07 − 64.81 = 773.92: CBS 0.9 % = 6.97, IBS-UF 0.1 % = 0.77 (LC 214/2025,
    // arts. 343 and 346: the 2026 test rates). They are compensated against PIS/COFINS (LC 214/2025, art. 346):
    // 7.74 apart, not in the load. Total 52 + 187.20 + 14.07 + 64.81 = 318.08; load 318.08 ÷ 1040 = 30.5846 %.
    const [y2026] = calculateTransition(sale, noFacts, { anos: [2026] }).anos;
    expect(y2026).toMatchObject({
      ano: 2026,
      vIPI: 52,
      vICMS: 187.2,
      vPIS: 14.07,
      vCOFINS: 64.81,
      vCBS: 0,
      vIBSUF: 0,
      vIBSMun: 0,
      vCBSIBSCompensado: 7.74,
      vNaoDevido: 0,
      vTotal: 318.08,
      pCarga: 30.5846,
      vTotalRegular: null,
    });
  });

  it('from 2027 each year equals the sum of the taxes of the item dated in that year; pCarga = vTotal ÷ value × 100', () => {
    const after2026 = yearsComputedNow.filter((a) => a > 2026);
    const { anos } = calculateTransition(sale, noFacts, { anos: after2026, diaMes: '03-15' });
    expect(anos.map((r) => r.ano)).toEqual(after2026);
    for (const row of anos) {
      const single = calculateNfeItem({ ...sale, operacao: { ...sale.operacao, data: `${row.ano}-03-15` } }) as Record<
        string,
        unknown
      >;
      let cents = 0;
      for (const f of transitionTaxFields) {
        const v = typeof single[f] === 'number' ? (single[f] as number) : 0;
        expect(row[f]).toBe(v);
        cents += Math.round(v * 100);
      }
      expect(Math.round(row.vTotal * 100)).toBe(cents);
      expect(row.pCarga).toBeCloseTo((cents / 100 / 1040) * 100, 4);
      expect(row.estimado).toBe(single.estimado === true);
    }
  });

  it('counts ICMS-ST, FCP-ST and the DIFAL in the load', () => {
    const st: TransitionInput = {
      operacao: { ufOrigem: 'SP', ufDestino: 'RJ', consumidorFinal: false, contribuinte: true },
      item: { vProd: 100, icms: { cst: '10', pICMS: 12, pMVAST: 50, pICMSST: 18, pFCPST: 2 } },
    };
    // flexdocs article 283 and NT 2016.002: vICMS 12.00, vICMSST 15.00, vFCPST 3.00 on 100.00.
    const [row] = calculateTransition(st, noFacts, { anos: [2026] }).anos;
    expect(row).toMatchObject({ vICMS: 12, vICMSST: 15, vFCPST: 3, vTotal: 30, pCarga: 30 });
  });

  it('a year whose facts or calculation fail stops the answer naming the year', () => {
    const failing = (ano: number): NfeItemContext => {
      if (ano === 2027) throw new Error('cClassTrib 000001 não está em vigor em 01/07/2027.');
      return {};
    };
    expect(() => calculateTransition(sale, failing, { anos: yearsComputedNow })).toThrow(TransitionYearError);
    expect(() => calculateTransition(sale, failing, { anos: yearsComputedNow })).toThrow(
      'Ano 2027: cClassTrib 000001 não está em vigor em 01/07/2027.',
    );
  });

  it('refuses a day some year does not have', () => {
    expect(findTransitionDate(2028, '02-29')).toBe('2028-02-29');
    expect(() => findTransitionDate(2027, '02-29')).toThrow('diaMes: 02-29 não é um dia válido de 2027');
    expect(() => findTransitionDate(2027, '7-1')).toThrow('diaMes');
    expect(() => calculateTransition(sale, noFacts, { anos: [2027], diaMes: '02-30' })).toThrow(TransitionYearError);
  });

  it("keeps each year's memória when asked", () => {
    const [row] = calculateTransition(sale, noFacts, { anos: [2026], memoria: true }).anos;
    expect(row?.memoria?.some((s) => s.campo === 'vCBS')).toBe(true);
    expect(calculateTransition(sale, noFacts, { anos: [2026] }).anos[0]?.memoria).toBeUndefined();
  });
});
