import { describe, expect, it } from 'vitest';
import { TaxInputError } from '../input-checks.js';
import { calculateNfeItem } from './calculate-nfe-item.js';
import type { ClassTribFacts, NfeItemInput } from './types.js';

/*
 * gDif taken from the official cClassTrib table when the item sends none, as Receita's reference calculator does.
 * Rows of shared/data/rtc/classificacoes-tributarias.json (calculator data V0029, commit 12100712…):
 *  - 515001 (CST 515 "Diferimento com redução de alíquota", LC 214/2025 art. 138, § 2º — insumos agropecuários):
 *    PERE_VALOR_CBS/IBSUF/IBSMUN 60.0, TRTR_ID 21, whose TRTR_EXPRESSAO_PERCENTUAL_DIFERIMENTO is "1.00" (100 %).
 *  - 510001 (CST 510 "Diferimento", LC 214/2025 art. 28, § 1º): no reduction, TRTR_ID 20, deferral "1.00".
 * The calculator's case codigo-fonte-backend/src/test/java/br/gov/serpro/rtc/testesintegracao/indicadores/
 * Teste_indicador_gRed_4_cst515.java asserts, for a base of 1000 on 2026-01-01, CBS 0.9 % × 40 % = 3.60 deferred
 * whole (vDif 3.60) and IBS-UF 0.1 % × 40 % = 0.40 deferred whole.
 */
const operacao: NfeItemInput['operacao'] = {
  ufOrigem: 'RS',
  ufDestino: 'RS',
  consumidorFinal: false,
  contribuinte: true,
  data: '2026-01-01',
};
const row515001: ClassTribFacts = {
  code: '515001',
  cst: '515',
  pRedCBS: '60',
  pRedIBS: '60',
  pRedIBSUF: '60',
  pRedIBSMun: '60',
  legalBasis: 'Art. 138, § 2º',
  flags: { gIBSCBS: true, gRed: true, gDif: true },
  pDif: '100',
};
const item = (ibscbs: NonNullable<NfeItemInput['item']['ibscbs']>): NfeItemInput['item'] => ({
  vProd: 1000,
  icms: { cst: '41' },
  ibscbs,
});

describe('IBS/CBS deferral fixed by the cClassTrib table', () => {
  it('515001 without gDif: the table’s 60 % reduction and 100 % deferral (calculator case gRed_4_cst515)', () => {
    const r = calculateNfeItem(
      { operacao, item: item({ cst: '515', cClassTrib: '515001' }) },
      { classTrib: row515001 },
    );
    expect(r.gIBSCBS?.gCBS).toEqual({
      pCBS: 0.9,
      gDif: { pDif: 100, vDif: 3.6 },
      gRed: { pRedAliq: 60, pAliqEfet: 0.36 },
      vCBS: 0,
    });
    expect(r.gIBSCBS?.gIBSUF).toEqual({
      pIBSUF: 0.1,
      gDif: { pDif: 100, vDif: 0.4 },
      gRed: { pRedAliq: 60, pAliqEfet: 0.04 },
      vIBSUF: 0,
    });
    const step = r.memoria.find((s) => s.campo === 'gDif');
    expect(step?.baseLegal).toContain('Art. 138, § 2º');
    expect(step?.descricao).toContain('515001');
  });

  it('the item’s own gDif wins over the table (NT 2025.002 lets the issuer inform pDif)', () => {
    const r = calculateNfeItem(
      {
        operacao,
        item: item({ cst: '515', cClassTrib: '515001', gDif: { pDifCBS: 50, pDifIBSUF: 50, pDifIBSMun: 50 } }),
      },
      { classTrib: row515001 },
    );
    // 3.60 × 50 % = 1.80 deferred, 1.80 due.
    expect(r.gIBSCBS?.gCBS).toMatchObject({ gDif: { pDif: 50, vDif: 1.8 }, vCBS: 1.8 });
  });

  it('a deferral CST whose table row fixes no pDif is refused naming gDif, never computed as zero', () => {
    const noDeferral: ClassTribFacts = { ...row515001, pDif: undefined };
    const call = () =>
      calculateNfeItem({ operacao, item: item({ cst: '515', cClassTrib: '515001' }) }, { classTrib: noDeferral });
    expect(call).toThrow(TaxInputError);
    expect(call).toThrow('CST 515 (diferimento): informe gDif');
    try {
      call();
    } catch (e) {
      expect((e as TaxInputError).field).toBe('item.ibscbs.gDif');
    }
    // No cClassTrib at all: no table row to read.
    expect(() => calculateNfeItem({ operacao, item: item({ cst: '510' }) })).toThrow('informe o cClassTrib ou gDif');
  });

  it('a CST without the gDif indicator gets no deferral from a row that happens to carry one', () => {
    const full: ClassTribFacts = {
      ...row515001,
      code: '000001',
      cst: '000',
      pRedCBS: 0,
      pRedIBS: 0,
      pRedIBSUF: 0,
      pRedIBSMun: 0,
      flags: { gIBSCBS: true },
    };
    const r = calculateNfeItem({ operacao, item: item({ cst: '000', cClassTrib: '000001' }) }, { classTrib: full });
    expect(r.gIBSCBS?.gCBS).toEqual({ pCBS: 0.9, vCBS: 9 });
  });
});
