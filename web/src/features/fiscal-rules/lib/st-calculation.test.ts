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
