import { z } from 'zod';
import { ufs, ZUuid } from './common.js';
import { ZDecimalOut } from './fiscal-rules.js';

/**
 * The global (shared) product base: GET /products/global (spec 02 §2 "Global (shared) products
 * screen", §3 "Shared product", §5 "Global products search", §9 search codes).
 */

export const GLOBAL_PRODUCTS_PAGE_SIZE = 25;

export const globalProductMessages = {
  ufRequired: 'Selecione uma UF!',
  textRequired: 'Preencha o campo de texto da pesquisa!',
  digitsOnly: 'Preencha o campo de pesquisa somente com números!',
  hintMine: 'Produtos em azul são seus',
} as const;

export const globalSearchFields = ['GTIN', 'Descrição', 'NCM'] as const;
export type TGlobalSearchField = (typeof globalSearchFields)[number];
export const searchPatterns = ['IGUAL', 'INICIA COM', 'TERMINA COM', 'SIMILAR'] as const;
export type TSearchPattern = (typeof searchPatterns)[number];

/** Numeric codes of spec 02 §9: 1 GTIN, 2 Descrição, 4 NCM (3 Código Interno is for pending products). */
export const globalSearchFieldCodes: Record<string, TGlobalSearchField> = { '1': 'GTIN', '2': 'Descrição', '4': 'NCM' };
/** Numeric pattern codes (the finalized/pending reading): 1 IGUAL, 2 INICIA COM, 3 TERMINA COM, 4 SIMILAR. */
export const searchPatternCodes: Record<string, TSearchPattern> = {
  '1': 'IGUAL',
  '2': 'INICIA COM',
  '3': 'TERMINA COM',
  '4': 'SIMILAR',
};

const fold = (v: string) =>
  v
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toUpperCase();

/** Accepts a label (any case, with or without accents) or its numeric code. */
export const ZGlobalSearchField = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const key = fold(String(v));
  const found =
    globalSearchFieldCodes[key] ??
    globalSearchFields.find((f) => fold(f) === key) ??
    (key === 'DESCRIPTION' ? 'Descrição' : undefined);
  if (!found) {
    ctx.addIssue({ code: 'custom', message: 'Campo de pesquisa inválido.' });
    return z.NEVER;
  }
  return found;
});

export const ZSearchPattern = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const key = fold(String(v)).replace(/_/g, ' ');
  const found = searchPatternCodes[key] ?? searchPatterns.find((p) => p === key);
  if (!found) {
    ctx.addIssue({ code: 'custom', message: 'Filtro de pesquisa inválido.' });
    return z.NEVER;
  }
  return found;
});

/**
 * companyId: the member side sends the selected company (its UF is used and `my` is filled);
 * the partner side sends none. GTIN and NCM texts may hold digits, dots and spaces only; fields
 * other than Descrição always search with INICIA COM.
 */
export const ZGlobalProductSearchQuery = z.object({
  companyId: z.union([ZUuid, z.literal('')]).optional(),
  uf: z.enum(ufs, { message: globalProductMessages.ufRequired }),
  field: ZGlobalSearchField.default('Descrição'),
  text: z
    .string({ message: globalProductMessages.textRequired })
    .trim()
    .min(1, { message: globalProductMessages.textRequired })
    .max(200),
  searchPattern: ZSearchPattern.default('INICIA COM'),
  page: z.coerce.number().int().min(1).default(1),
});
export type TGlobalProductSearchQuery = z.input<typeof ZGlobalProductSearchQuery>;
export type TGlobalProductSearch = z.output<typeof ZGlobalProductSearchQuery>;

/** Shared product (spec 02 §3) with its code (used to bind a product to it) and the rule of the UF. */
export const ZSharedProduct = z.object({
  id: ZUuid,
  code: z.string(),
  description: z.string(),
  gtin: z.string().nullable(),
  ncm: z.string(),
  cest: z.string().nullable(),
  /** PIS/COFINS CST of sales (saída). */
  piscofins: z.string().nullable(),
  nri: z.string().nullable(),
  /** CSOSN for a Simples Nacional company, CST ICMS otherwise (partner side: CST ICMS). */
  csticmscsosn: z.string().nullable(),
  icms: ZDecimalOut,
  redICMS: ZDecimalOut,
  /** The member's company has a product linked to it (drawn in blue). */
  my: z.boolean(),
  fiscalRuleId: ZUuid.nullable(),
});
export type TSharedProduct = z.infer<typeof ZSharedProduct>;

export const ZSharedProductPage = z.object({
  objects: z.array(ZSharedProduct),
  currentPage: z.number().int().min(1),
  pages: z.number().int().min(1),
});
export type TSharedProductPage = z.infer<typeof ZSharedProductPage>;
