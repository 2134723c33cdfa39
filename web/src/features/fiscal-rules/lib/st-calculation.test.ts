import { describe, expect, it } from 'vitest';
import { computeStCalculation, type StInputs } from './st-calculation';

const inputs = (over: Partial<StInputs> = {}): StInputs => ({
  productValue: '2.000,00',
  freight: '',
  insurance: '',
  otherExpenses: '',
  discount: '',
  ipiRate: '',
  icmsRate: '12,00',
  stRate: '18,00',
  fcpRate: '',
  reduction: '',
  pautaUnit: '',
  quantity: '',
  ...over,
});

describe('computeStCalculation (ST calculator screen)', () => {
  it('a Simples Nacional sender keeps the IVA on an interstate choice; regime normal adjusts it', () => {
    // Conv. ICMS 35/2011 → 142/2018 (original MVA for a Simples sender); 40 % from 12 % to 18 % = 50.24 %.
    const simples = computeStCalculation(inputs(), { option: 'nacional', regime: 'simples', method: 'mva' }, '40');
    expect(simples.mva).toBe(40);
    expect(simples.result).toMatchObject({ stBase: 2800, stValue: 264 });
    const normal = computeStCalculation(inputs(), { option: 'nacional', regime: 'normal', method: 'mva' }, '40');
    expect(normal.mva).toBe(50.24);
    expect(normal.result?.stBase).toBe(3004.8);
  });

  it('pauta: 40 × 2,50 = base 100,00 at 7 % with no own ICMS → 7,00 (flexdocs article 285)', () => {
    // https://www.flexdocs.net/suporte/knowledgebase.php?article=285
    const r = computeStCalculation(
      inputs({ productValue: '80', icmsRate: '', stRate: '7', pautaUnit: '2,50', quantity: '40' }),
      { option: 'interna', regime: 'normal', method: 'pauta' },
      '40',
    );
    expect(r).toMatchObject({ mva: null, result: { stBase: 100, stValue: 7 } });
  });

  it('a malformed entry leaves the results empty', () => {
    const r = computeStCalculation(
      inputs({ productValue: '1,2,3' }),
      { option: 'interna', regime: 'normal', method: 'mva' },
      '40',
    );
    expect(r.result).toBeNull();
  });
});

describe('computeStCalculation with the year of the operation (EC 132/2023, ADCT arts. 126–129)', () => {
  const typed: StInputs = {
    ...inputs(),
    productValue: '1.000,00',
    ipiRate: '10,00',
    icmsRate: '18,00',
    stRate: '18,00',
  };
  it("2030, interstate 12 %: rates at 8/10, MVA adjusted on the year's rates, IPI out of the base", () => {
    // MVA 40 % from 9.6 % to 14.4 %: 1.4 × 0.904 / 0.856 − 1 = 47.85 %; base 1000 × 1.4785 = 1478.50;
    // ICMS 12 % × 0.8 = 9.6 % → 96.00; ST 1478.50 × 14.4 % − 96 = 212.90 − 96 = 116.90 (212.904 → 212.90)
    const interstate = { ...typed, icmsRate: '12,00' };
    const r = computeStCalculation(
      interstate,
      { option: 'nacional', regime: 'normal', method: 'mva', year: 2030 },
      '40',
    );
    expect(r.mva).toBe(47.85);
    expect(r.result).toMatchObject({ ipi: 0, icms: 96, stBase: 1478.5, stValue: 116.9, icmsShare: 0.8 });
  });
  it('2033: no ICMS and no ST', () => {
    const r = computeStCalculation(typed, { option: 'interna', regime: 'normal', method: 'mva', year: 2033 }, '40');
    expect(r.result).toMatchObject({ icms: 0, stBase: 0, stValue: 0 });
  });
});

describe('computeStCalculation with the interstate ST agreement (issue 37)', () => {
  // A row as an Admin records it: Protocolo ICMS 41/2008 (autopeças) SP → MG, MVA original as the row holds it.
  const agreement = {
    situacao: 'com-acordo' as const,
    instrumento: 'Protocolo ICMS 41/2008',
    mvaOriginal: 71.78,
    fonte: { url: 'https://www.confaz.fazenda.gov.br/legislacao/protocolos/2008/pt041_08', nota: null },
  };
  const normal = { option: 'nacional' as const, regime: 'normal' as const, method: 'mva' as const };

  it('a rule without IVA takes the agreement’s MVA original (Conv. ICMS 142/2018, cláusula décima primeira)', () => {
    // [(1 + 0,7178) × (1 − 0,12) / (1 − 0,18)] − 1 = 84,35 %; base 2.000 × 1,8435 = 3.687,00.
    const r = computeStCalculation(inputs(), normal, null, agreement);
    expect(r).toMatchObject({ mva: 84.35, mvaFrom: 'acordo', result: { stBase: 3687 } });
  });

  it('the rule’s IVA wins; without data (or without agreement) nothing is lent', () => {
    expect(computeStCalculation(inputs(), normal, '40', agreement)).toMatchObject({ mva: 50.24, mvaFrom: 'informada' });
    // No MVA anywhere: 0 % adjusted from 12 % to 18 % = (0,88 / 0,82) − 1 = 7,32 %, as before the agreements data.
    expect(computeStCalculation(inputs(), normal, null, { situacao: 'sem-dados' })).toMatchObject({
      mva: 7.32,
      mvaFrom: null,
    });
    expect(
      computeStCalculation(inputs(), normal, null, { situacao: 'sem-acordo', instrumento: 'x', mvaOriginal: 30 }),
    ).toMatchObject({ mvaFrom: null });
  });
});
