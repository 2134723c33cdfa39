import {
  companyDefaults,
  companyEnvironmentLabels,
  companyEnvironments,
  companyStatuses,
  companyStatusLabels,
  crtLabels,
  crts,
  pisCofinsIcmsBaseLabels,
  pisCofinsIcmsBases,
  regimeEspecialLabels,
  regimesEspeciais,
  regimesTributarios,
  regimeTributarioLabels,
  type TCompanyInput,
  type TCompanyStatus,
} from '@app/contract';

/** Select data of the partner company form, built from the contract's option lists (spec 01 §3). */
const toOptions = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

export const crtOptions = toOptions(crts, crtLabels);
/** Regime Tributário and Enquadramento share one list. */
export const regimeOptions = toOptions(regimesTributarios, regimeTributarioLabels);
export const regimeEspecialOptions = toOptions(regimesEspeciais, regimeEspecialLabels);
export const statusOptions = toOptions(companyStatuses, companyStatusLabels);
export const environmentOptions = toOptions(companyEnvironments, companyEnvironmentLabels);
/** PIS/COFINS base with or without the ICMS (Tema 69): the documents audit reads the company's choice. */
export const pisCofinsBaseOptions = toOptions(pisCofinsIcmsBases, pisCofinsIcmsBaseLabels);
export const yesNoOptions = [
  { value: 'true', label: 'Sim' },
  { value: 'false', label: 'Não' },
];

export const companyStatusColors: Record<TCompanyStatus, string> = {
  Pending: 'yellow',
  Active: 'green',
  Blocked: 'red',
};

/** The form state: every field present (the contract input leaves defaults optional). */
export type CompanyFormValues = Required<Omit<TCompanyInput, 'partnerId'>> & { partnerId: string | null };

/** Creation-form defaults of spec 01 §3 (status Pending, environment Prod). */
export const newCompanyValues: CompanyFormValues = {
  ...companyDefaults,
  document: '',
  uf: '',
  razaoSocial: '',
  nomeFantasia: '',
  partnerId: null,
};
