import { describe, expect, it } from 'vitest';
import { TaxDecimal } from '../decimal.js';
import { TaxInputError } from '../input-checks.js';
import { calculateNfeItem } from '../nfe-item/calculate-nfe-item.js';
import type { NfeItemInput } from '../nfe-item/types.js';
import { calculateNfe, nameInvoiceItemField } from './calculate-nfe.js';
import { itemFieldsCountedAsZero } from './totals.js';
import type { NfeInput } from './types.js';

const operacao: NfeInput['operacao'] = {
  ufOrigem: 'SP',
  ufDestino: 'SP',
  consumidorFinal: false,
  contribuinte: true,
  data: '2026-03-10',
};

/** Three everyday lines, each worked by hand below from the legal formula of its tax. */
const itens: NfeItemInput['item'][] = [
  // 1000 + 50 frete − 10 desconto = 1040.00; IPI 10 % = 104.00 (outside the ICMS base between contributors,
  // LC 87/1996 art. 13 §2º); ICMS 18 % = 187.20; IBS/CBS base (NT 2025.002 UB16-10) 1040 − 187.20 = 852.80,
  // CBS 0.9 % = 7.68 (7.6752), IBS UF 0.1 % = 0.85 (0.8528), IBS Mun 0 in 2026 (LC 214/2025 arts. 343, 346).
  {
    vProd: '1000.00',
    vFrete: '50.00',
    vDesc: '10.00',
    icms: { cst: '00', pICMS: 18 },
    ipi: { cst: '50', pIPI: 10 },
    ibscbs: { cst: '000', cClassTrib: '000001' },
  },
  // 500 + 5 seguro + 2.50 outras = 507.50; ICMS 18 % = 91.35; ST base × 1.40 = 710.50; ST 18 % − own =
  // 127.89 − 91.35 = 36.54; FCP-ST 2 % of 710.50 = 14.21, apart from vICMSST (NT 2016.002).
  {
    vProd: 500,
    vSeg: 5,
    vOutro: '2.50',
    icms: { cst: '10', pICMS: 18, pMVAST: 40, pICMSST: 18, pFCPST: 2 },
  },
  // Exempt with relief (CST 40, motDesICMS 9): vICMSDeson = 200 × 18 % = 36.00 (simple formula, NT 2023.004).
  { vProd: 200, icms: { cst: '40', pICMS: 18, motDesICMS: '9' } },
];

describe('calculateNfe: a whole invoice', () => {
  it('each item is exactly what calculateNfeItem answers for it alone', () => {
    const out = calculateNfe({ operacao, itens });
    expect(out.itens).toEqual(itens.map((item) => calculateNfeItem({ operacao, item })));
  });

  it('ICMSTot: each total is the sum of the items; vNF by the MOC formula (W16, rejeição 610)', () => {
    const t = calculateNfe({ operacao, itens }).total.ICMSTot;
    expect(t).toMatchObject({
      vBC: 1547.5, // 1040.00 + 507.50
      vICMS: 278.55, // 187.20 + 91.35
      vICMSDeson: 36,
      vBCST: 710.5,
      vST: 36.54,
      vFCPST: 14.21,
      vProd: 1700,
      vFrete: 50,
      vSeg: 5,
      vDesc: 10,
      vOutro: 2.5,
      vIPI: 104,
      vFCPSTRet: 0,
      vII: 0,
      vIPIDevol: 0,
    });
    // vProd − vDesc − vICMSDeson + vST + vFCPST + vFrete + vSeg + vOutro + vII + vIPI + vIPIDevol
    // 1700 − 10 − 36 + 36.54 + 14.21 + 50 + 5 + 2.50 + 0 + 104 + 0 = 1866.25
    expect(t.vNF).toBe(1866.25);
    expect(Object.keys(t)).toEqual([
      ...['vBC', 'vICMS', 'vICMSDeson', 'vFCP', 'vBCST', 'vST', 'vFCPST', 'vFCPSTRet', 'vProd', 'vFrete', 'vSeg'],
      ...['vDesc', 'vII', 'vIPI', 'vIPIDevol', 'vPIS', 'vCOFINS', 'vOutro', 'vNF', 'vFCPUFDest', 'vICMSUFDest'],
    ]);
  });

  it('indDeduzDeson 0 (NT 2023.004): the relief stays in vICMSDeson but is not deducted from vNF', () => {
    const kept = itens.map((it, i) => (i === 2 ? { ...it, icms: { ...it.icms, indDeduzDeson: 0 as const } } : it));
    const t = calculateNfe({ operacao, itens: kept }).total.ICMSTot;
    expect(t.vICMSDeson).toBe(36);
    expect(t.vNF).toBe(1902.25); // 1866.25 + 36.00
  });

  it('IBSCBSTot: base and values summed, vIBS = vIBSUF + vIBSMun; IBS/CBS stay out of vNF in 2026', () => {
    const out = calculateNfe({ operacao, itens }, (_, i) =>
      i === 0 ? { classTrib: { code: '000001', cst: '000', pRedCBS: 0, pRedIBS: 0, legalBasis: 'LC 214/2025' } } : {},
    );
    expect(out.total.IBSCBSTot).toEqual({
      vBCIBSCBS: 852.8,
      gIBS: { vIBS: 0.85, gIBSUF: { vIBSUF: 0.85 }, gIBSMun: { vIBSMun: 0 } },
      gCBS: { vCBS: 7.68 },
    });
    expect(out.total.ICMSTot.vNF).toBe(1866.25);
  });

  it('adds in decimals: 990 lines of 0.10 make 99.00, not 98.99999999999986', () => {
    const out = calculateNfe({
      operacao,
      itens: Array.from({ length: 990 }, () => ({ vProd: '0.10', icms: { cst: '00', pICMS: 10 } })),
    });
    expect(out.total.ICMSTot.vProd).toBe(99);
    expect(out.total.ICMSTot.vICMS).toBe(9.9); // 990 × 0.01
    expect(out.total.ICMSTot.vNF).toBe(99);
  });

  it('hands each answer to onItem as it is computed, in order; the totals do not read the memória', () => {
    const seen: [number, string][] = [];
    const whole = calculateNfe({ operacao, itens });
    const out = calculateNfe({ operacao, itens }, undefined, (answer, i) => {
      seen.push([i, JSON.stringify(answer)]);
      answer.memoria = [];
    });
    expect(seen).toEqual(whole.itens.map((answer, i) => [i, JSON.stringify(answer)]));
    expect(out.total).toEqual(whole.total);
  });

  it('sums in cents exactly as in decimals, and in decimals past 10^11 (13 integer digits × 990 items)', () => {
    const big = { vProd: '9999999999999.99', icms: { cst: '00', pICMS: 18 } };
    const out = calculateNfe({ operacao, itens: Array.from({ length: 990 }, () => big) });
    // 990 × 9,999,999,999,999.99 = 9,899,999,999,999,990.10: more cents than a double holds exactly.
    expect(out.total.ICMSTot.vProd).toBe(new TaxDecimal('9999999999999.99').times(990).toNumber());
    expect(out.total.ICMSTot.vICMS).toBe(
      out.itens.reduce((sum, item) => sum.plus(item.vICMS), new TaxDecimal(0)).toNumber(),
    );
    const mixed = calculateNfe({ operacao, itens: [...itens, big, ...itens] });
    expect(mixed.total.ICMSTot.vBC).toBe(
      mixed.itens.reduce((sum, item) => sum.plus(item.vBC), new TaxDecimal(0)).toNumber(),
    );
  });

  it('refuses 0 and 991 items, naming itens', () => {
    const line = { vProd: 1, icms: { cst: '00', pICMS: 18 } };
    for (const n of [0, 991]) {
      const call = () => calculateNfe({ operacao, itens: Array.from({ length: n }, () => line) });
      expect(call).toThrow(TaxInputError);
      expect(call).toThrow(`itens: uma NF-e tem de 1 a 990 itens (recebidos: ${n}).`);
    }
  });

  it("an item's input error names itens[i] and nothing is returned", () => {
    let error: unknown;
    try {
      calculateNfe({ operacao, itens }, (_, i) => {
        if (i === 1) throw new TaxInputError('item.icms.cBenef', 'cBenef SP123456 não existe na tabela da UF SP.');
        return {};
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(TaxInputError);
    expect(error).toMatchObject({
      field: 'itens[1].icms.cBenef',
      message: 'itens[1]: cBenef SP123456 não existe na tabela da UF SP.',
    });
  });

  it('names item fields as the invoice does', () => {
    expect(nameInvoiceItemField(3, 'item.icms.pICMS')).toBe('itens[3].icms.pICMS');
    expect(nameInvoiceItemField(0, 'item')).toBe('itens[0]');
    expect(nameInvoiceItemField(2, 'pICMS')).toBe('itens[2].pICMS');
    expect(nameInvoiceItemField(2, 'operacao.data')).toBe('operacao.data');
  });

  it('counts as zero only the item fields the item answer does not carry yet', () => {
    // A misspelt source field would be silently zero: only IPI devolvido may be missing (see totals.ts).
    expect(itemFieldsCountedAsZero).toEqual(['vIPIDevol']);
  });

  it('vNF adds the monophasic ICMS retained for the next stage (CST 15; W16-10 as NT 2023.001 amended it)', () => {
    // W16-10, text of NT 2023.004 v1.20: "(+) vICMSMonoReten (id:W06d)". Diesel at R$ 0.9456/l as the issuer states
    // it: own 1,000 l = 945.60 (not in vNF: it is the seller's, inside the price); retained 150.5 l = 142.31
    // (142.3128), charged to the buyer on top of the price. A CST 02 item retains nothing.
    const operacao = { ufOrigem: 'SP', ufDestino: 'SP', consumidorFinal: false, contribuinte: true } as const;
    const diesel = {
      vProd: '5000.00',
      icms: { cst: '15', qBCMono: '1000', adRemICMS: '0.9456', qBCMonoReten: '150.5', adRemICMSReten: '0.9456' },
    };
    const gasoline = { vProd: '6000.00', icms: { cst: '02', qBCMono: '1000', adRemICMS: '1.22' } };
    const nfe = calculateNfe({ operacao, itens: [diesel, gasoline] }, () => ({}));
    expect(nfe.itens.map((r) => r.vICMSMonoReten)).toEqual([142.31, 0]);
    expect(nfe.total.ICMSTot.vNF).toBe(11142.31);
  });

  it("sums the items' vII (II group) into ICMSTot and vNF", () => {
    const operacao = { ufOrigem: 'SP', ufDestino: 'SP', consumidorFinal: false, contribuinte: true } as const;
    const item = { vProd: '100.00', vII: '12.34', icms: { cst: '41' } };
    const nfe = calculateNfe({ operacao, itens: [item, item] }, () => ({}));
    // W16: vNF = vProd + vII (no other figure here): 200.00 + 24.68
    expect(nfe.total.ICMSTot.vII).toBe(24.68);
    expect(nfe.total.ICMSTot.vNF).toBe(224.68);
  });
});
