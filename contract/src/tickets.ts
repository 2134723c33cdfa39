import { z } from 'zod';
import { ZUuid } from './common.js';

/**
 * Support tickets about a product and their chat (spec 02 §2 "Tickets", §3 Ticket and Ticket
 * comment, §4 ticket status, §5 Tickets, §6, §7 Tickets, §8, §9).
 */

export const TICKET_TITLE_MIN = 5;
export const TICKET_TITLE_MAX = 200;
export const TICKET_DESCRIPTION_MIN = 10;
export const TICKET_DESCRIPTION_MAX = 500;
/** Not in the spec: a bound so one comment cannot fill the chat (and the table). */
export const TICKET_COMMENT_MAX = 2000;
export const TICKETS_PAGE_SIZE = 20;
/** Spec 02 §9: the chat asks for new comments every 10 s. */
export const TICKET_POLL_MS = 10_000;

export const ticketMessages = {
  titleRequired: 'Preencha o campo de título corretamente!',
  titleMin: 'Preencha o campo de titulo com no mínimo 5 caracteres!',
  titleMax: 'Preencha o campo de titulo com no máximo 200 caracteres!',
  descriptionRequired: 'Preencha o campo de descrição corretamente!',
  descriptionMin: 'Preencha o campo de descrição com no mínimo 10 caracteres!',
  descriptionMax: 'Preencha o campo de descrição com no máximo 500 caracteres!',
  commentBlank: 'Você não pode fazer um comentário em branco!',
  commentMax: 'O comentário pode ter no máximo 2000 caracteres!',
  created: 'Ticket foi aberto com sucesso! Aguarde até que nossa equipe envie uma resposta para você.',
  invalid: 'Dados inválidos',
  closeConfirm: 'Deseja realmente finalizar o ticket ?',
  gtinInvalid: 'GTIN inválido: informe somente números (até 14 dígitos).',
} as const;

export const ticketStatuses = ['Open', 'Pending', 'Closed'] as const;
export const ZTicketStatus = z.enum(ticketStatuses);
export type TTicketStatus = z.infer<typeof ZTicketStatus>;
/** The dashboard's wording (spec 01 §2: Em aberto, Pendentes, Finalizados), singular. */
export const ticketStatusLabels: Record<TTicketStatus, string> = {
  Open: 'Em aberto',
  Pending: 'Pendente',
  Closed: 'Finalizado',
};

export const ticketCommentTypes = ['Normal', 'KnowledgeBase'] as const;
export const ZTicketCommentType = z.enum(ticketCommentTypes);

/** Trimmed text between min and max, with the spec's three messages (empty, short, long). */
function boundedText(min: number, max: number, messages: { required: string; min: string; max: string }) {
  return z
    .string({ message: messages.required })
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        // abort: an empty value gets only the "required" message, not also the "minimum" one
        .min(1, { message: messages.required, abort: true })
        .min(min, { message: messages.min })
        .max(max, { message: messages.max }),
    );
}

/** The checks the create modal runs before sending (same rules as the server). */
export function checkTicketInput(input: { title: string; description: string }): string[] {
  const problems: string[] = [];
  for (const [value, schema] of [
    [input.title, ZTicketTitle],
    [input.description, ZTicketDescription],
  ] as const) {
    const parsed = schema.safeParse(value);
    if (!parsed.success) problems.push(parsed.error.issues[0]?.message ?? ticketMessages.invalid);
  }
  return problems;
}

export const ZTicketTitle = boundedText(TICKET_TITLE_MIN, TICKET_TITLE_MAX, {
  required: ticketMessages.titleRequired,
  min: ticketMessages.titleMin,
  max: ticketMessages.titleMax,
});
export const ZTicketDescription = boundedText(TICKET_DESCRIPTION_MIN, TICKET_DESCRIPTION_MAX, {
  required: ticketMessages.descriptionRequired,
  min: ticketMessages.descriptionMin,
  max: ticketMessages.descriptionMax,
});

// ---------- requests ----------

export const ZTicketCreateBody = z.object({
  companyId: ZUuid,
  productId: ZUuid,
  /** A related ticket the user looked at before opening this one (optional). */
  ticketIdReference: ZUuid.nullish(),
  /** The product's internal code as the client saw it; the server uses the product's own. */
  code: z.string().max(155).nullish(),
  title: ZTicketTitle,
  description: ZTicketDescription,
});
export type TTicketCreateBody = z.input<typeof ZTicketCreateBody>;

export const ZTicketListQuery = z.object({
  page: z.coerce.number({ message: 'Página inválida.' }).int().min(1, { message: 'Página inválida.' }).default(1),
  /** A Member's list of one of their companies (the selected one); none: every linked company (issue 24). */
  companyId: ZUuid.optional(),
});
export type TTicketListQuery = z.input<typeof ZTicketListQuery>;

export const ZTicketIdParam = z.object({ ticketId: ZUuid });

export const ZTicketCommentsQuery = z.object({
  /** Only comments after this one (the chat's polling); none: every comment. */
  lastTicketCommentId: z.coerce
    .number({ message: 'Comentário inválido.' })
    .int({ message: 'Comentário inválido.' })
    .min(0, { message: 'Comentário inválido.' })
    .optional(),
});

export const ZTicketCommentBody = z.object({
  ticketId: ZUuid,
  text: z
    .string({ message: ticketMessages.commentBlank })
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(1, { message: ticketMessages.commentBlank })
        .max(TICKET_COMMENT_MAX, { message: ticketMessages.commentMax }),
    ),
  /** The comment this one answers (same ticket), optional. */
  commentIdReference: z.number().int().positive().nullish(),
  /** Staff only (spec 02 §6); the server ignores it from a Member. */
  knowledgeBase: z.boolean().default(false),
});
export type TTicketCommentBody = z.input<typeof ZTicketCommentBody>;

export const ZTicketCloseBody = z.object({ ticketId: ZUuid });

export const ZKnowledgeBaseParam = z.object({
  gtin: z
    .string()
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{1,14}$/, { message: ticketMessages.gtinInvalid })),
});

// ---------- responses ----------

export const ZTicketComment = z.object({
  id: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
  createdByName: z.string(),
  itsMine: z.boolean(),
  type: ZTicketCommentType,
  commentIdReference: z.number().int().nullable(),
  knowledgeBase: z.boolean(),
});
export type TTicketComment = z.infer<typeof ZTicketComment>;

export const ZTicket = z.object({
  id: ZUuid,
  title: z.string(),
  description: z.string(),
  status: ZTicketStatus,
  /** How many comments the ticket has (the list does not carry the comments themselves). */
  comments: z.number().int(),
  createdAt: z.string(),
  createdByName: z.string(),
  itsMine: z.boolean(),
  companyId: ZUuid,
  companyNomeFantasia: z.string(),
  productId: ZUuid.nullable(),
  ticketIdReference: ZUuid.nullable(),
  /** The product the ticket is about, as it was when the ticket was opened. */
  specification: z.object({ description: z.string(), code: z.string(), gtin: z.string().nullable() }),
});
export type TTicket = z.infer<typeof ZTicket>;

export const ZTicketListResponse = z.object({
  count: z.number().int(),
  pages: z.number().int(),
  currentPage: z.number().int(),
  objects: z.array(ZTicket),
});
export type TTicketListResponse = z.infer<typeof ZTicketListResponse>;

/** A related ticket of the knowledge base: the ticket with its knowledge-base comments only. */
export const ZKnowledgeBaseTicket = ZTicket.omit({ comments: true }).extend({
  comments: z.array(ZTicketComment),
});
export type TKnowledgeBaseTicket = z.infer<typeof ZKnowledgeBaseTicket>;
