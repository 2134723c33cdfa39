import { describe, expect, it } from 'vitest';
import { calculateNfeItem } from '../nfe-item/calculate-nfe-item.js';
import type { NfeItemContext } from '../nfe-item/types.js';
import { calculateTransition, type TransitionInput, transitionBurdenFields } from './calculate-transition.js';
import { findSimplesDas } from './simples-das.js';

const noFacts = (): NfeItemContext => ({});
const allYears = [2026, 2027, 2028, 2029, 2030, 2031, 2032, 2033];
const byYear = <T extends { ano: number }>(rows: T[]) => Object.fromEntries(rows.map((r) => [r.ano, r]));

/** A reseller's sale of goods whose ICMS was retained by ST earlier in the chain (CST 60), R$ 1.000,00. */
const stResale = (icms: TransitionInput['item']['icms']): TransitionInput => ({
  operacao: { ufOrigem: 'SP', ufDestino: 'SP', consumidorFinal: false, contribuinte: true },
  item: { vProd: '1000.00', icms, ibscbs: { cst: '000', cClassTrib: '000001' } },
});

describe('ICMS charged before the sale', () => {
  it('CST 60 with the effective group: vICMSEfet in the burden, phased out with the ICMS (ADCT arts. 128–129)', () => {
    // NT 2016.002: vICMSEfet = 1000 × 18 % = 180.00 up to 2028; EC 132/2023, ADCT art. 128: 9/10 = 162.00 in 2029,
    // 8/10 = 144.00, 7/10 = 126.00, 6/10 = 108.00 in 2032; art. 129: none in 2033.
    const rows = byYear(calculateTransition(stResale({ cst: '60', pICMSEfet: 18 }), noFacts, { anos: allYears }).anos);
    expect(allYears.map((a) => rows[a]!.vICMSAnterior)).toEqual([180, 180, 180, 162, 144, 126, 108, 0]);
    expect(rows[2028]!.vICMS).toBe(0);
    // 2028: the carried ICMS plus the year's CBS/IBS of the NF-e item.
    const y2028 = rows[2028]!;
    expect(y2028.vTotal).toBeCloseTo(180 + y2028.vCBS + y2028.vIBSUF + y2028.vIBSMun, 2);
  });

  it('CSOSN 500 without the effective group: the chain ICMS of the supplier documents (vICMSSubstituto + vICMSSTRet)', () => {
    // NT 2016.002: vBCSTRet 1200.00 × pST 18 % = 216.00 = vICMSSubstituto 120.00 + vICMSSTRet 96.00 (LC 87/1996,
    // art. 8º §5º); the whole 216.00 was charged before the sale. 2030 (ADCT art. 128): 8/10 = 172.80.
    const item = stResale({ csosn: '500', vBCSTRet: '1200.00', pST: 18, vICMSSubstituto: '120.00' });
    item.operacao.crt = 1;
    const rows = byYear(calculateTransition(item, noFacts, { anos: [2026, 2030, 2033] }).anos);
    expect(rows[2026]!.vICMSAnterior).toBe(216);
    expect(rows[2030]!.vICMSAnterior).toBe(172.8);
    expect(rows[2033]!.vICMSAnterior).toBe(0);
  });

  it('the memória names the carried ICMS and its legal source', () => {
    const [row] = calculateTransition(stResale({ cst: '60', pICMSEfet: 18 }), noFacts, {
      anos: [2029],
      memoria: true,
    }).anos;
    const step = row!.memoria!.find((s) => s.campo === 'vICMSAnterior');
    expect(step).toMatchObject({ resultado: '162.00' });
    expect(step!.baseLegal).toContain('arts. 128 e 129 do ADCT');
  });
});

describe('taxes the company does not pay', () => {
  const phone: TransitionInput = {
    operacao: { ufOrigem: 'SP', ufDestino: 'SP', consumidorFinal: false, contribuinte: true },
    item: {
      vProd: '1000.00',
      icms: { cst: '00', pICMS: 18 },
      ipi: { cst: '50', pIPI: 15 },
      pis: { cst: '01', pPIS: 1.65 },
      cofins: { cst: '01', pCOFINS: 7.6 },
      ibscbs: { cst: '000', cClassTrib: '000001' },
    },
  };

  it('a retailer that is not an IPI taxpayer bears no IPI (RIPI, Decreto 7.212/2010, arts. 24 and 35)', () => {
    const taxpayer = calculateTransition(phone, noFacts, { anos: [2026] }).anos[0]!;
    const retailer = calculateTransition(phone, noFacts, { anos: [2026], empresa: { contribuinteIpi: false } })
      .anos[0]!;
    // IPI 15 % of 1000.00 = 150.00 on the NF-e item: the taxpayer's burden, not the retailer's.
    expect(taxpayer.vIPI).toBe(150);
    expect(retailer).toMatchObject({ vIPI: 0, vNaoDevido: 150 });
    expect(retailer.vTotal).toBeCloseTo(taxpayer.vTotal - 150, 2);
  });
});

describe('Simples Nacional (LC 123/2006, Anexo I)', () => {
  it('brackets and effective rates: (RBT12 × nominal − deduction) ÷ RBT12 (art. 18, §1º-A)', () => {
    // 4th bracket (720.000,01 to 1.800.000,00): 10,70 %, deduction 22.500,00; RBT12 1.500.000,00 →
    // (160.500 − 22.500) ÷ 1.500.000 = 9,20 %.
    expect(findSimplesDas('1500000.00')).toMatchObject({ faixa: 4 });
    expect(findSimplesDas('1500000.00').aliquotaEfetiva.toNumber()).toBe(9.2);
    // 1st bracket: 4,00 % with no deduction, whatever the revenue in it.
    expect(findSimplesDas('100000').aliquotaEfetiva.toNumber()).toBe(4);
    expect(findSimplesDas('180000.01').faixa).toBe(2);
    expect(() => findSimplesDas('4800000.01')).toThrow('rbt12');
    expect(() => findSimplesDas(0)).toThrow('rbt12');
  });

  const shop: TransitionInput = {
    operacao: { ufOrigem: 'SP', ufDestino: 'SP', consumidorFinal: false, contribuinte: true, crt: 1 },
    item: {
      vProd: '1000.00',
      icms: { csosn: '102' },
      pis: { cst: '01', pPIS: 1.65 },
      cofins: { cst: '01', pCOFINS: 7.6 },
      ibscbs: { cst: '000', cClassTrib: '000001' },
    },
  };
  const empresa = { rbt12: '1500000.00', contribuinteIpi: false };

  it('the DAS shares of ICMS, PIS and COFINS, CBS and IBS from 2027, to the cent', () => {
    const rows = byYear(calculateTransition(shop, noFacts, { anos: allYears, empresa }).anos);
    // Effective 9,20 % on 1000.00 = 92.00 of DAS; Anexo I, 4th bracket: ICMS 33,50 % → 30.82,
    // PIS 2,76 % → 2.54, COFINS 12,74 % → 11.72. No PIS/COFINS apart (art. 13), no 2026 test CBS/IBS.
    expect(rows[2026]).toMatchObject({
      vDASICMS: 30.82,
      vDASPIS: 2.54,
      vDASCOFINS: 11.72,
      vPIS: 0,
      vCOFINS: 0,
      vCBS: 0,
      vIBSUF: 0,
      vCBSIBSCompensado: 0,
      vTotal: 45.08,
      pCarga: 4.508,
      vTotalRegular: null,
    });
    expect(rows[2026]!.vNaoDevido).toBeGreaterThan(0);
    // 2027 (LC 214/2025, art. 41): the PIS + COFINS share (15,50 %) is CBS inside the DAS: 14.26.
    expect(rows[2027]).toMatchObject({ vDASICMS: 30.82, vDASCBS: 14.26, vDASIBS: 0, vDASPIS: 0, vTotal: 45.08 });
    // 2029: ICMS share × 9/10 = 27.74 (27.738), the other 1/10 is IBS = 3.08 (3.082); 2033: all IBS, 30.82.
    expect(rows[2029]).toMatchObject({ vDASICMS: 27.74, vDASIBS: 3.08, vDASCBS: 14.26 });
    expect(rows[2033]).toMatchObject({ vDASICMS: 0, vDASIBS: 30.82, vDASCBS: 14.26, vTotal: 45.08 });
  });

  it('from 2027 the regular IBS/CBS path: the DAS without its CBS/IBS shares plus the item’s CBS and IBS', () => {
    const rows = calculateTransition(shop, noFacts, { anos: allYears, empresa }).anos;
    for (const row of rows.filter((r) => r.ano >= 2027)) {
      const nfe = calculateNfeItem({ ...shop, operacao: { ...shop.operacao, data: `${row.ano}-07-01` } });
      const cbsIbs = Math.round((nfe.vCBS + nfe.vIBSUF + nfe.vIBSMun) * 100);
      const expected = Math.round(row.vTotal * 100) - Math.round((row.vDASCBS + row.vDASIBS) * 100) + cbsIbs;
      expect(Math.round(row.vTotalRegular! * 100)).toBe(expected);
      expect(row.pCargaRegular).toBeCloseTo(expected / 1000, 4);
    }
  });

  it('goods under ST leave the ICMS share out of the DAS and carry the ICMS charged before (art. 18, §4º-A, I)', () => {
    const beer: TransitionInput = {
      ...shop,
      item: {
        ...shop.item,
        icms: { csosn: '500', pICMSEfet: 18 },
        pis: { cst: '04', pPIS: 0 },
        cofins: { cst: '04', pCOFINS: 0 },
      },
    };
    const [y2026] = calculateTransition(beer, noFacts, { anos: [2026], empresa }).anos;
    // No ICMS, PIS or COFINS share (ST and monophasic revenue are segregated); the 180.00 retained before is the load.
    expect(y2026).toMatchObject({ vDASICMS: 0, vDASPIS: 0, vDASCOFINS: 0, vICMSAnterior: 180, vTotal: 180 });
  });

  it('every burden field adds up to vTotal', () => {
    for (const row of calculateTransition(shop, noFacts, { anos: allYears, empresa }).anos) {
      const cents = transitionBurdenFields.reduce((t, f) => t + Math.round(row[f] * 100), 0);
      expect(Math.round(row.vTotal * 100)).toBe(cents);
    }
  });
});
