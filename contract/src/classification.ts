import { z } from 'zod';
import { ZBindingCandidate } from './binding.js';
import { ufs, ZUuid } from './common.js';
import { ZDecimalOut } from './fiscal-rules.js';
import { globalProductMessages, ZGlobalSearchField, ZSearchPattern } from './global-products.js';
import { MAX_MARKED_PRODUCTS } from './products.js';

/**
 * Classifying a product (issue 9): the bind-code modal's search (GET /products/fiscalservice),
 * batch binding (POST /products/bindinginbatch), the staff audit decision, the product details
 * call and the integrator (finalized) search. Spec 02 §2, §3, §4, §7, §9.
 */

export const classificationMessages = {
  bindChooseProduct: 'Selecione um produto da base compartilhada!',
  bindNoneMarked: 'É preciso marcar ao menos um produto para prosseguir',
  bindTooMany: 'Não é permitido marcar mais de 300 produtos',
  reasonRequired: 'Informe o motivo da devolução!',
  reasonMax: 'O motivo da devolução pode ter no máximo 500 caracteres!',
  approved: 'Vínculo aprovado! O produto foi classificado.',
  returned: 'Produto devolvido ao cliente.',
  notClassified: 'Produto não está classificado',
  loadingProducts: 'Carregando produtos',
  finalizedTitle: 'Produtos Finalizados',
} as const;

/** Spec 02 §9: finalized-bind success 5 s. */
export const BIND_FINALIZED_TOAST_MS = 5000;

/** How many global products the bind-code modal lists (best matches first). */
export const FISCAL_SERVICE_RESULTS = 25;

const ZSearchText = z
  .string({ message: globalProductMessages.textRequired })
  .trim()
  .min(1, { message: globalProductMessages.textRequired })
  .max(200, { message: 'O texto da pesquisa pode ter no máximo 200 caracteres!' });

export const ZFiscalServiceQuery = z.object({
  productId: ZUuid,
  productDescription: ZSearchText,
});
export type TFiscalServiceQuery = z.input<typeof ZFiscalServiceQuery>;
/** Candidates ranked by their match (GTIN equal, description similarity, NCM chapter), each with its reasons. */
export const ZFiscalServiceResponse = z.object({ products: z.array(ZBindingCandidate) });
export type TFiscalServiceResponse = z.infer<typeof ZFiscalServiceResponse>;

const ZGlobalCode = z
  .union([z.string(), z.number()], { message: classificationMessages.bindChooseProduct })
  .transform((v) => String(v).trim())
  .pipe(z.string().min(1, { message: classificationMessages.bindChooseProduct }).max(60));

/**
 * classifyProducts: the marked products (several companies allowed for staff; each is checked
 * against the caller's scope). productId: the row the modal was opened from, bound with them.
 */
export const ZBindingInBatchBody = z
  .object({
    classifyProducts: z.array(ZUuid).max(MAX_MARKED_PRODUCTS, { message: classificationMessages.bindTooMany }),
    productId: ZUuid.optional().nullable(),
    fiscalServiceProduct: ZGlobalCode,
  })
  .transform((b) => ({
    ...b,
    ids: [...new Set([...(b.productId ? [b.productId] : []), ...b.classifyProducts])],
  }))
  .refine((b) => b.ids.length > 0, { message: classificationMessages.bindNoneMarked, path: ['classifyProducts'] })
  .refine((b) => b.ids.length <= MAX_MARKED_PRODUCTS, {
    message: classificationMessages.bindTooMany,
    path: ['classifyProducts'],
  });
export type TBindingInBatchBody = z.input<typeof ZBindingInBatchBody>;

/** linked/finalized/message as spec 02 §3, plus the counts of a batch. */
export const ZBindingInBatchResponse = z.object({
  linked: z.boolean(),
  finalized: z.boolean(),
  message: z.string(),
  counts: z.object({ linked: z.number().int(), finalized: z.number().int(), inAudit: z.number().int() }),
  /** POST /products/binding/{bindingId}/undo undoes it within the same session (decision 062). */
  bindingId: z.string().nullable().optional(),
});
export type TBindingInBatchResponse = z.infer<typeof ZBindingInBatchResponse>;

// ---------- the audit decision (staff) ----------

export const ZAuditReturnBody = z.object({
  reason: z
    .string({ message: classificationMessages.reasonRequired })
    .trim()
    .min(1, { message: classificationMessages.reasonRequired })
    .max(500, { message: classificationMessages.reasonMax }),
});
export type TAuditReturnBody = z.input<typeof ZAuditReturnBody>;

const ZSide = z.object({
  description: z.string(),
  gtin: z.string().nullable(),
  ncm: z.string().nullable(),
  cest: z.string().nullable(),
});

/** What the audit modal compares: the product and the global product it was bound to, with the UF's rule. */
export const ZAuditComparison = z.object({
  product: ZSide.extend({ id: ZUuid, internalCode: z.string(), status: z.string(), companyName: z.string() }),
  global: ZSide.extend({ code: z.string() }).nullable(),
  uf: z.string(),
  rule: z
    .object({
      id: ZUuid,
      description: z.string().nullable(),
      cstIcms: z.string().nullable(),
      cstCsosn: z.string().nullable(),
      aliqIcms: ZDecimalOut,
      redBcIcms: ZDecimalOut,
      cfopSaida: z.string().nullable(),
      piscofins: z.string().nullable(),
    })
    .nullable(),
});
export type TAuditComparison = z.infer<typeof ZAuditComparison>;

// ---------- GET /products/details ----------

export const ZProductDetailsQuery = z.object({
  productId: ZUuid,
  /** ISO date-time of a past version (spec 02 §7: colons encoded); absent = the current rule. */
  validity: z.iso.datetime({ offset: true, message: 'Data de vigência inválida.' }).optional(),
});
export type TProductDetailsQuery = z.input<typeof ZProductDetailsQuery>;

// ---------- the integrator (finalized screen) ----------

/** Spec 02 §9 finalized screen: 2 Descrição, 1 GTIN, 4 NCM; 1 IGUAL, 2 INICIA COM, 3 TERMINA COM, 4 SIMILAR. */
export const ZGlobalIntegratorQuery = z.object({
  companyId: z.union([ZUuid, z.literal('')]).optional(),
  uf: z.enum(ufs, { message: globalProductMessages.ufRequired }),
  field: ZGlobalSearchField.default('Descrição'),
  text: ZSearchText,
  consultTypeFilter: ZSearchPattern.default('INICIA COM'),
  page: z.coerce.number().int().min(1).default(1),
});
export type TGlobalIntegratorQuery = z.input<typeof ZGlobalIntegratorQuery>;
export type TGlobalIntegratorSearch = z.output<typeof ZGlobalIntegratorQuery>;

/** Integrator global product (spec 02 §3); `my` marks the member's own (drawn in blue). */
export const ZIntegratorProduct = z.object({
  id: ZUuid,
  description: z.string(),
  gtin: z.string().nullable(),
  ncm: z.string(),
  cest: z.string().nullable(),
  pisCofins: z.string().nullable(),
  nri: z.string().nullable(),
  cstIcmsCsosn: z.string().nullable(),
  icms: ZDecimalOut,
  redIcms: ZDecimalOut,
  codeIntegrator: z.string(),
  /** The rule version in force (its id). */
  ruleCode: z.string().nullable(),
  /** A named rule applying instead of the base rule (its id). */
  exceptionCode: z.string().nullable(),
  my: z.boolean(),
});
export type TIntegratorProduct = z.infer<typeof ZIntegratorProduct>;
export const ZIntegratorProductPage = z.object({
  objects: z.array(ZIntegratorProduct),
  currentPage: z.number().int().min(1),
  pages: z.number().int().min(1),
});
export type TIntegratorProductPage = z.infer<typeof ZIntegratorProductPage>;

export const ZGlobalIntegratorDetailsQuery = z.object({
  productCode: z.string().trim().min(1, { message: 'Informe o produto.' }).max(60),
  ruleCode: z.string().trim().max(60).optional(),
  exceptionCode: z.string().trim().max(60).optional(),
  uf: z.enum(ufs, { message: globalProductMessages.ufRequired }),
  /** Kept for the integrator's API; the built-in adapter ignores it. */
  type: z.string().max(20).optional(),
  companyId: z.union([ZUuid, z.literal('')]).optional(),
});
export type TGlobalIntegratorDetailsQuery = z.input<typeof ZGlobalIntegratorDetailsQuery>;
