import { z } from 'zod';
import { ZUuid } from './common.js';
import { ZSharedProduct } from './global-products.js';
import { MAX_MARKED_PRODUCTS } from './products.js';

/**
 * Binding a product to a global one with the reasons, a preview and an undo (issue 38, decision 062): each
 * candidate says why it is offered (GTIN equal, description similarity, NCM chapter agreement); the preview
 * shows what the binding changes before it is confirmed; the binding can be undone within the same session;
 * "Nenhum equivalente" is an answer too. Every step is in the audit trail.
 */

export const bindingMessages = {
  chooseProduct: 'Selecione um produto da base compartilhada!',
  undone: (n: number) => (n === 1 ? 'Vínculo desfeito.' : `${n.toLocaleString('pt-BR')} vínculos desfeitos.`),
  noEquivalent:
    'Registrado: nenhum equivalente na base compartilhada. O produto continua pendente; abra um ticket para ' +
    'pedir o cadastro do produto na base.',
} as const;

/** Why a candidate is offered: each reason is shown beside it. */
export const ZBindMatch = z.object({
  gtinEqual: z.boolean(),
  /** Trigram similarity of the descriptions, 0–100 %. */
  similarity: z.number().int().min(0).max(100),
  /** Same NCM chapter (2 first digits); null when the product has no NCM to compare. */
  ncmChapter: z.boolean().nullable(),
  score: z.number(),
  reasons: z.array(z.string()),
});
export type TBindMatch = z.infer<typeof ZBindMatch>;

export const ZBindingCandidate = ZSharedProduct.extend({ match: ZBindMatch });
export type TBindingCandidate = z.infer<typeof ZBindingCandidate>;

const ZGlobalCodeBody = z
  .union([z.string(), z.number()], { message: bindingMessages.chooseProduct })
  .transform((v) => String(v).trim())
  .pipe(z.string().min(1, { message: bindingMessages.chooseProduct }).max(60));

export const ZBindingPreviewBody = z.object({
  /** The first is the product the modal was opened on: its changes are shown. */
  productIds: z
    .array(ZUuid, { message: 'Informe os produtos a vincular.' })
    .min(1, { message: 'Informe os produtos a vincular.' })
    .max(MAX_MARKED_PRODUCTS + 1, { message: 'Não é permitido marcar mais de 300 produtos' }),
  fiscalServiceProduct: ZGlobalCodeBody,
});
export type TBindingPreviewBody = z.input<typeof ZBindingPreviewBody>;

export const ZBindingChange = z.object({
  label: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  changed: z.boolean(),
});
export type TBindingChange = z.infer<typeof ZBindingChange>;

export const ZBindingPreview = z.object({
  product: z.object({ id: ZUuid, description: z.string() }),
  global: z.object({ code: z.string(), description: z.string() }),
  /** How many of the products would be classified at once, and how many would go to the partner's audit. */
  counts: z.object({ products: z.number().int(), finalized: z.number().int(), inAudit: z.number().int() }),
  /** NCM, CEST, fiscal rule. */
  changes: z.array(ZBindingChange),
  /** The taxes of the main operation (sale inside the company's UF) under the rule before and after. */
  taxes: z.array(ZBindingChange),
  /** The rule's name and UF, where the global product has one in the company's UF. */
  ruleAfter: z.string().nullable(),
});
export type TBindingPreview = z.infer<typeof ZBindingPreview>;

export const ZBindingIdParam = z.object({ bindingId: ZUuid });
export const ZBindingUndoResponse = z.object({ message: z.string(), count: z.number().int() });
export type TBindingUndoResponse = z.infer<typeof ZBindingUndoResponse>;

export const ZNoEquivalentBody = z.object({
  productId: ZUuid,
  /** The text searched, kept in the audit trail. */
  searched: z.string().trim().max(200, { message: 'A pesquisa pode ter no máximo 200 caracteres.' }).optional(),
});
export type TNoEquivalentBody = z.input<typeof ZNoEquivalentBody>;
