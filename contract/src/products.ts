import { z } from 'zod';
import { ZHealthFindingKind } from './catalogue-health.js';
import { ZIsoDate, ZQueryBool, ZUuid } from './common.js';
import { ZProductRuleStatus } from './fiscal-rules.js';
import { checkGtin } from './gtin.js';

/**
 * A company's product catalogue (spec 02 §2 "Products home", "Import screen", "Export screen",
 * §3 Product / list / search options / registration / import result and history, §5, §7 "Products").
 * GTINs travel and are stored in their 14-digit form (see gtin.ts; displayGtin shortens them).
 */

export const PRODUCTS_PAGE_SIZE = 25;
export const PRODUCT_DESCRIPTION_MAX = 255;
export const PRODUCT_CODE_MAX = 155;
export const PRODUCT_GTIN_MAX = 14;
export const MAX_MARKED_PRODUCTS = 300;
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Products per POST /products call. */
export const PRODUCTS_PER_REQUEST = 500;

export const productStatuses = ['Pending', 'Classified', 'InAudit', 'Returned', 'Error'] as const;
export const ZProductStatus = z.enum(productStatuses);
export type TProductStatus = z.infer<typeof ZProductStatus>;
export const productStatusLabels: Record<TProductStatus, string> = {
  Pending: 'Pendente',
  Classified: 'Classificado',
  InAudit: 'Em Auditoria',
  Returned: 'Devolvido',
  Error: 'Erro',
};
/** One-letter codes of spec 02 §4 / server-design (P, F, A, D, E). */
export const productStatusCodes: Record<TProductStatus, string> = {
  Pending: 'P',
  Classified: 'F',
  InAudit: 'A',
  Returned: 'D',
  Error: 'E',
};

export const productMessages = {
  descriptionRequired: 'O campo Descrição é obrigatório!',
  descriptionMax: 'A descrição do produto pode ter no máximo 255 caracteres!',
  codeRequired: 'O campo Código Interno é obrigatório!',
  codeMax: 'O código pode ter no máximo 155 caracteres!',
  gtinMax: 'O campo de GTIN deve possuir no máximo 14 caracteres!',
  bothDates:
    'Para realizar uma pesquisa pelo período de última atualização dos produtos, é necessário preencher o campo com as duas datas',
  endBeforeStart: 'A data final não pode ser menor que a data inicial.',
  created: 'Produto CADASTRADO com sucesso!',
  updated: 'Produto ATUALIZADO com sucesso!',
  deleted: 'Produto excluído com sucesso!',
  unbound: 'Produto desvinculado com sucesso!',
  listFailed: 'Erro interno ao tentar listar produtos, verifique!',
  notFound: 'Produto não encontrado!',
  fileRequired: 'Selecione um arquivo para importar!',
  fileTooLarge: 'O arquivo excede o tamanho máximo de 10 MB.',
  exportFailed: 'Não foi possível fazer o download da planilha de produtos!',
  markLimit: 'Não é permitido marcar mais de 300 produtos',
  markNone: 'É preciso marcar ao menos um produto para prosseguir',
} as const;

// ---------- the product ----------

export const ZProduct = z.object({
  id: ZUuid,
  companyId: ZUuid,
  internalCode: z.string(),
  description: z.string(),
  /** 14-digit GTIN or null. */
  gtin: z.string().nullable(),
  ncm: z.string().nullable(),
  cest: z.string().nullable(),
  status: ZProductStatus,
  /** Integration code: the global product's code the product is linked to. */
  fiscalServiceReferenceCode: z.string().nullable(),
  fiscalRuleId: ZUuid.nullable(),
  fiscalRuleStatus: ZProductRuleStatus.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TProduct = z.infer<typeof ZProduct>;

// ---------- list (GET /products) ----------

export const productSearchFields = ['description', 'internalCode', 'gtin'] as const;
export const ZProductSearchField = z.enum(productSearchFields, { message: 'Campo de pesquisa inválido.' });
export type TProductSearchField = z.infer<typeof ZProductSearchField>;
export const productSearchFieldLabels: Record<TProductSearchField, string> = {
  description: 'Descrição',
  internalCode: 'Código',
  gtin: 'GTIN',
};

/** Date of the last-update range: YYYY-MM-DD (an ISO date-time is cut to its date). */
/** Columns the products list can be ordered by (issue 13). */
export const productSortFields = ['updatedAt', 'internalCode', 'description'] as const;
export type TProductSortField = (typeof productSortFields)[number];

const ZDateParam = z
  .string()
  .trim()
  .transform((v) => v.slice(0, 10))
  .pipe(z.union([z.literal(''), ZIsoDate]))
  .optional();

/**
 * Search options (spec 02 §3). Status flags combine with OR; when none is true every status is
 * listed (Members never see InAudit). Indicator cards send finished (= Classified),
 * finishedByFiscalServiceLink (Classified through a global product) and audit (= InAudit).
 * binded: only products with an integration code. startDate/endDate: last-update range, both or none.
 */
export const ZProductListQuery = z.object({
  companyId: ZUuid,
  pending: ZQueryBool.optional(),
  classified: ZQueryBool.optional(),
  returned: ZQueryBool.optional(),
  inAudit: ZQueryBool.optional(),
  finished: ZQueryBool.optional(),
  finishedByFiscalServiceLink: ZQueryBool.optional(),
  audit: ZQueryBool.optional(),
  binded: ZQueryBool.optional(),
  /** Products whose status is Error (issue 13): combines with the other status flags by OR. */
  error: ZQueryBool.optional(),
  /** Column the page is ordered by (issue 13); the last update, newest first, by default. */
  sort: z.enum(productSortFields, { message: 'Ordenação inválida.' }).default('updatedAt'),
  order: z.enum(['asc', 'desc'], { message: 'Sentido da ordenação inválido.' }).optional(),
  field: ZProductSearchField.default('description'),
  text: z.string().max(300).optional(),
  page: z.coerce.number().int().min(1).default(1),
  startDate: ZDateParam,
  endDate: ZDateParam,
  /** Products with this finding in the company's last finished catalogue health check (issue 14). */
  healthFinding: ZHealthFindingKind.optional(),
});
export type TProductListQuery = z.input<typeof ZProductListQuery>;
export type TProductListFilters = z.output<typeof ZProductListQuery>;

export const ZProductListResponse = z.object({
  pages: z.number().int().min(1),
  currentPage: z.number().int().min(1),
  count: z.number().int().min(0),
  objects: z.array(ZProduct),
});
export type TProductListResponse = z.infer<typeof ZProductListResponse>;

/** The two date warnings of spec 02 §5 (null when the range is usable or empty). */
export function checkProductDateRange(startDate?: string | null, endDate?: string | null): string | null {
  const start = startDate?.trim() ?? '';
  const end = endDate?.trim() ?? '';
  if (!start && !end) return null;
  if (!start || !end) return productMessages.bothDates;
  if (end.slice(0, 10) < start.slice(0, 10)) return productMessages.endBeforeStart;
  return null;
}

/** Text typed for GTIN / internal code: all whitespace stripped; a GTIN is padded to 14 digits. */
export function normalizeProductSearchText(field: TProductSearchField, text: string | undefined): string {
  const raw = text ?? '';
  if (field === 'description') return raw.trim();
  const compact = raw.replace(/\s+/g, '');
  return field === 'gtin' && /^\d{1,14}$/.test(compact) ? compact.padStart(14, '0') : compact;
}

// ---------- registration (POST /products) ----------

const ZLooseText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? '' : String(v)));

export const ZProductInput = z.object({
  description: ZLooseText,
  internalCode: ZLooseText,
  gtin: ZLooseText,
});
export type TProductInput = z.input<typeof ZProductInput>;

export const ZProductCreateBody = z.object({
  companyId: ZUuid,
  products: z
    .array(ZProductInput)
    .min(1, { message: 'Informe ao menos um produto.' })
    .max(PRODUCTS_PER_REQUEST, { message: `Envie no máximo ${PRODUCTS_PER_REQUEST} produtos por vez.` }),
});
export type TProductCreateBody = z.input<typeof ZProductCreateBody>;

/** Field rules of the register modal and of import lines: the spec 02 §5 messages, in order. */
export function checkProductInput(input: { description?: unknown; internalCode?: unknown; gtin?: unknown }): {
  errors: string[];
  description: string;
  internalCode: string;
  gtin: string | null;
} {
  const description = input.description == null ? '' : String(input.description).trim();
  const internalCode = input.internalCode == null ? '' : String(input.internalCode).trim();
  const errors: string[] = [];
  if (!description) errors.push(productMessages.descriptionRequired);
  else if (description.length > PRODUCT_DESCRIPTION_MAX) errors.push(productMessages.descriptionMax);
  if (!internalCode) errors.push(productMessages.codeRequired);
  else if (internalCode.length > PRODUCT_CODE_MAX) errors.push(productMessages.codeMax);
  const gtin = checkGtin(input.gtin as string | number | null | undefined);
  if (!gtin.ok) errors.push(gtin.message);
  return { errors, description, internalCode, gtin: gtin.ok ? gtin.gtin : null };
}

export const creationStates = ['Created', 'Updated', 'Error'] as const;
export const ZCreationState = z.enum(creationStates);
export type TCreationState = z.infer<typeof ZCreationState>;

/** One answered item: the saved product (id null on Error, with the sent values) and its errors. */
export const ZProductCreationItem = ZProduct.extend({
  id: ZUuid.nullable(),
  status: ZProductStatus.nullable(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  creationState: ZCreationState,
  errors: z.array(z.object({ message: z.string() })),
});
export type TProductCreationItem = z.infer<typeof ZProductCreationItem>;
export const ZProductCreateResponse = z.object({ products: z.array(ZProductCreationItem) });
export type TProductCreateResponse = z.infer<typeof ZProductCreateResponse>;

// ---------- delete, unbind, audits ----------

export const ZProductIdParam = z.object({ id: ZUuid });
export const ZProductBindingQuery = z.object({ productId: ZUuid });

/** Audit item (Audit details modal). */
export const ZProductAuditItem = z.object({ description: z.string(), createdAt: z.string() });
export type TProductAuditItem = z.infer<typeof ZProductAuditItem>;

export const ZProductOccurrencesQuery = z.object({ company: ZUuid, product: ZUuid });
export const ZProductOccurrence = z.object({
  id: z.string(),
  productInternalCode: z.string(),
  description: z.string(),
  createdAt: z.string(),
});
export type TProductOccurrence = z.infer<typeof ZProductOccurrence>;

// ---------- member binding to a global product (POST /products/binding) ----------

export const ZProductBindingBody = z.object({
  productId: ZUuid,
  /** Code of the chosen global product. */
  fiscalServiceProduct: z.union([z.string(), z.number()]).transform((v) => String(v).trim()),
});
export type TProductBindingBody = z.input<typeof ZProductBindingBody>;
export const ZProductBindingResponse = z.object({
  linked: z.boolean(),
  finalized: z.boolean(),
  message: z.string(),
  /** POST /products/binding/{bindingId}/undo undoes it within the same session (decision 062). */
  bindingId: z.string().nullable().optional(),
});
export type TProductBindingResponse = z.infer<typeof ZProductBindingResponse>;

// ---------- import (POST /products/import, multipart field "file") ----------

export const IMPORT_COLUMNS = ['CodigoInterno', 'DescricaoProduto', 'GTIN/EAN'] as const;
/** Sample file offered by the import screen (header + two lines; GTIN optional). */
export const IMPORT_SAMPLE_CSV =
  'CodigoInterno;DescricaoProduto;GTIN/EAN\r\n1001;REFRIGERANTE COLA LATA 350ML;7894900011517\r\n1002;"BISCOITO ÁGUA E SAL; 200G";\r\n';

export const ZImportQuery = z.object({
  companyId: ZUuid,
  /** true: the first line is a header and is skipped (columns are then positional). */
  ignoreHeader: ZQueryBool.default(false),
});
export type TImportQuery = z.input<typeof ZImportQuery>;

export const ZImportInvalidLine = z.object({ line: z.number().int(), internalCode: z.string(), reason: z.string() });
export type TImportInvalidLine = z.infer<typeof ZImportInvalidLine>;

/** Counts of one file; invalidLines holds the first 100 (the full list: GET /products/import/{importId}/errors). */
export const ZImportResult = z.object({
  importId: ZUuid,
  received: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  duplicated: z.number().int(),
  invalid: z.number().int(),
  /** Products classified on arrival by GTIN (among created and updated). */
  classified: z.number().int(),
  invalidLines: z.array(ZImportInvalidLine),
});
export type TImportResult = z.infer<typeof ZImportResult>;

export const ZImportIdParam = z.object({ importId: ZUuid });
export const ZImportHistoryQuery = z.object({ companyId: ZUuid });
/** Import history row (spec 02 §3, PascalCase as the spec names it), newest first. */
export const ZImportHistoryRow = z.object({
  Id: ZUuid,
  UserName: z.string(),
  Received: z.number().int(),
  Added: z.number().int(),
  Updated: z.number().int(),
  Invalid: z.number().int(),
  Duplicated: z.number().int(),
  CreatedAt: z.string(),
  /** Interrupted: the server stopped mid-file (nothing of it was kept). Issue 15. */
  Status: z.enum(['Finished', 'Running', 'Interrupted']),
});
export type TImportHistoryRow = z.infer<typeof ZImportHistoryRow>;

// ---------- export (GET /products/export: a streamed file) ----------

export const exportFormats = ['XLSX', 'CSV'] as const;
export const ZExportFormat = z
  .string()
  .transform((v) => v.toUpperCase())
  .pipe(z.enum(exportFormats, { message: 'Formato inválido.' }));
export type TExportFormat = (typeof exportFormats)[number];

export const ZProductExportQuery = z.object({
  companyId: ZUuid,
  format: ZExportFormat.default('CSV'),
  pending: ZQueryBool.optional(),
  classified: ZQueryBool.optional(),
  returned: ZQueryBool.optional(),
  inAudit: ZQueryBool.optional(),
});
export type TProductExportQuery = z.input<typeof ZProductExportQuery>;
