import { z } from 'zod';
import { ZUf, ZUuid } from './common.js';

/**
 * Operations query (spec 02 §2 "Operations query modal", §3 "Operations query payload" and
 * "Operation", §5, §9): POST /products/fiscalservice/operations. The server applies the tax
 * engine (@app/tax-engine) to the product's fiscal rule and answers the operations with CFOP,
 * CST/CSOSN and every rate of the Operation details cards. Rates are numbers in percent
 * (18 = 18 %), already rounded to 2 places; null means the rule leaves the field empty.
 */

export const operationsMessages = {
  ufRequired: 'Preencha o campo da UF corretamente!',
  operationRequired: 'Preencha o campo do CFOP corretamente!',
  notClassified: 'Produto não está classificado',
  nothingFound: 'Nenhum dado foi encontrado!',
  failed: 'Erro ao visualizar operações!',
  /** The partner side queries a global product for one of its companies: which one must be chosen. */
  companyRequired: 'Selecione a empresa da consulta!',
} as const;

/** The all-zero GUID the client sends when it has no product id (global products screen). */
export const NIL_PRODUCT_ID = '00000000-0000-0000-0000-000000000000';

// ---------- option lists (spec 02 §9) ----------

export const operationKinds = ['venda', 'compra'] as const;
export type TOperationKind = (typeof operationKinds)[number];
export const operationKindOptions: readonly { value: TOperationKind; label: string }[] = [
  { value: 'venda', label: 'Venda' },
  { value: 'compra', label: 'Compra' },
];

export const caracTribValues = [0, 1, 2, 3, 4, 6, 7, 8] as const;
export type TCaracTrib = (typeof caracTribValues)[number];
export const caracTribOptions: readonly { value: TCaracTrib; label: string }[] = [
  { value: 0, label: 'Industrial' },
  { value: 1, label: 'Distribuidor' },
  { value: 2, label: 'Atacadista' },
  { value: 3, label: 'Varejista' },
  { value: 4, label: 'Produtor Rural PJ' },
  { value: 6, label: 'Produtor Rural PF' },
  { value: 7, label: 'PJ não contribuinte' },
  { value: 8, label: 'PF não contribuinte' },
];
/** caracTrib values of buyers that are not ICMS contributors (DIFAL applies to them). */
export const nonContributorCaracTribs: readonly TCaracTrib[] = [7, 8];

export const finalityValues = [0, 1, 2] as const;
export type TFinality = (typeof finalityValues)[number];
export const finalityOptions: readonly { value: TFinality; label: string }[] = [
  { value: 0, label: 'Revenda' },
  { value: 1, label: 'Insumo' },
  { value: 2, label: 'Uso e Consumo ou Ativo Imobilizado' },
];

export const yesNoOptions: readonly { value: 'S' | 'N'; label: string }[] = [
  { value: 'S', label: 'Sim' },
  { value: 'N', label: 'Não' },
];

/** Spec 02 §9 "Operations defaults". */
export const operationsDefaults = {
  cfop: 'venda' as TOperationKind,
  caracTrib: [3] as TCaracTrib[],
  finality: 0 as TFinality,
  simplesN: 'N' as const,
  substICMS: 'N' as const,
};

// ---------- payload ----------

const ZYesNo = z.enum(['S', 'N']);

export const ZOperationsQuery = z.object({
  companyId: ZUuid,
  /** Product id, or the all-zero GUID with CodeIntegrator naming the global product. */
  productId: z.uuid({ message: 'Identificador inválido.' }),
  CodeIntegrator: z.string().trim().max(60).nullish(),
  uf: z.enum(ZUf.options, { message: operationsMessages.ufRequired }),
  /** The "Operação" field (spec calls it the cfop field): venda or compra. */
  cfop: z.enum(operationKinds, { message: operationsMessages.operationRequired }),
  caracTrib: z
    .array(z.literal(caracTribValues, { message: 'Característica Tributária inválida.' }))
    .length(1, { message: 'Característica Tributária inválida.' })
    .default([3]),
  finality: z.literal(finalityValues, { message: 'Finalidade do Produto inválida.' }).default(0),
  simplesN: ZYesNo.default('N'),
  substICMS: ZYesNo.default('N'),
});
export type TOperationsQuery = z.infer<typeof ZOperationsQuery>;
export type TOperationsQueryInput = z.input<typeof ZOperationsQuery>;

// ---------- response ----------

const rate = z.number().nullable();

export const ZOperationAgreementFields = z.object({
  description: z.string().nullable(),
  exempted: z.boolean(),
  subsTrib: z.boolean(),
  respTrib: z.string().nullable(),
  aliqIcmsInterestadual: rate,
  redBcInterestadual: rate,
  aliqEfetiva: rate,
  iva: rate,
  validityIn: z.string().nullable(),
  endOfValidityIn: z.string().nullable(),
});

export const ZOperationDifal = z.object({
  /** 0 Nao tem, 1 Base simples, 2 Base dupla (spec 02 §9). */
  tipo: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  aliqInterna: rate,
  aliqInterestadual: rate,
  /** Destination rate − interstate rate, in points (the single-base DIFAL rate). */
  aliqDiferencial: rate,
  fcp: rate,
});

/**
 * Which interstate ICMS-ST agreement governs the operation (issue 37, decision 065), from the Admin-curated
 * st_agreements data: com-acordo (ST applies under the instrument), sem-acordo (researched: none), sem-dados (nobody
 * recorded the pair and CEST segment; the rule's own protocol/agreement fields decide, and the screen says so).
 */
export const ZOperationStAgreement = z.object({
  situacao: z.enum(['com-acordo', 'sem-acordo', 'sem-dados']),
  instrumento: z.string().optional(),
  /** MVA original of the instrument, %. */
  mvaOriginal: z.number().optional(),
  fonte: z.object({ url: z.string(), nota: z.string().nullable() }).optional(),
  vigencia: z.object({ inicio: z.string(), fim: z.string().nullable() }).optional(),
});
export type TOperationStAgreement = z.infer<typeof ZOperationStAgreement>;

/** GET /tax/st-agreement: the agreement of an ordered UF pair for a CEST on a date (the ST calculator's lookup). */
export const ZStAgreementLookupQuery = z.object({
  ufOrigem: z.enum(ZUf.options, { message: 'UF de origem inválida.' }),
  ufDestino: z.enum(ZUf.options, { message: 'UF de destino inválida.' }),
  cest: z
    .string()
    .trim()
    .regex(/^(\d{7}|\d{2}\.\d{3}\.\d{2})$/, { message: 'CEST inválido: informe 7 dígitos (NN.NNN.NN).' }),
  /** ISO date; absent: today. */
  data: z.iso.date({ message: 'Data inválida: use AAAA-MM-DD.' }).optional(),
});
export type TStAgreementLookupQuery = z.infer<typeof ZStAgreementLookupQuery>;

export const ZOperation = z.object({
  /** CFOP of the operation (5xxx/6xxx sales, 1xxx/2xxx purchases). */
  cfop: z.string(),
  /** The UF asked for (destination of a sale, origin of a purchase). */
  uf: ZUf,
  /** CFOP name from the SINIEF table. */
  description: z.string(),
  kind: z.enum(operationKinds),
  /** Origin and destination UFs of the goods. */
  ufOrigem: ZUf,
  ufDestino: ZUf,
  interestadual: z.boolean(),
  federal: z.object({
    ncm: z.string(),
    ncmDescription: z.string().nullable(),
    cest: z.string().nullable(),
    codANP: z.string().nullable(),
    pmc: rate,
    importTax: rate,
  }),
  import: z.object({
    /** Import duty (II), %. */
    importTax: rate,
    /** Interstate ICMS rate for imported goods (Resolução do Senado 13/2012). */
    aliqICMSInterestadualImportado: rate,
    /** IVA adjusted from 4 % to the destination's internal rate. */
    ivaAjustado4: rate,
  }),
  piscofins: z.object({
    cstPIS: z.string().nullable(),
    cstCOFINS: z.string().nullable(),
    aliqPIS: rate,
    aliqCOFINS: rate,
    redPIS: rate,
    redCOFINS: rate,
    nri: z.string().nullable(),
    ampLegal: z.string().nullable(),
  }),
  ipi: z.object({
    cst: z.string().nullable(),
    aliq: rate,
    codEnq: z.string().nullable(),
    ex: z.string().nullable(),
  }),
  icms: z.object({
    /** CST ICMS (regime normal issuer) — null when the issuer is in Simples Nacional. */
    cst: z.string().nullable(),
    /** CSOSN (Simples Nacional issuer) — null otherwise. */
    csosn: z.string().nullable(),
    codBenef: z.string().nullable(),
    aliqICMSInterna: rate,
    /** Interstate rate (4/7/12), null inside one UF. */
    aliqICMSInterestadual: rate,
    /** Rate of the issuer's own ICMS in this operation. */
    aliqICMSOperacao: rate,
    redBCICMS: rate,
    redBCICMSInterestadual: rate,
    /** ICMS-ST applies to this operation. */
    substituicaoTributaria: z.boolean(),
    aliqICMSST: rate,
    redBCICMSST: rate,
    iva: rate,
    ivaAjustado: rate,
    fcp: rate,
    fcpST: rate,
    pDifer: rate,
    antecipado: z.boolean(),
    desonerado: z.boolean(),
    exempted: z.boolean(),
    exemption: rate,
    ampLegal: z.string().nullable(),
    difal: ZOperationDifal,
    /** Interstate only: the ST agreement data behind `substituicaoTributaria` (absent for older answers). */
    acordoSt: ZOperationStAgreement.optional(),
  }),
  cbsIbs: z.object({
    cst: z.string().nullable(),
    cstDescricao: z.string().nullable(),
    cClassTrib: z.string().nullable(),
    cClassTribDescricao: z.string().nullable(),
    aliqCBS: rate,
    pRedCBS: rate,
    aliqCBSEfetiva: rate,
    aliqIBSUF: rate,
    aliqIBSMun: rate,
    pRedIBS: rate,
    aliqIBSUFEfetiva: rate,
    aliqIBSMunEfetiva: rate,
  }),
  protocol: ZOperationAgreementFields.extend({ protName: z.string() }).nullable(),
  agreement: ZOperationAgreementFields.extend({ convName: z.string() }).nullable(),
});
export type TOperation = z.infer<typeof ZOperation>;

export const ZOperationsResponse = z.array(ZOperation);
export type TOperationsResponse = z.infer<typeof ZOperationsResponse>;
