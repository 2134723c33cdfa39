import { z } from 'zod';
import { ZUf, ZUuid } from './common.js';
import { valor } from './tax-calculate/fields.js';
import { ZMemoriaStep } from './tax-calculate/index.js';
import { ZTaxTransitionRequest, ZTransitionPeriod, ZTransitionYear } from './tax-calculate/transition.js';

/**
 * "Simulação da reforma" (issue 25 §4): a company's classified catalogue run through the years of the
 * transition for one operation, as a background job (decision 039).
 */
export const simulationBuyers = ['contribuinte', 'consumidor_final'] as const;
export const simulationBuyerLabels: Record<(typeof simulationBuyers)[number], string> = {
  contribuinte: 'Contribuinte do ICMS (revenda)',
  consumidor_final: 'Consumidor final (não contribuinte)',
};
export const simulationSelections = ['todos', 'selecao', 'busca'] as const;
export const simulationStatusLabels = {
  Queued: 'Na fila',
  Running: 'Em andamento',
  Done: 'Concluída',
  Failed: 'Falhou',
} as const;

export const ZSimulationStart = ZTransitionPeriod.extend({
  ufDestino: ZUf,
  comprador: z.enum(simulationBuyers, { message: "comprador deve ser 'contribuinte' ou 'consumidor_final'." }),
  selecao: z.enum(simulationSelections, { message: "selecao deve ser 'todos', 'selecao' ou 'busca'." }),
  productIds: z
    .array(ZUuid)
    .min(1, { message: 'productIds: escolha ao menos um produto.' })
    .max(1000, { message: 'productIds: no máximo 1000 produtos por seleção.' })
    .optional(),
  busca: z
    .string()
    .trim()
    .min(2, { message: 'busca: informe ao menos 2 caracteres.' })
    .max(255, { message: 'busca: no máximo 255 caracteres.' })
    .optional(),
  /** Value each item is priced at (the catalogue holds no prices): the load in % does not depend on it. */
  vProd: valor('vProd').optional(),
}).superRefine((s, ctx) => {
  if (s.selecao === 'selecao' && !s.productIds)
    ctx.addIssue({ code: 'custom', path: ['productIds'], message: 'productIds: escolha ao menos um produto.' });
  if (s.selecao === 'busca' && !s.busca)
    ctx.addIssue({ code: 'custom', path: ['busca'], message: 'busca: informe o texto da descrição.' });
  if ((s.anoInicial ?? 2026) > (s.anoFinal ?? 2033))
    ctx.addIssue({ code: 'custom', path: ['anoFinal'], message: 'anoFinal deve ser igual ou posterior a anoInicial.' });
});
export type TSimulationStart = z.infer<typeof ZSimulationStart>;

export const ZSimulation = z.object({
  id: z.string(),
  companyId: z.string(),
  ufDestino: z.string(),
  comprador: z.enum(simulationBuyers),
  selecao: z.enum(simulationSelections),
  busca: z.string().nullable(),
  produtosEscolhidos: z.number().nullable(),
  anoInicial: z.number(),
  anoFinal: z.number(),
  diaMes: z.string(),
  vProd: z.string(),
  status: z.enum(['Queued', 'Running', 'Done', 'Failed']),
  /** 0–100: rules computed and products written over both totals. */
  progresso: z.number(),
  produtos: z.number(),
  produtosProcessados: z.number(),
  produtosRecusados: z.number(),
  /** Per year, the catalogue's sum of each tax and its load (when done). */
  totais: z.array(ZTransitionYear).nullable(),
  erro: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TSimulation = z.infer<typeof ZSimulation>;
export const ZSimulationList = z.array(ZSimulation);

export const ZSimulationProductsQuery = z.object({
  page: z.coerce.number().int().min(1, { message: 'page deve ser 1 ou mais.' }).default(1),
  pageSize: z.coerce.number().int().min(1).max(200, { message: 'No máximo 200 por página.' }).default(20),
});
export type TSimulationProductsQuery = z.infer<typeof ZSimulationProductsQuery>;

export const ZSimulationProduct = z.object({
  productId: z.string(),
  internalCode: z.string(),
  description: z.string(),
  ncm: z.string().nullable(),
  pCargaInicial: z.number().nullable(),
  pCargaFinal: z.number().nullable(),
  /** Change of the load from the first to the last year, in percentage points. */
  variacao: z.number().nullable(),
  erro: z.string().nullable(),
});
export type TSimulationProduct = z.infer<typeof ZSimulationProduct>;

/** Products ordered by the rise of their load (largest first; refused ones last). */
export const ZSimulationProductsPage = z.object({
  items: z.array(ZSimulationProduct),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TSimulationProductsPage = z.infer<typeof ZSimulationProductsPage>;

/** One product's years with the memória, and the item the simulation built from its rule. */
export const ZSimulationProductYears = z.object({
  product: ZSimulationProduct,
  /** Null when the engine refused the rule's item (the reason is the product's `erro`). */
  item: ZTaxTransitionRequest.nullable(),
  anos: z.array(ZTransitionYear.extend({ memoria: z.array(ZMemoriaStep) })),
});
export type TSimulationProductYears = z.infer<typeof ZSimulationProductYears>;
