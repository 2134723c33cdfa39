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
 * Rules NT 2019.001 created (B03-10, E03a-30, E14-30, E16a-40, H02-10, N18-10, N18-20; the annex's rows cite it):
 * production from 02/09/2019 for every version up to v1.20 (the NT's schedule as published pages quote it); homologation
 * 01/07/2019 for v1.00/v1.10 and "até 26/08/2019" for v1.20 — the later date is used for all of them, since the NT's
 * own table was not read and a late start only costs recall.
 */
export const fromNt2019001: { producao: Period; homologacao: Period } = {
  producao: { desde: '2019-09-02' },
  homologacao: { desde: '2019-08-26' },
};

/**
 * NT 2025.002's rules on the IBS/CBS groups: applied when the groups are informed, in homologation from 01/07/2025
 * and in production from 06/10/2025 (the NT's schedule; before that production refused the groups by schema).
 */
/** Rows in force in production from 01/07/2016 (the annex's date for N12a-70, N12-70 and the ICMSUFDest rules). */
export const prodFrom2016: { producao: Period; homologacao: Period } = {
  producao: { desde: '2016-07-01' },
  homologacao: { desde: null },
};

export const rtc: { producao: Period; homologacao: Period } = {
  producao: { desde: '2025-10-06' },
  homologacao: { desde: '2025-07-01' },
};
