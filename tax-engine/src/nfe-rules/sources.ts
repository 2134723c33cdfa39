import type { Period, RuleSource } from './types.js';

/** MOC 7.0, annex I ("Leiaute e Regras de Validação da NF-e e da NFC-e"), the group's table of rules. */
export const moc = (grupo: string): RuleSource => ({
  documento: 'MOC 7.0 Anexo I',
  versao: '7.00',
  secao: `Regras de Validação, grupo ${grupo}`,
  url: 'https://www.nfe.fazenda.gov.br/portal/listaConteudo.aspx?tipoConteudo=ndIjl+iEFdE=',
});

/** NT 2025.002-RTC (IBS, CBS and IS in the NF-e/NFC-e), its table of new and changed rules. */
export const nt2025002 = (grupo: string, versao = '1.40'): RuleSource => ({
  documento: 'NT 2025.002-RTC',
  versao,
  secao: `Regras de Validação, grupo ${grupo}`,
  url: 'https://www.nfe.fazenda.gov.br/portal/listaConteudo.aspx?tipoConteudo=04BIflQt1aY=',
});

/** MOC rules: in force for every layout 4.00 document in both environments. */
export const always: { producao: Period; homologacao: Period } = {
  producao: { desde: null },
  homologacao: { desde: null },
};

/**
 * NT 2025.002's rules on the IBS/CBS groups: applied when the groups are informed, in homologation from 01/07/2025
 * and in production from 06/10/2025 (the NT's schedule; before that production refused the groups by schema).
 */
export const rtc: { producao: Period; homologacao: Period } = {
  producao: { desde: '2025-10-06' },
  homologacao: { desde: '2025-07-01' },
};
