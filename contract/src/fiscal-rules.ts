import { z } from 'zod';
import { ZUf, ZUuid } from './common.js';

/**
 * Fiscal rules (spec 02 §2 "Fiscal rules screen", §3, §4, §5, §7 "Fiscal rules").
 * Rates and amounts travel as decimal strings with a dot ("18.0000"), never as floats; the server
 * stores them as NUMERIC. Percentages are percent values (18 = 18 %).
 */

export const fiscalRuleStatuses = ['Unchecked', 'Checked'] as const;
export const ZFiscalRuleStatus = z.enum(fiscalRuleStatuses);
export type TFiscalRuleStatus = z.infer<typeof ZFiscalRuleStatus>;
export const fiscalRuleStatusLabels: Record<TFiscalRuleStatus, string> = {
  Unchecked: 'Não Verificado',
  Checked: 'Verificado',
};

export const productRuleStatuses = ['Unchecked', 'Checked', 'Detached'] as const;
export const ZProductRuleStatus = z.enum(productRuleStatuses);
export type TProductRuleStatus = z.infer<typeof ZProductRuleStatus>;
export const productRuleStatusLabels: Record<TProductRuleStatus, string> = {
  Unchecked: 'Não Verificado',
  Checked: 'Verificado',
  Detached: 'Desvinculado',
};

export const NAMED_RULE_MIN_LENGTH = 6;
export const NAMED_RULE_MAX_LENGTH = 299;
export const FISCAL_RULES_PAGE_SIZE = 15;

export const fiscalRuleMessages = {
  nameRequired: 'É necessário informar um nome válido para regra fiscal!',
  nameLength: 'O nome da regra fiscal precisa ter no mínimo 5 caracteres e no máximo 300 caracteres!',
  ncmRequired: 'É necessário informar um NCM para regra fiscal!',
  notClassified: 'Produto não está classificado',
  partnerUfMismatch:
    'Um ou mais produtos selecionados pertencem a empresas com a UF diferente da Regra Fiscal selecionada, verifique!',
  memberUfMismatch: 'A Regra selecionada não pode ser de uma UF diferente da UF da empresa',
  selectRule: 'Selecione uma regra!',
  createdNamed: 'Regra fiscal nomeada criada com sucesso!',
} as const;

// ---------- scalar pieces ----------

/** Decimal string as answered by the server ("18.0000"); null when the rule leaves it empty. */
export const ZDecimalOut = z.string().nullable();

/** Rate input: "18", "18.5", "18,50" (up to 3 integer and 4 decimal digits); '' or null = empty. */
export const ZRateInput = z
  .union([
    z.literal(''),
    z
      .string()
      .trim()
      .regex(/^\d{1,3}([.,]\d{1,4})?$/, { message: 'Percentual inválido.' }),
  ])
  .nullish()
  .transform((v) => (v === '' || v == null ? null : v.replace(',', '.')));

/** Optional short code (CST, CFOP, cEnq…): digits only; '' or null = empty. */
const codeInput = (max: number, message: string) =>
  z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .regex(new RegExp(`^\\d{1,${max}}$`), { message }),
    ])
    .nullish()
    .transform((v) => (v === '' || v == null ? null : v));

/** NCM with or without dots; the server stores 8 digits. */
export const ZNcmInput = z
  .string({ message: fiscalRuleMessages.ncmRequired })
  .transform((v) => v.replace(/[.\s]/g, ''))
  .pipe(
    z
      .string()
      .min(1, { message: fiscalRuleMessages.ncmRequired })
      .regex(/^\d{8}$/, { message: 'NCM inválido.' }),
  );

/** CEST with or without dots: 7 digits; '' or null = no CEST. */
export const ZCestInput = z
  .union([z.literal(''), z.string()])
  .nullish()
  .transform((v) => (v ? v.replace(/[.\s]/g, '') : null))
  .pipe(
    z
      .string()
      .regex(/^\d{7}$/, { message: 'CEST inválido.' })
      .nullable(),
  );

// ---------- the rule as answered ----------

export const ZProtocol = z.object({
  name: z.string(),
  description: z.string().nullable(),
  exempted: z.boolean(),
  subsTrib: z.boolean(),
  respTrib: z.string().nullable(),
  aliqIcmsInterestadual: ZDecimalOut,
  redBcInterestadual: ZDecimalOut,
  aliqEfetiva: ZDecimalOut,
  iva: ZDecimalOut,
  validityIn: z.string().nullable(),
  endOfValidityIn: z.string().nullable(),
});
export type TProtocol = z.infer<typeof ZProtocol>;

export const ZFederalRule = z.object({
  description: z.string().nullable(),
  ncm: z.string(),
  ncmDescription: z.string().nullable(),
  cest: z.string().nullable(),
  codANP: z.string().nullable(),
  piscofins: z.object({
    nri: z.string().nullable(),
    aliqPIS: ZDecimalOut,
    pisCstEntrada: z.string().nullable(),
    pisCstSaida: z.string().nullable(),
    aliqCOFINS: ZDecimalOut,
    cofinsCstEntrada: z.string().nullable(),
    cofinsCstSaida: z.string().nullable(),
  }),
  ipi: z.object({
    aliq: ZDecimalOut,
    codEnq: z.string().nullable(),
    cstEntrada: z.string().nullable(),
    cstSaida: z.string().nullable(),
    ex: z.string().nullable(),
  }),
  cbs: z.object({
    cst: z.string().nullable(),
    cstDescricao: z.string().nullable(),
    cClassTrib: z.string().nullable(),
    cClassTribDescricao: z.string().nullable(),
    aliq: ZDecimalOut,
    reducao: ZDecimalOut,
    reducaoBaseCalculo: ZDecimalOut,
  }),
});
export type TFederalRule = z.infer<typeof ZFederalRule>;

export const ZStateRule = z.object({
  uf: ZUf,
  cfopEntrada: z.string().nullable(),
  cfopSaida: z.string().nullable(),
  cstICMS: z.string().nullable(),
  cstCSOSN: z.string().nullable(),
  aliqICMS: ZDecimalOut,
  aliqICMSST: ZDecimalOut,
  redBCICMS: ZDecimalOut,
  redBCICMSST: ZDecimalOut,
  iva: ZDecimalOut,
  /** Adjusted MVA for 4 % and 12 % interstate entries, computed by the server from IVA. */
  mvaAjustado4: ZDecimalOut,
  mvaAjustado12: ZDecimalOut,
  fcp: ZDecimalOut,
  codBenef: z.string().nullable(),
  antecipado: z.boolean(),
  pDifer: ZDecimalOut,
  desonerado: z.boolean(),
  isencao: ZDecimalOut,
  picmspdv: ZDecimalOut,
  simbPDV: z.string().nullable(),
  ibs: z.object({
    aliqUF: ZDecimalOut,
    aliqMun: ZDecimalOut,
    reducao: ZDecimalOut,
    reducaoBaseCalculo: ZDecimalOut,
  }),
  icmsPdv: z.object({
    cstCsosn: z.string().nullable(),
    aliquota: ZDecimalOut,
    fcp: ZDecimalOut,
    reducaoBC: ZDecimalOut,
    aliquotaEfetiva: ZDecimalOut,
  }),
});
export type TStateRule = z.infer<typeof ZStateRule>;

/** One rule at one version. `description` is present only for named rules. */
export const ZFiscalRule = z.object({
  id: ZUuid,
  description: z.string().nullable(),
  isNamed: z.boolean(),
  status: ZFiscalRuleStatus,
  versionId: ZUuid,
  /** Start (and end, null = current) of the version shown, ISO date-time. */
  validFrom: z.string(),
  validTo: z.string().nullable(),
  federalRule: ZFederalRule,
  stateRule: ZStateRule,
  protocol: ZProtocol.nullable(),
  agreement: ZProtocol.nullable(),
});
export type TFiscalRule = z.infer<typeof ZFiscalRule>;

// ---------- groupings (fiscal rules screen) ----------

export const ZFiscalRuleFilters = z.object({
  amountPerPage: z.coerce.number().int().min(1).max(100).default(FISCAL_RULES_PAGE_SIZE),
  page: z.coerce.number().int().min(1).default(1),
  ncm: z.string().optional(),
  cest: z.string().optional(),
  uf: z.union([ZUf, z.literal('')]).optional(),
  cfopEntrada: z.string().optional(),
  cfopSaida: z.string().optional(),
  /** ICMS % ("18", "18,00" or "18.00"); empty = any. Anything else is refused (it used to list everything). */
  aliqICMS: z
    .string()
    .trim()
    .regex(/^(\d{1,3}([.,]\d{0,4})?)?$/, {
      message: 'Alíquota de ICMS inválida: informe um percentual, como 18 ou 18,00.',
    })
    .optional(),
  productDescription: z.string().optional(),
  /** 'Checked' | 'Unchecked'; anything else ('' / 'all') = every status. */
  status: z.string().optional(),
  gtin: z.string().optional(),
});
export type TFiscalRuleFilters = z.input<typeof ZFiscalRuleFilters>;

/** A state rule as a row of the detail table of a grouping. */
export const ZStateRuleRow = z.object({
  id: ZUuid,
  description: z.string().nullable(),
  isNamed: z.boolean(),
  status: ZFiscalRuleStatus,
  uf: ZUf,
  cfopEntrada: z.string().nullable(),
  cfopSaida: z.string().nullable(),
  cstICMS: z.string().nullable(),
  cstCSOSN: z.string().nullable(),
  aliqICMS: ZDecimalOut,
  redBCICMS: ZDecimalOut,
  aliqICMSST: ZDecimalOut,
  redBCICMSST: ZDecimalOut,
  pisCstEntrada: z.string().nullable(),
  pisCstSaida: z.string().nullable(),
  aliqPIS: ZDecimalOut,
  cofinsCstEntrada: z.string().nullable(),
  cofinsCstSaida: z.string().nullable(),
  aliqCOFINS: ZDecimalOut,
  ipiEx: z.string().nullable(),
  ipiCstEntrada: z.string().nullable(),
  ipiCstSaida: z.string().nullable(),
});
export type TStateRuleRow = z.infer<typeof ZStateRuleRow>;

export const ZFiscalRuleGroup = z.object({
  ncm: z.string(),
  cest: z.string().nullable(),
  ncmDescription: z.string().nullable(),
  products: z.array(ZStateRuleRow),
});
export type TFiscalRuleGroup = z.infer<typeof ZFiscalRuleGroup>;

export const ZFiscalRuleGroupingPage = z.object({
  currentPage: z.number().int(),
  pages: z.number().int().min(1),
  count: z.number().int(),
  objects: z.array(ZFiscalRuleGroup),
});
export type TFiscalRuleGroupingPage = z.infer<typeof ZFiscalRuleGroupingPage>;

export const ZFiscalRuleGroupDetailsQuery = z.object({ ncm: z.string().min(1), cest: z.string().optional() });
export const ZFiscalRuleGroupDetails = z.object({
  ncm: z.string(),
  cest: z.string().nullable(),
  ncmDescription: z.string().nullable(),
  rules: z.array(ZFiscalRule),
});
export type TFiscalRuleGroupDetails = z.infer<typeof ZFiscalRuleGroupDetails>;

// ---------- rule details for a product (Product details, spec 02 §3) ----------

export const ZRuleIdParams = z.object({ id: ZUuid });
export const ZProductIdParams = z.object({ productId: ZUuid });

export const ZRuleDetailsQuery = z.object({
  productId: ZUuid.optional(),
  /** ISO date-time: show the version that applied then (omitted = current). */
  validity: z.iso.datetime({ offset: true, local: true, message: 'Data de vigência inválida.' }).optional(),
});

export const ZProductRuleDetails = z.object({
  productId: ZUuid.nullable(),
  productDescription: z.string().nullable(),
  fiscalRuleId: ZUuid,
  federalRulesGroup: z.object({
    ncm: z.string(),
    cest: z.string().nullable(),
    codANP: z.string().nullable(),
    pmc: ZDecimalOut,
    ncmDescription: z.string().nullable(),
    importTax: ZDecimalOut,
    piscofins: z.object({
      cstEntrada: z.string().nullable(),
      cstSaida: z.string().nullable(),
      aliqPIS: ZDecimalOut,
      aliqCOFINS: ZDecimalOut,
      redPIS: ZDecimalOut,
      redCOFINS: ZDecimalOut,
      nri: z.string().nullable(),
      ampLegal: z.string().nullable(),
    }),
    ipi: z.object({
      cstEntrada: z.string().nullable(),
      cstSaida: z.string().nullable(),
      aliq: ZDecimalOut,
      codEnq: z.string().nullable(),
      ex: z.string().nullable(),
    }),
    cbs: ZFederalRule.shape.cbs,
  }),
  stateRulesGroup: z.object({
    uf: ZUf,
    cfop: z.string().nullable(),
    cfopEntrada: z.string().nullable(),
    cst: z.string().nullable(),
    csosn: z.string().nullable(),
    codBenef: z.string().nullable(),
    aliqICMSInterna: ZDecimalOut,
    aliqICMSInterestadual: ZDecimalOut,
    aliqICMSST: ZDecimalOut,
    redBCICMS: ZDecimalOut,
    redBCICMSST: ZDecimalOut,
    redBCICMSInterestadual: ZDecimalOut,
    iva: ZDecimalOut,
    /** Adjusted IVA (MVA) for a 12 % interstate entry; mvaAjustado4 / 12 give both. */
    ivaaJust: ZDecimalOut,
    mvaAjustado4: ZDecimalOut,
    mvaAjustado12: ZDecimalOut,
    fcp: ZDecimalOut,
    pDifer: ZDecimalOut,
    antecipado: z.boolean(),
    desonerado: z.boolean(),
    exempted: z.boolean(),
    exemption: ZDecimalOut,
    tpCalcDifal: z.number().int(),
    ampLegal: z.string().nullable(),
    picmspdv: ZDecimalOut,
    simbPDV: z.string().nullable(),
    ibs: ZStateRule.shape.ibs,
    icmsPdv: ZStateRule.shape.icmsPdv,
    protocol: ZProtocol.extend({ protName: z.string() }).omit({ name: true }).nullable(),
    agreement: ZProtocol.extend({ convName: z.string() }).omit({ name: true }).nullable(),
  }),
  /** Start of the version shown (ISO date-time). */
  validityIn: z.string(),
  /** Start dates of the versions this product has had, newest first (the date selector). */
  dates: z.array(z.string()),
  rule: ZFiscalRule,
});
export type TProductRuleDetails = z.infer<typeof ZProductRuleDetails>;

// ---------- products of a rule ----------

export const ZRuleProductsQuery = z.object({ search: z.string().optional() });
export const ZRuleProduct = z.object({
  id: ZUuid,
  internalCode: z.string(),
  gtin: z.string().nullable(),
  description: z.string(),
  companyId: ZUuid,
  fiscalRuleId: ZUuid.nullable(),
  fiscalRuleStatus: ZProductRuleStatus.nullable(),
});
export type TRuleProduct = z.infer<typeof ZRuleProduct>;
/**
 * found: products linked to the rule (link not Detached). notFound: products of companies in the
 * rule's UF with the rule's NCM (and CEST when the rule has one) that are not linked to it.
 * Both lists are limited to the caller's partner (Admin: every partner) and to 500 rows each.
 */
export const ZRuleProducts = z.object({ found: z.array(ZRuleProduct), notFound: z.array(ZRuleProduct) });
export type TRuleProducts = z.infer<typeof ZRuleProducts>;

export const ZRuleHistoryItem = z.object({ fiscalRuleId: ZUuid, versionId: ZUuid, date: z.string() });
export type TRuleHistoryItem = z.infer<typeof ZRuleHistoryItem>;

// ---------- named rules ----------

/** Named rule create/update payload (spec 02 §3 "Named rule creation payload"). */
export const ZNamedRuleInput = z.object({
  description: z
    .string({ message: fiscalRuleMessages.nameRequired })
    .trim()
    .min(1, { message: fiscalRuleMessages.nameRequired })
    .min(NAMED_RULE_MIN_LENGTH, { message: fiscalRuleMessages.nameLength })
    .max(NAMED_RULE_MAX_LENGTH, { message: fiscalRuleMessages.nameLength }),
  ncm: ZNcmInput,
  cest: ZCestInput.optional(),
  codANP: codeInput(9, 'Código ANP inválido.'),
  cstPisEntrada: codeInput(3, 'CST PIS inválido.'),
  cstPisSaida: codeInput(3, 'CST PIS inválido.'),
  cstCofinsEntrada: codeInput(3, 'CST COFINS inválido.'),
  cstCofinsSaida: codeInput(3, 'CST COFINS inválido.'),
  cstIpiEntrada: codeInput(3, 'CST IPI inválido.'),
  cstIpiSaida: codeInput(3, 'CST IPI inválido.'),
  aliqPIS: ZRateInput,
  aliqCOFINS: ZRateInput,
  aliqIPI: ZRateInput,
  nri: codeInput(3, 'NRI inválido.'),
  codENQ: codeInput(3, 'Código de enquadramento inválido.'),
  ex: codeInput(3, 'EX inválido.'),
  uf: ZUf,
  cfopEntrada: codeInput(4, 'CFOP inválido.'),
  cfopSaida: codeInput(4, 'CFOP inválido.'),
  CSTICMS: codeInput(3, 'CST ICMS inválido.'),
  csosnicms: codeInput(3, 'CSOSN inválido.'),
  aliqICMS: ZRateInput,
  aliqICMSST: ZRateInput,
  redBCICMS: ZRateInput,
  redBCICMSST: ZRateInput,
  picmsPdv: ZRateInput,
  simbPdv: z.string().trim().max(20).nullish(),
  iva: ZRateInput,
  fcp: ZRateInput,
  CodBeneficio: z.string().trim().max(10).nullish(),
  antecipado: z.boolean().optional(),
  pDifer: ZRateInput,
  desonerado: z.boolean().optional(),
  isencao: ZRateInput,
  /** Tax reform (optional, not in the modal): CBS federal part and IBS state part. */
  cbsCst: codeInput(3, 'CST CBS inválido.'),
  cbsCClassTrib: codeInput(6, 'cClassTrib inválido.'),
  aliqCBS: ZRateInput,
  redCBS: ZRateInput,
  ibsAliqUF: ZRateInput,
  ibsAliqMun: ZRateInput,
  redIBS: ZRateInput,
});
export type TNamedRuleInput = z.input<typeof ZNamedRuleInput>;
export type TNamedRuleData = z.output<typeof ZNamedRuleInput>;

/**
 * PUT /fiscal-rules/:id — edit (closes the current version and opens a new one). Same fields;
 * description is required for named rules and must be empty for base rules.
 */
export const ZFiscalRuleUpdateInput = ZNamedRuleInput.extend({
  description: ZNamedRuleInput.shape.description.nullish(),
});
export type TFiscalRuleUpdateInput = z.input<typeof ZFiscalRuleUpdateInput>;

export const ZCreatedRule = z.object({ id: ZUuid });

export const ZNamedRulesQuery = z.object({ description: z.string().optional() });
export const ZNamedRuleListItem = z.object({
  id: ZUuid,
  description: z.string(),
  ncm: z.string(),
  cest: z.string().nullable(),
  uf: ZUf,
  status: ZFiscalRuleStatus,
  cstICMS: z.string().nullable(),
  cstCSOSN: z.string().nullable(),
  aliqICMS: ZDecimalOut,
});
export type TNamedRuleListItem = z.infer<typeof ZNamedRuleListItem>;
export const ZNamedRuleList = z.array(ZNamedRuleListItem);

/**
 * PUT /fiscal-rules/products/link — bind products to a (named) rule. Staff: products of their
 * partner's companies (Admin: any); Members: products of their linked companies. Every product's
 * company UF must equal the rule's UF (partner and member messages in fiscalRuleMessages).
 */
export const ZLinkProductsInput = z.object({
  fiscalRuleId: z.uuid({ message: fiscalRuleMessages.selectRule }),
  uf: ZUf,
  productsId: z
    .array(ZUuid)
    .min(1, { message: 'É preciso marcar ao menos um produto para realizar a vinculação!' })
    .max(300),
});
export type TLinkProductsInput = z.input<typeof ZLinkProductsInput>;
