/** Filter form of the fiscal rules screen (spec 02 §2/§3 "Rule filters"); strings as typed. */
export interface FiscalRuleFilters {
  ncm: string;
  cest: string;
  uf: string;
  cfopEntrada: string;
  cfopSaida: string;
  aliqICMS: string;
  status: '' | 'Checked' | 'Unchecked';
  gtin: string;
}

export const emptyFilters: FiscalRuleFilters = {
  ncm: '',
  cest: '',
  uf: '',
  cfopEntrada: '',
  cfopSaida: '',
  aliqICMS: '',
  status: '',
  gtin: '',
};

/** Rule list page size default (spec 02 §9). */
export const RULES_PER_PAGE = 15;

export const countActiveFilters = (f: FiscalRuleFilters) => Object.values(f).filter((v) => v !== '').length;
