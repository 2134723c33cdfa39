import { z } from 'zod';
import { ZUuid } from './common.js';

/**
 * The company's own documents (issue 22, decision 040): NF-e/NFC-e XMLs, ZIPs of them and SPED EFD ICMS/IPI files
 * imported in the background, each item compared with the product's classification and fiscal rule.
 */
/** Interrupted: the server stopped mid-import; none of its documents were kept (issue 35, decision 056). */
export const documentImportStatuses = ['Queued', 'Running', 'Done', 'Failed', 'Interrupted'] as const;
export const documentImportStatusLabels: Record<(typeof documentImportStatuses)[number], string> = {
  Queued: 'Na fila',
  Running: 'Em processamento',
  Done: 'Concluída',
  Failed: 'Falhou',
  Interrupted: 'Interrompida',
};

/**
 * How a Done import ended (issue 37, decision 057): `imported` with nothing refused, `problems` when files or
 * documents were refused, `nothing` when it added no document and no product (a file of duplicates, of refused
 * documents, of nothing the readers could use). The status stays `Done` with its counts; this says it in one word.
 */
export const documentImportOutcomes = ['imported', 'problems', 'nothing'] as const;
export type TDocumentImportOutcome = (typeof documentImportOutcomes)[number];
export const documentImportOutcomeLabels: Record<TDocumentImportOutcome, string> = {
  imported: 'Concluída',
  problems: 'Concluída com problemas',
  nothing: 'Nada importado',
};

export const ZDocumentImport = z.object({
  id: z.string(),
  status: z.enum(documentImportStatuses),
  /** Null until the import is Done. */
  outcome: z.enum(documentImportOutcomes).nullable(),
  /** Progress while it runs: documents read of about how many the upload holds (null until counted). */
  documentsRead: z.number(),
  documentsTotal: z.number().nullable(),
  /** Items through the audit so far (`items` counts those of documents already written). */
  itemsAudited: z.number(),
  fileName: z.string(),
  documents: z.number(),
  items: z.number(),
  productsCreated: z.number(),
  productsUpdated: z.number(),
  duplicates: z.number(),
  errors: z.number(),
  findings: z.number(),
  message: z.string().nullable(),
  userName: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TDocumentImport = z.infer<typeof ZDocumentImport>;

export const ZDocumentImportProblem = z.object({
  fileName: z.string(),
  line: z.number().nullable(),
  message: z.string(),
});
export const ZDocumentImportDetail = ZDocumentImport.extend({ problems: z.array(ZDocumentImportProblem) });
export type TDocumentImportDetail = z.infer<typeof ZDocumentImportDetail>;

export const ZDocumentImportList = z.array(ZDocumentImport);
export const ZDocumentImportsQuery = z.object({ companyId: ZUuid });
export const ZDocumentImportIdParam = z.object({ id: ZUuid });
export const ZDocumentUploadAccepted = z.object({ id: z.string() });

/**
 * Kinds of finding. `rejection` is the NF-e validation rule (cStat) the finding would trigger at SEFAZ, from the
 * MOC 4.00 annex (rules 611, 778), NT 2015.003 (806, CEST in ST operations), NT 2019.001 (930, 931, 946: cBenef),
 * MOC rules 518/519 (CFOP direction), NT 2025.002 (IBS/CBS group); null when SEFAZ accepts the document anyway
 * and the finding is a divergence from the catalogue (tax paid wrong, not a rejected NF-e).
 */
export const documentFindingKinds = [
  'ncm-divergente',
  'cest-divergente',
  'cest-incompativel',
  'gtin-invalido',
  'cst-divergente',
  'cfop-incompativel',
  'aliquota-divergente',
  'st-nao-destacado',
  'st-indevido',
  'cbenef-ausente',
  'cbenef-invalido',
  'cclasstrib-ausente',
  'cclasstrib-incompativel',
  'valor-divergente',
  'regra-desatualizada',
  'oportunidade-pis-cofins',
  'rejeicao',
] as const;
export type TDocumentFindingKind = (typeof documentFindingKinds)[number];
export const ZDocumentFindingKind = z.enum(documentFindingKinds, { message: 'Tipo de achado inválido.' });

export const documentFindingLabels: Record<TDocumentFindingKind, string> = {
  'ncm-divergente': 'NCM diferente do cadastro',
  'cest-divergente': 'CEST diferente do cadastro',
  'cest-incompativel': 'CEST incompatível com o NCM ou ausente na ST',
  'gtin-invalido': 'GTIN inválido',
  'cst-divergente': 'CST diferente da regra fiscal',
  'cfop-incompativel': 'CFOP incompatível com a operação',
  'aliquota-divergente': 'Alíquota diferente da regra fiscal',
  'st-nao-destacado': 'ICMS-ST devido e não destacado',
  'st-indevido': 'ICMS-ST destacado sem previsão na regra',
  'cbenef-ausente': 'cBenef obrigatório ausente',
  'cbenef-invalido': 'cBenef inexistente ou incompatível',
  'cclasstrib-ausente': 'cClassTrib ausente',
  'cclasstrib-incompativel': 'cClassTrib incompatível',
  'valor-divergente': 'Valor de imposto diferente do recalculado',
  'regra-desatualizada': 'Regra fiscal a atualizar',
  'oportunidade-pis-cofins': 'PIS/COFINS sem o ICMS na base (Tema 69)',
  rejeicao: 'Rejeição da SEFAZ (regra de validação)',
};

/**
 * How much a finding matters (decision 058): `rejeicao` — SEFAZ would reject the document; `risco` — the tax due
 * differs (the R$ is the difference); `informativo` — an opportunity or a catalogue rule to update.
 */
export const documentFindingSeverities = ['rejeicao', 'risco', 'informativo'] as const;
export type TDocumentFindingSeverity = (typeof documentFindingSeverities)[number];
export const ZDocumentFindingSeverity = z.enum(documentFindingSeverities, { message: 'Gravidade inválida.' });
export const documentFindingSeverityLabels: Record<TDocumentFindingSeverity, string> = {
  rejeicao: 'Rejeição',
  risco: 'Risco',
  informativo: 'Informativo',
};

/**
 * A difference in words (found − expected tax, in reais): positive is tax charged above what is due ("recolhido a
 * maior"), negative is tax missing ("a recolher"); zero is "sem diferença de imposto".
 */
export function describeDifference(difference: string | null): string | null {
  if (difference == null) return null;
  const n = Number(difference);
  if (!Number.isFinite(n)) return null;
  const abs = Math.abs(n).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  if (Math.round(n * 100) === 0) return 'R$ 0,00 (sem diferença de imposto)';
  return n > 0 ? `R$ ${abs} recolhido a maior` : `R$ ${abs} a recolher`;
}

const page = z.coerce
  .number({ message: 'Página: informe um número.' })
  .int({ message: 'Página: informe um número inteiro.' })
  .min(1, { message: 'Página: a primeira é a 1.' });
export const ZDocumentFindingsQuery = z.object({
  kind: ZDocumentFindingKind.optional(),
  productId: z.uuid({ message: 'Produto: identificador inválido.' }).optional(),
  documentId: z.uuid({ message: 'Documento: identificador inválido.' }).optional(),
  chave: z
    .string()
    .regex(/^\d{44}$/, { message: 'Chave de acesso: informe os 44 dígitos.' })
    .optional(),
  page: page.default(1),
  pageSize: z.coerce
    .number({ message: 'Itens por página: informe um número.' })
    .int({ message: 'Itens por página: informe um número inteiro.' })
    .min(1, { message: 'Itens por página: ao menos 1.' })
    .max(200, { message: 'Itens por página: no máximo 200.' })
    .default(50),
});
export type TDocumentFindingsQuery = z.input<typeof ZDocumentFindingsQuery>;

export const ZDocumentFinding = z.object({
  id: z.number(),
  kind: ZDocumentFindingKind,
  productId: z.string().nullable(),
  internalCode: z.string(),
  documentId: z.string(),
  chave: z.string().nullable(),
  documentNumber: z.string(),
  direction: z.enum(['sale', 'purchase']),
  nItem: z.number(),
  field: z.string(),
  expected: z.string().nullable(),
  found: z.string().nullable(),
  /** R$ with two decimals as text (found − expected tax of the item), null when the finding has no amount. */
  difference: z.string().nullable(),
  rejection: z.string().nullable(),
  severity: ZDocumentFindingSeverity,
  /** The rule behind the finding: the rejection code (cStat) or the audit's check id (decision 058). */
  ruleCode: z.string().nullable(),
  /** `difference` in words: "R$ 28,49 a recolher", "R$ 3,10 recolhido a maior"; null without an amount. */
  differenceText: z.string().nullable(),
});
export type TDocumentFinding = z.infer<typeof ZDocumentFinding>;

export const ZDocumentFindingSummary = z.object({
  kind: ZDocumentFindingKind,
  label: z.string(),
  count: z.number(),
  difference: z.string(),
});
export type TDocumentFindingSummary = z.infer<typeof ZDocumentFindingSummary>;

export const ZDocumentFindingsPage = z.object({
  summary: z.array(ZDocumentFindingSummary),
  items: z.array(ZDocumentFinding),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TDocumentFindingsPage = z.infer<typeof ZDocumentFindingsPage>;

export const documentMessages = {
  companyRequired: 'Informe a empresa antes dos arquivos.',
  fileRequired: 'Envie ao menos um arquivo XML, ZIP ou EFD.',
  tooLarge: 'Os arquivos passam do limite de 1 GB por envio.',
  tooManyFiles: 'Envie no máximo 20 arquivos por vez (junte-os num ZIP).',
} as const;
