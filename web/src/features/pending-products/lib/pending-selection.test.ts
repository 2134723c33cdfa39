import { describe, expect, it } from 'vitest';
import { parsePageInput, type SelectedPending, summarize, toggleSelected } from './pending-selection';

const item = (n: number, company = 'A'): SelectedPending => ({
  idProduct: `p${n}`,
  idCompany: company,
  internalCode: `C${n}`,
  gtin: null,
  description: `P ${n}`,
  companyName: `Empresa ${company}`,
  companyUf: company === 'A' ? 'SP' : 'RJ',
});

describe('pending selection', () => {
  it('toggles and refuses a 301st product', () => {
    const full = Array.from({ length: 300 }, (_, i) => item(i));
    expect(toggleSelected(full, item(999)).refused).toBe(true);
    expect(toggleSelected(full, item(5)).selection).toHaveLength(299);
    expect(toggleSelected([], item(1)).selection).toEqual([item(1)]);
  });

  it('summarizes per company with UF and count', () => {
    expect(summarize([item(1), item(2), item(3, 'B')])).toEqual([
      { idCompany: 'A', companyName: 'Empresa A', companyUf: 'SP', count: 2 },
      { idCompany: 'B', companyName: 'Empresa B', companyUf: 'RJ', count: 1 },
    ]);
  });

  it('page input keeps digits and refuses pages above the last', () => {
    expect(parsePageInput('1a2', 20)).toEqual({ text: '12', page: 12 });
    expect(parsePageInput('35', 20)).toEqual({ text: '20', page: null });
    expect(parsePageInput('', 20)).toEqual({ text: '', page: null });
  });
});
