import { z } from 'zod';
import { ZUuid } from './common.js';

/**
 * ERP sync (issue 23, decision 032): API keys, the product change feed and signed webhooks
 * (Standard Webhooks: https://www.standardwebhooks.com/).
 */

export const API_KEY_PREFIX = 'erp_';
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const CHANGES_PAGE_MAX = 1000;
export const CHANGES_PAGE_DEFAULT = 100;

export const integrationMessages = {
  nameRequired: 'Informe o nome da chave (ex.: ERP da matriz).',
  nameMax: 'O nome da chave pode ter no máximo 80 caracteres.',
  urlInvalid: 'Informe uma URL válida começando com https:// ou http://.',
  urlMax: 'A URL pode ter no máximo 2000 caracteres.',
  eventsRequired: 'Escolha pelo menos um evento.',
  eventInvalid: 'Evento inválido.',
  cursorInvalid: 'Cursor inválido: use o valor de "next" de uma resposta anterior.',
  limitInvalid: `O limite deve ser um número entre 1 e ${CHANGES_PAGE_MAX}.`,
  keyRevoked: 'Chave revogada.',
  webhookDeleted: 'Webhook excluído.',
  redelivered: 'Reenvio agendado.',
} as const;

// ---------- change feed ----------

export const productChangeEvents = [
  'product.created',
  'product.changed',
  'product.deleted',
  'product.rule_version_changed',
] as const;
export const ZProductChangeEvent = z.enum(productChangeEvents, { message: integrationMessages.eventInvalid });
export type TProductChangeEvent = z.infer<typeof ZProductChangeEvent>;
export const productChangeEventLabels: Record<TProductChangeEvent, string> = {
  'product.created': 'Produto cadastrado',
  'product.changed': 'Dados fiscais alterados',
  'product.deleted': 'Produto excluído',
  'product.rule_version_changed': 'Nova versão da regra fiscal',
};

/** A feed position: "<commit sequence>.<event id>", opaque to clients. */
export const ZChangeCursor = z.string().regex(/^\d{1,18}\.\d{1,18}$/, { message: integrationMessages.cursorInvalid });

export const ZChangesQuery = z.object({
  companyId: ZUuid,
  after: ZChangeCursor.optional(),
  limit: z.coerce
    .number({ message: integrationMessages.limitInvalid })
    .int({ message: integrationMessages.limitInvalid })
    .min(1, { message: integrationMessages.limitInvalid })
    .max(CHANGES_PAGE_MAX, { message: integrationMessages.limitInvalid })
    .default(CHANGES_PAGE_DEFAULT),
});
export type TChangesQuery = z.input<typeof ZChangesQuery>;

/** The product's fiscal data as the feed shows it (before/after of an event). */
export const ZProductFiscalView = z
  .object({
    internalCode: z.string(),
    description: z.string(),
    gtin: z.string().nullable(),
    ncm: z.string().nullable(),
    cest: z.string().nullable(),
    status: z.enum(['P', 'F', 'A', 'D', 'E']),
    globalCode: z.string().nullable(),
    fiscalRuleId: z.string().nullable(),
    fiscalRuleStatus: z.string().nullable(),
    fiscalRuleVersionId: z.string().optional(),
  })
  .describe('Dados fiscais do produto (status: P pendente, F classificado, A em auditoria, D devolvido, E erro)');

export const ZProductChange = z.object({
  cursor: ZChangeCursor,
  event: ZProductChangeEvent,
  at: z.string().describe('Momento da transação que fez a alteração (ISO 8601)'),
  productId: ZUuid,
  internalCode: z.string(),
  before: ZProductFiscalView.nullable(),
  after: ZProductFiscalView.nullable(),
});
export type TProductChange = z.infer<typeof ZProductChange>;

export const ZChangesResponse = z.object({
  changes: z.array(ZProductChange),
  next: ZChangeCursor.describe('Envie como "after" na próxima chamada (igual ao "after" quando não há novidades)'),
});
export type TChangesResponse = z.infer<typeof ZChangesResponse>;

// ---------- API keys ----------

const ZKeyName = z
  .string({ message: integrationMessages.nameRequired })
  .trim()
  .min(1, { message: integrationMessages.nameRequired })
  .max(80, { message: integrationMessages.nameMax });

export const ZApiKeyCreateBody = z.object({
  name: ZKeyName,
  /** Absent: every company of the creator's partner (partner staff only). */
  companyId: ZUuid.nullish(),
});
export type TApiKeyCreateBody = z.input<typeof ZApiKeyCreateBody>;

export const ZApiKeyCreated = z.object({
  id: ZUuid,
  key: z.string().describe('Mostrada só agora: guarde-a; o servidor mantém apenas o seu hash'),
});
export type TApiKeyCreated = z.infer<typeof ZApiKeyCreated>;

export const ZApiKeyListQuery = z.object({ companyId: ZUuid.optional() });

export const ZApiKey = z.object({
  id: ZUuid,
  name: z.string(),
  prefix: z.string(),
  scope: z.enum(['company', 'partner']),
  companyId: ZUuid.nullable(),
  companyName: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Revoked keys stay listed as such (issue 38): when and by whom. */
  revokedAt: z.string().nullable(),
  revokedBy: z.string().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;
export const ZApiKeyIdParam = z.object({ id: ZUuid });

// ---------- webhooks ----------

const ZWebhookUrl = z
  .string({ message: integrationMessages.urlInvalid })
  .trim()
  .max(2000, { message: integrationMessages.urlMax })
  .refine((v) => /^https?:\/\/[^\s/]+/i.test(v) && URL.canParse(v), { message: integrationMessages.urlInvalid });

const ZWebhookEvents = z
  .array(ZProductChangeEvent, { message: integrationMessages.eventsRequired })
  .min(1, { message: integrationMessages.eventsRequired })
  .max(productChangeEvents.length)
  .transform((events) => [...new Set(events)]);

export const ZWebhookCreateBody = z.object({ companyId: ZUuid, url: ZWebhookUrl, events: ZWebhookEvents });
export type TWebhookCreateBody = z.input<typeof ZWebhookCreateBody>;

export const ZWebhookUpdateBody = z.object({
  url: ZWebhookUrl.optional(),
  events: ZWebhookEvents.optional(),
  /** false disables (no deliveries); true enables again and clears the failure clock. */
  enabled: z.boolean().optional(),
});
export type TWebhookUpdateBody = z.input<typeof ZWebhookUpdateBody>;

export const ZWebhookCreated = z.object({
  id: ZUuid,
  secret: z.string().describe('whsec_…: chave da assinatura, mostrada só agora'),
});
export type TWebhookCreated = z.infer<typeof ZWebhookCreated>;

export const ZWebhook = z.object({
  id: ZUuid,
  companyId: ZUuid,
  companyName: z.string(),
  url: z.string(),
  events: z.array(ZProductChangeEvent),
  status: z.enum(['Active', 'Disabled']),
  disabledReason: z.string().nullable(),
  failingSince: z.string().nullable(),
  createdAt: z.string(),
});
export type TWebhook = z.infer<typeof ZWebhook>;

export const ZWebhookListQuery = z.object({ companyId: ZUuid.optional() });
export const ZWebhookIdParam = z.object({ id: ZUuid });
export const ZDeliveryParams = z.object({ id: ZUuid, deliveryId: ZUuid });

export const deliveryStatuses = ['Pending', 'Succeeded', 'Failed'] as const;
export const deliveryStatusLabels: Record<(typeof deliveryStatuses)[number], string> = {
  Pending: 'Pendente',
  Succeeded: 'Entregue',
  Failed: 'Falhou',
};

export const ZWebhookDelivery = z.object({
  id: ZUuid,
  webhookId: z.string().describe('O cabeçalho webhook-id de todas as tentativas (msg_…)'),
  event: z.string(),
  status: z.enum(deliveryStatuses),
  attempts: z.number(),
  responseStatus: z.number().nullable(),
  durationMs: z.number().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

/** Body of every delivery (Standard Webhooks: type, timestamp, data). */
export const ZWebhookPayload = z.object({
  type: z.union([ZProductChangeEvent, z.literal('webhook.test')]),
  timestamp: z.string(),
  data: z.object({
    companyId: ZUuid,
    cursor: ZChangeCursor.optional(),
    productId: ZUuid.optional(),
    internalCode: z.string().optional(),
    before: ZProductFiscalView.nullable().optional(),
    after: ZProductFiscalView.nullable().optional(),
  }),
});
export type TWebhookPayload = z.infer<typeof ZWebhookPayload>;
