import { z } from 'zod';
import { isValidCnpj } from './cnpj.js';
import { ufs, ZUuid } from './common.js';

/** Option lists of the company form (spec 01 §3), with the labels the web shows. */
export const crts = ['SimplesNacional', 'SNComExcessoSublimiteDeReceitaBruta', 'RegimeNormal'] as const;
// With the NF-e code of each regime (CRT 1, 2, 3; issue 13: option codes shown with their meaning).
export const crtLabels: Record<TCrt, string> = {
  SimplesNacional: '1 - Simples Nacional',
  SNComExcessoSublimiteDeReceitaBruta: '2 - Simples Nacional com excesso de sublimite de receita bruta',
  RegimeNormal: '3 - Regime Normal',
};

/** Regime Tributário and Enquadramento share the same list. */
export const regimesTributarios = ['SimplesNacional', 'LucroReal', 'LucroPresumido'] as const;
export const regimeTributarioLabels: Record<TRegimeTributario, string> = {
  SimplesNacional: 'Simples Nacional',
  LucroReal: 'Lucro Real',
  LucroPresumido: 'Lucro Presumido',
};

export const regimesEspeciais = ['N', 'S', 'SP62647', 'SP62843', 'TO291206', 'GO482597', 'MG_PRODINT'] as const;
export const regimeEspecialLabels: Record<TRegimeEspecial, string> = {
  N: 'Não',
  S: 'Sim',
  // The code and what it refers to (issue 13): the bare code told the analyst nothing.
  SP62647: 'SP62647 - Decreto SP nº 62.647',
  SP62843: 'SP62843 - Decreto SP nº 62.843',
  TO291206: 'TO291206 - Regime especial do Tocantins',
  GO482597: 'GO482597 - Regime especial de Goiás',
  MG_PRODINT: 'MG_PRODINT - Regime especial PRODINT de Minas Gerais',
};

export const companyStatuses = ['Pending', 'Active', 'Blocked'] as const;
export const companyStatusLabels: Record<TCompanyStatus, string> = {
  Pending: 'Pendente',
  Active: 'Ativa',
  Blocked: 'Bloqueada',
};

export const companyEnvironments = ['Prod', 'Homolog'] as const;
export const companyEnvironmentLabels: Record<TCompanyEnvironment, string> = {
  Prod: 'Produção',
  Homolog: 'Homologação',
};

export const contribuinteIcmsOptions = [
  { value: true, label: 'Sim' },
  { value: false, label: 'Não' },
] as const;

export const ZCrt = z.enum(crts, { message: 'CRT inválido.' });

/**
 * PIS/COFINS base with or without the ICMS (STF RE 574.706, Tema 69): the issuer's choice, read from each of its
 * documents ('auto') or declared; the documents audit treats a document that follows it as clean (decision 058).
 */
export const pisCofinsIcmsBases = ['auto', 'sem-icms', 'com-icms'] as const;
export type TPisCofinsIcmsBase = (typeof pisCofinsIcmsBases)[number];
export const pisCofinsIcmsBaseLabels: Record<TPisCofinsIcmsBase, string> = {
  auto: 'Conforme os documentos (detectar)',
  'sem-icms': 'Sem o ICMS na base (Tema 69)',
  'com-icms': 'Com o ICMS na base',
};
export const ZPisCofinsIcmsBase = z.enum(pisCofinsIcmsBases, {
  message: 'Base do PIS/COFINS: escolha conforme os documentos, sem o ICMS ou com o ICMS na base.',
});
export const ZRegimeTributario = z.enum(regimesTributarios, { message: 'Regime tributário inválido.' });
export const ZRegimeEspecial = z.enum(regimesEspeciais, { message: 'Regime especial inválido.' });
export const ZCompanyStatus = z.enum(companyStatuses, { message: 'Situação inválida.' });
export const ZCompanyEnvironment = z.enum(companyEnvironments, { message: 'Ambiente inválido.' });
export type TCrt = z.infer<typeof ZCrt>;
export type TRegimeTributario = z.infer<typeof ZRegimeTributario>;
export type TRegimeEspecial = z.infer<typeof ZRegimeEspecial>;
export type TCompanyStatus = z.infer<typeof ZCompanyStatus>;
export type TCompanyEnvironment = z.infer<typeof ZCompanyEnvironment>;

export const COMPANY_MESSAGES = {
  cnpjInvalid: 'CNPJ inválido!',
  razaoSocialRequired: 'Informe a Razão Social da empresa!',
  nomeFantasiaRequired: 'Informe o Nome Fantasia da empresa!',
  razaoSocialTooLong: 'A Razão Social deve ter no máximo 200 caracteres.',
  nomeFantasiaTooLong: 'O Nome Fantasia deve ter no máximo 200 caracteres.',
  ufRequired: 'Informe a UF da empresa!',
  cnaeRequired:
    'Foi informado que a empresa utiliza CNAE, porém nenhum CNAE foi informado. Por favor, verifique essa informação.',
  cnaeInvalid: 'CNAE inválido: informe a subclasse CNAE de 7 dígitos (ex.: 4711-3/02).',
  partnerRequired: 'Informe o parceiro da empresa!',
  deleteNameMismatch: 'Não foi possível seguir com a exclusão da empresa, a razão social digitada está incorreta',
  created: 'Empresa cadastrada com sucesso!',
  createFailed: 'Erro ao cadastrar empresa, verifique todos os dados!',
  updated: 'Empresa alterada com sucesso!',
  deleted: 'Empresa excluída com sucesso!',
  verifiedActive: 'Conta do integrador Ativa',
  verifiedInactive: 'Conta do integrador Inativa',
} as const;

/** New-company defaults (spec 01 §3). */
export const companyDefaults = {
  cnae: '',
  useCNAE: false,
  crt: 'SimplesNacional',
  regimeTributario: 'SimplesNacional',
  codigoFaixaEnquadramento: 'SimplesNacional',
  regimeEspecial: 'N',
  contribuinteICMS: false,
  status: 'Pending',
  environment: 'Prod',
  pisCofinsIcmsBase: 'auto',
} as const;

/** A CNPJ as typed (mask allowed; numeric or alphanumeric); the server stores it normalized. */
export const ZCnpj = z
  .string({ error: COMPANY_MESSAGES.cnpjInvalid })
  .refine((v) => isValidCnpj(v), { message: COMPANY_MESSAGES.cnpjInvalid });

/**
 * A CNAE subclass (IBGE CNAE 2.3): 7 digits, typed plain (4711302) or formatted (4711-3/02); stored as its digits.
 * Empty means not informed.
 */
export const ZCnae = z
  .string({ error: COMPANY_MESSAGES.cnaeInvalid })
  .trim()
  .refine((v) => v === '' || /^\d{4}[-.]?\d\/?\d{2}$/.test(v), { message: COMPANY_MESSAGES.cnaeInvalid })
  .transform((v) => v.replace(/\D/g, ''))
  .nullish();

/** Required text of at most 200 characters; the "too long" message is not the "missing" one (issue 15). */
const requiredText = (message: string, tooLong: string) =>
  z.string({ error: message }).trim().min(1, { message }).max(200, { message: tooLong });

const companyFields = {
  document: ZCnpj,
  cnae: ZCnae,
  useCNAE: z.boolean().default(companyDefaults.useCNAE),
  // An empty or missing UF reads as "not informed"; any other unknown value is invalid.
  uf: z
    .string({ error: COMPANY_MESSAGES.ufRequired })
    .trim()
    .min(1, { message: COMPANY_MESSAGES.ufRequired })
    .toUpperCase()
    .pipe(z.enum(ufs, { message: 'UF inválida.' })),
  razaoSocial: requiredText(COMPANY_MESSAGES.razaoSocialRequired, COMPANY_MESSAGES.razaoSocialTooLong),
  nomeFantasia: requiredText(COMPANY_MESSAGES.nomeFantasiaRequired, COMPANY_MESSAGES.nomeFantasiaTooLong),
  crt: ZCrt.default(companyDefaults.crt),
  regimeTributario: ZRegimeTributario.default(companyDefaults.regimeTributario),
  regimeEspecial: ZRegimeEspecial.default(companyDefaults.regimeEspecial),
  codigoFaixaEnquadramento: ZRegimeTributario.default(companyDefaults.codigoFaixaEnquadramento),
  contribuinteICMS: z.boolean().default(companyDefaults.contribuinteICMS),
  status: ZCompanyStatus.default(companyDefaults.status),
  environment: ZCompanyEnvironment.default(companyDefaults.environment),
  pisCofinsIcmsBase: ZPisCofinsIcmsBase.default(companyDefaults.pisCofinsIcmsBase),
};

function requireCnaeWhenUsed(value: { useCNAE: boolean; cnae?: string | null }, ctx: z.RefinementCtx) {
  if (value.useCNAE && !value.cnae?.trim()) {
    ctx.addIssue({ code: 'custom', path: ['cnae'], message: COMPANY_MESSAGES.cnaeRequired });
  }
}

/**
 * POST /companies. partnerId is read only from an Admin (required then); partner staff always
 * create in their own partner. Unknown fields (emUso, fiscalService, …) are ignored.
 */
export const ZCompanyCreate = z
  // '' is what an untouched select sends: read as "not informed".
  .object({ ...companyFields, partnerId: z.union([ZUuid, z.literal('')]).nullish() })
  .superRefine(requireCnaeWhenUsed);
export type TCompanyCreate = z.output<typeof ZCompanyCreate>;
/** What the form holds before validation (defaults not yet applied). */
export type TCompanyInput = z.input<typeof ZCompanyCreate>;

/** PUT /companies/ — the whole company with its id; the owning partner never changes. */
export const ZCompanyUpdate = z.object({ id: ZUuid, ...companyFields }).superRefine(requireCnaeWhenUsed);
export type TCompanyUpdate = z.output<typeof ZCompanyUpdate>;

export const ZCompany = z.object({
  id: z.string(),
  partnerId: z.string(),
  document: z.string(),
  cnae: z.string().nullable(),
  useCNAE: z.boolean(),
  uf: z.string(),
  razaoSocial: z.string(),
  nomeFantasia: z.string(),
  crt: ZCrt,
  regimeTributario: ZRegimeTributario,
  regimeEspecial: ZRegimeEspecial,
  codigoFaixaEnquadramento: ZRegimeTributario,
  contribuinteICMS: z.boolean(),
  status: ZCompanyStatus,
  environment: ZCompanyEnvironment,
  pisCofinsIcmsBase: ZPisCofinsIcmsBase,
  /** True when members are linked (and, once products exist, when it has products): warn before deleting. */
  emUso: z.boolean(),
  fiscalService: z.string(),
});
export type TCompany = z.infer<typeof ZCompany>;
export const ZCompanyList = z.array(ZCompany);
export type TCompanyList = z.infer<typeof ZCompanyList>;

export const ZCompanyIdParams = z.object({ id: ZUuid });
export const ZMemberIdParams = z.object({ id: ZUuid });

export const ZVerifyFiscalServiceResult = z.object({ verified: z.boolean() });
export type TVerifyFiscalServiceResult = z.infer<typeof ZVerifyFiscalServiceResult>;

/** GET /companies/registry/:cnpj — public CNPJ registry lookup. */
export const ZCnpjRegistryParams = z.object({ cnpj: ZCnpj });
export const ZCnpjRegistryResult = z.discriminatedUnion('found', [
  z.object({ found: z.literal(false) }),
  z.object({
    found: z.literal(true),
    cnpj: z.string(),
    razaoSocial: z.string(),
    nomeFantasia: z.string().nullable(),
    /** Main activity (CNAE subclass), digits only. */
    cnae: z.string().nullable(),
    uf: z.string().nullable(),
    municipio: z.string().nullable(),
    codigoIbge: z.string().nullable(),
    porte: z.string().nullable(),
    simples: z.boolean(),
    mei: z.boolean(),
    situacaoCadastral: z.string().nullable(),
    inscricaoEstadual: z.string().nullable(),
  }),
]);
export type TCnpjRegistryResult = z.infer<typeof ZCnpjRegistryResult>;
export type TCnpjRegistryCompany = Extract<TCnpjRegistryResult, { found: true }>;
