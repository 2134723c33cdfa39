import { z } from 'zod';
import { ufs } from './common.js';
import {
  ZDocumentFinding,
  ZDocumentFindingKind,
  ZDocumentFindingSeverity,
  ZDocumentFindingSummary,
  ZDocumentFindingsQuery,
} from './company-documents.js';

/**
 * The documents audit as a worklist (issue 37, decision 059): findings grouped by cause (kind, field, product and
 * rule), each group with a status kept across new audits of the import, and filters shared by the list, the groups
 * and the XLSX export.
 */
export const documentFindingGroupStatuses = ['Aberto', 'EmAnalise', 'Corrigido', 'Ignorado'] as const;
export type TDocumentFindingGroupStatus = (typeof documentFindingGroupStatuses)[number];
export const documentFindingGroupStatusLabels: Record<TDocumentFindingGroupStatus, string> = {
  Aberto: 'Aberto',
  EmAnalise: 'Em análise',
  Corrigido: 'Corrigido',
  Ignorado: 'Ignorado',
};

const isoDate = (field: string) =>
  z.iso.date({ message: `${field}: informe uma data existente no formato AAAA-MM-DD.` });

/** Filters of the screen; the export takes the same ones so the file holds what the screen shows. */
export const ZDocumentFindingFilters = z.object({
  kind: ZDocumentFindingKind.optional(),
  severity: ZDocumentFindingSeverity.optional(),
  /** Part of the product's internal code or of the item's description. */
  product: z.string().trim().max(120, { message: 'Produto: no máximo 120 caracteres.' }).optional(),
  /** The document's number, or part of its chave (digits only). */
  document: z.string().trim().max(60, { message: 'Documento: no máximo 60 caracteres.' }).optional(),
  cfop: z
    .string()
    .regex(/^\d{4}$/, { message: 'CFOP: informe os 4 dígitos.' })
    .optional(),
  /** The other party's UF: the destination of a sale, the origin of a purchase. */
  uf: z.enum(ufs, { message: 'UF: escolha uma UF da lista.' }).optional(),
  from: isoDate('Data inicial').optional(),
  to: isoDate('Data final').optional(),
  /** One group's items (its key from the grouped answer). */
  group: z
    .string()
    .regex(/^[0-9a-f]{32}$/, { message: 'Grupo: identificador inválido.' })
    .optional(),
});
export type TDocumentFindingFilters = z.infer<typeof ZDocumentFindingFilters>;

export const ZDocumentWorklistQuery = ZDocumentFindingsQuery.extend(ZDocumentFindingFilters.shape).extend({
  groupBy: z.enum(['causa'], { message: 'Agrupamento: só por causa.' }).optional(),
});
export type TDocumentWorklistQuery = z.input<typeof ZDocumentWorklistQuery>;
export const ZDocumentFindingsExportQuery = ZDocumentFindingsQuery.omit({ page: true, pageSize: true }).extend(
  ZDocumentFindingFilters.shape,
);

/** A finding with the item's facts the analyst reads beside it. */
export const ZDocumentWorklistFinding = ZDocumentFinding.extend({
  description: z.string().nullable(),
  ncm: z.string().nullable(),
  cfop: z.string().nullable(),
  /** AAAA-MM-DD, the document's date. */
  issuedOn: z.string().nullable(),
});
export type TDocumentWorklistFinding = z.infer<typeof ZDocumentWorklistFinding>;

export const ZDocumentGroupStatusInfo = z.object({
  status: z.enum(documentFindingGroupStatuses),
  reason: z.string().nullable(),
  userName: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type TDocumentGroupStatusInfo = z.infer<typeof ZDocumentGroupStatusInfo>;

export const ZDocumentFindingGroup = z.object({
  /** md5 of kind, field, product code and rule: the group's identity across new audits. */
  key: z.string(),
  kind: ZDocumentFindingKind,
  label: z.string(),
  severity: ZDocumentFindingSeverity,
  field: z.string(),
  productId: z.string().nullable(),
  internalCode: z.string(),
  description: z.string().nullable(),
  ncm: z.string().nullable(),
  ruleCode: z.string().nullable(),
  items: z.number(),
  documents: z.number(),
  /** Sum of the items' differences (R$, two decimals as text), null when none of them has an amount. */
  difference: z.string().nullable(),
  differenceText: z.string().nullable(),
  firstDate: z.string().nullable(),
  lastDate: z.string().nullable(),
  examples: z.array(z.object({ documentId: z.string(), number: z.string(), chave: z.string().nullable() })),
  status: ZDocumentGroupStatusInfo,
});
export type TDocumentFindingGroup = z.infer<typeof ZDocumentFindingGroup>;

export const ZDocumentWorklistPage = z.object({
  summary: z.array(ZDocumentFindingSummary),
  items: z.array(ZDocumentWorklistFinding),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TDocumentWorklistPage = z.infer<typeof ZDocumentWorklistPage>;

export const ZDocumentFindingGroupsPage = z.object({
  groupBy: z.literal('causa'),
  summary: z.array(ZDocumentFindingSummary),
  groups: z.array(ZDocumentFindingGroup),
  /** Groups matching the filters (pages are of groups). */
  total: z.number(),
  /** Findings in those groups. */
  findings: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TDocumentFindingGroupsPage = z.infer<typeof ZDocumentFindingGroupsPage>;

export const ZDocumentFindingGroupParam = z.object({
  id: z.uuid({ message: 'Documento: identificador inválido.' }),
  key: z.string().regex(/^[0-9a-f]{32}$/, { message: 'Grupo: identificador inválido.' }),
});
export const ZDocumentFindingGroupStatusBody = z
  .object({
    status: z.enum(documentFindingGroupStatuses, {
      message: 'Situação: escolha Aberto, Em análise, Corrigido ou Ignorado.',
    }),
    reason: z.string().trim().max(500, { message: 'Motivo: no máximo 500 caracteres.' }).nullish(),
  })
  .refine((b) => b.status !== 'Ignorado' || (b.reason ?? '').length > 0, {
    message: 'Motivo: informe por que o grupo é ignorado.',
    path: ['reason'],
  });
export type TDocumentFindingGroupStatusBody = z.infer<typeof ZDocumentFindingGroupStatusBody>;

/** A group as the new audit answer names it: what disappeared (resolved) or what is new. */
export const ZDocumentGroupBrief = z.object({
  key: z.string(),
  kind: ZDocumentFindingKind,
  label: z.string(),
  field: z.string(),
  internalCode: z.string(),
  ruleCode: z.string().nullable(),
  items: z.number(),
  difference: z.string().nullable(),
});
export type TDocumentGroupBrief = z.infer<typeof ZDocumentGroupBrief>;

export const ZDocumentReauditResult = z.object({
  findingsBefore: z.number(),
  findingsAfter: z.number(),
  groupsBefore: z.number(),
  groupsAfter: z.number(),
  /** Groups present before and absent now: the fixes took effect. */
  resolved: z.array(ZDocumentGroupBrief),
  /** Groups absent before and present now (a rule changed the other way). */
  appeared: z.array(ZDocumentGroupBrief),
  reauditedAt: z.string(),
});
export type TDocumentReauditResult = z.infer<typeof ZDocumentReauditResult>;

export const documentWorklistMessages = {
  notDone: 'A importação ainda não terminou: aguarde a conclusão para auditar de novo.',
  noItems: 'Esta importação foi feita antes de os itens serem guardados: envie os arquivos de novo para auditá-la.',
} as const;
