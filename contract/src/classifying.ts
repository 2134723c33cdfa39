import { z } from 'zod';
import { ZUuid } from './common.js';
import { globalProductMessages, ZSearchPattern } from './global-products.js';
import { countOf } from './plural.js';

/**
 * Classifying at scale (issue 10): the pending global products queue (spec 02 §2 "Pending global
 * products screen", §3 Pending global product, §5 Pending search / Deletion, §7 globalpending), the
 * curation of the global base (create, edit, import) with its "classify once → everywhere" fan-out,
 * and the change check (GET /products/fiscalservice/consult).
 */

export const PENDING_PAGE_SIZE = 25;
/** A global base has about a million rows (≈80 MB as CSV): the upload limit of the global import. */
export const GLOBAL_IMPORT_MAX_BYTES = 256 * 1024 * 1024;
export const PENDING_SELECTION_KEY = 'selectedProductsPending';

export const pendingMessages = {
  textRequired: globalProductMessages.textRequired,
  digitsOnly: globalProductMessages.digitsOnly,
  confirmationWrong: 'Texto de exclusão digitado está incorreto',
  deleted: 'Produtos excluídos com sucesso!',
  selectNone: 'É preciso marcar ao menos um produto para prosseguir',
  selectNoneRule: 'É preciso marcar ao menos um produto para realizar a vinculação!',
  ufMismatch:
    'Um ou mais produtos selecionados pertencem a empresas com a UF diferente da Regra Fiscal selecionada, verifique!',
  selectRule: 'Selecione uma regra!',
  onlyPending: 'Somente produtos Pendentes podem ser excluídos nesta tela.',
  tooMany: 'Não é permitido marcar mais de 300 produtos',
} as const;

export const pendingSearchFields = ['GTIN', 'Descrição', 'Código Interno'] as const;
export type TPendingSearchField = (typeof pendingSearchFields)[number];
/** Numeric codes of spec 02 §9 for this screen: 1 GTIN, 2 Descrição, 3 Código Interno. */
const pendingFieldCodes: Record<string, TPendingSearchField> = { '1': 'GTIN', '2': 'Descrição', '3': 'Código Interno' };

const fold = (v: string) =>
  v
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toUpperCase();

export const ZPendingSearchField = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const key = fold(String(v));
  const found = pendingFieldCodes[key] ?? pendingSearchFields.find((f) => fold(f) === key);
  if (!found) {
    ctx.addIssue({ code: 'custom', message: 'Campo de pesquisa inválido.' });
    return z.NEVER;
  }
  return found;
});

/** GET /products/globalpending. No companyId: every company of the caller's partner (Admin: all). */
export const ZPendingSearchQuery = z.object({
  companyId: z.union([ZUuid, z.literal('')]).optional(),
  field: ZPendingSearchField.default('Descrição'),
  searchPattern: ZSearchPattern.default('INICIA COM'),
  /** Empty: every Pending product of the scope, newest first (issue 38: the queue opens listed). */
  text: z
    .string({ message: pendingMessages.textRequired })
    .trim()
    .max(200, { message: 'O texto da pesquisa pode ter no máximo 200 caracteres.' })
    .default(''),
  page: z.coerce.number({ message: 'Página inválida.' }).int().min(1, { message: 'Página inválida.' }).default(1),
});
export type TPendingSearchQuery = z.input<typeof ZPendingSearchQuery>;
export type TPendingSearch = z.output<typeof ZPendingSearchQuery>;

/** Pending global product (spec 02 §3) with the company's UF (the named-rule link checks it). */
export const ZPendingGlobalProduct = z.object({
  idProduct: ZUuid,
  idCompany: ZUuid,
  internalCode: z.string(),
  gtin: z.string().nullable(),
  descriptionProduct: z.string(),
  descriptionCompany: z.string(),
  companyUf: z.string(),
  dateCreated: z.string(),
});
export type TPendingGlobalProduct = z.infer<typeof ZPendingGlobalProduct>;

export const ZPendingPage = z.object({
  objects: z.array(ZPendingGlobalProduct),
  currentPage: z.number().int().min(1),
  pages: z.number().int().min(1),
  count: z.number().int(),
});
export type TPendingPage = z.infer<typeof ZPendingPage>;

/** POST /products/globalpending/delete: the typed confirmation must contain CONCORDO (any case). */
export const ZPendingDeleteBody = z.object({
  productIds: z
    .array(ZUuid, { message: pendingMessages.selectNone })
    .min(1, { message: pendingMessages.selectNone })
    .max(300, { message: pendingMessages.tooMany }),
  confirmation: z.string({ message: pendingMessages.confirmationWrong }).max(200),
});
export type TPendingDeleteBody = z.infer<typeof ZPendingDeleteBody>;

export function isDeleteConfirmed(typed: string): boolean {
  return typed.toUpperCase().includes('CONCORDO');
}

// ---------- curation of the global base ----------

export const globalCurationMessages = {
  codeRequired: 'O campo Código é obrigatório!',
  codeMax: 'O código pode ter no máximo 60 caracteres!',
  descriptionRequired: 'O campo Descrição é obrigatório!',
  descriptionMax: 'A descrição do produto pode ter no máximo 255 caracteres!',
  ncmRequired: 'O campo NCM é obrigatório!',
  ncmFormat: 'O NCM deve ter 8 dígitos.',
  ncmNotInForce: 'NCM inexistente ou fora de vigência.',
  cestFormat: 'O CEST deve ter 7 dígitos.',
  cestMismatch: 'O CEST informado não corresponde ao NCM.',
  codeTaken: 'Já existe um produto global com este código.',
  created: 'Produto global cadastrado com sucesso!',
  updated: 'Produto global alterado com sucesso!',
  fileTooLarge: 'O arquivo excede o tamanho máximo de 256 MB.',
  header:
    'O arquivo não está no layout esperado: colunas Codigo;Descricao;GTIN;NCM;CEST separadas por ponto e vírgula.',
} as const;

const digits = (v: string) => v.replace(/[.\s-]/g, '');

/** POST /products/global and PUT /products/global/{id}; NCM/CEST accept dots (dropped). */
export const ZGlobalProductBody = z.object({
  code: z
    .string({ message: globalCurationMessages.codeRequired })
    .trim()
    .min(1, { message: globalCurationMessages.codeRequired })
    .max(60, { message: globalCurationMessages.codeMax }),
  description: z
    .string({ message: globalCurationMessages.descriptionRequired })
    .trim()
    .min(1, { message: globalCurationMessages.descriptionRequired })
    .max(255, { message: globalCurationMessages.descriptionMax }),
  gtin: z.string().max(20).nullish(),
  ncm: z
    .string({ message: globalCurationMessages.ncmRequired })
    .transform(digits)
    .pipe(z.string().min(1, { message: globalCurationMessages.ncmRequired }))
    .pipe(z.string().regex(/^\d{8}$/, { message: globalCurationMessages.ncmFormat })),
  cest: z
    .string()
    .transform(digits)
    .pipe(z.string().regex(/^(\d{7})?$/, { message: globalCurationMessages.cestFormat }))
    .nullish()
    .transform((v) => v || null),
});
export type TGlobalProductBody = z.input<typeof ZGlobalProductBody>;
export const ZGlobalProductIdParam = z.object({ id: ZUuid });

/** A queued "classify once → everywhere" run: one job per company with Pending products of the GTINs. */
export const ZFanout = z.object({
  id: ZUuid,
  companies: z.number().int(),
  products: z.number().int(),
  classified: z.number().int(),
  finished: z.boolean(),
});
export type TFanout = z.infer<typeof ZFanout>;

export const ZGlobalProductSaved = z.object({
  id: ZUuid,
  code: z.string(),
  description: z.string(),
  gtin: z.string().nullable(),
  ncm: z.string(),
  cest: z.string().nullable(),
  /** Null when no Pending product has the GTIN (nothing queued). */
  fanout: ZFanout.nullable(),
  message: z.string(),
});
export type TGlobalProductSaved = z.infer<typeof ZGlobalProductSaved>;

export const ZGlobalImportInvalidLine = z.object({ line: z.number().int(), code: z.string(), reason: z.string() });
export const ZGlobalImportResult = z.object({
  importId: ZUuid,
  received: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  invalid: z.number().int(),
  /** The first 100; the full list: GET /products/global/import/{importId}/errors. */
  invalidLines: z.array(ZGlobalImportInvalidLine),
  fanout: ZFanout.nullable(),
});
export type TGlobalImportResult = z.infer<typeof ZGlobalImportResult>;

/** The screen's line about a fan-out: queued, then the count when done, each noun in its number (no "(s)"). */
export function describeFanout(f: TFanout): string {
  const companies = countOf(f.companies, 'empresa', 'empresas');
  if (f.finished) {
    const done = countOf(f.classified, 'produto pendente classificado', 'produtos pendentes classificados');
    return `Classificação concluída: ${done} em ${companies}.`;
  }
  return `Classificação de ${countOf(f.products, 'produto pendente', 'produtos pendentes')} em ${companies} enviada para processamento.`;
}

// ---------- the change check ----------

export const ZChangeCheckQuery = z.object({ company: ZUuid });
export const ZChangeCheckResult = z.object({
  amount: z.number().int(),
  missing: z.number().int(),
  changed: z.number().int(),
  finished: z.number().int(),
  message: z.string(),
});
export type TChangeCheckResult = z.infer<typeof ZChangeCheckResult>;
