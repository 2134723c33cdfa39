import type { TransitionBurdenField } from '@app/tax-engine';
import { z } from 'zod';
import { ZUf, ZUuid } from './common.js';
import { valor } from './tax-calculate/fields.js';
import { ZMemoriaStep } from './tax-calculate/index.js';
import {
  rbt12,
  transitionYear,
  ZTaxTransitionRequest,
  ZTransitionPeriod,
  ZTransitionYear,
} from './tax-calculate/transition.js';

/**
 * Whether a company is taken as an IPI taxpayer when the simulation is not told: an industrial establishment
 * (CNAE sections B and C, divisions 05–33; RIPI, Decreto 7.212/2010, arts. 4º, 8º and 24). Commerce and services
 * resell without IPI. Without a CNAE the NF-e item's IPI is kept (nothing says the company is not industrial).
 */
export function isIpiTaxpayerByCnae(cnae: string | null | undefined): boolean {
  const digits = (cnae ?? '').replace(/\D/g, '');
  if (digits.length < 2) return true;
  const division = Number(digits.slice(0, 2));
  return division >= 5 && division <= 33;
}

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
  // The screen's names for the years, not the API's field ids.
  anoInicial: transitionYear('Ano inicial').optional(),
  anoFinal: transitionYear('Até o ano').optional(),
  ufDestino: ZUf,
  comprador: z.enum(simulationBuyers, { message: 'Comprador: escolha contribuinte ou consumidor final.' }),
  selecao: z.enum(simulationSelections, {
    message: 'Produtos simulados: escolha todos, os escolhidos ou os que a descrição contém.',
  }),
  productIds: z
    .array(ZUuid)
    .min(1, { message: 'Produtos: escolha ao menos um produto.' })
    .max(1000, { message: 'Produtos: no máximo 1.000 por seleção.' })
    .optional(),
  busca: z
    .string()
    .trim()
    .min(2, { message: 'Busca: informe ao menos 2 caracteres.' })
    .max(255, { message: 'Busca: no máximo 255 caracteres.' })
    .optional(),
  /** Value each item is priced at (the catalogue holds no prices): the load in % does not depend on it. */
  vProd: valor('Valor do item').optional(),
  /** Simples Nacional companies: receita bruta of the 12 months before (bracket and DAS of LC 123/2006, Anexo I). */
  rbt12: rbt12('RBT12').optional(),
  /** The company pays IPI (industrial or equated); default from its CNAE (isIpiTaxpayerByCnae). */
  contribuinteIpi: z.boolean({ message: 'Contribuinte do IPI: marque sim ou não.' }).optional(),
}).superRefine((s, ctx) => {
  if (s.selecao === 'selecao' && !s.productIds)
    ctx.addIssue({ code: 'custom', path: ['productIds'], message: 'Produtos: escolha ao menos um produto.' });
  if (s.selecao === 'busca' && !s.busca)
    ctx.addIssue({ code: 'custom', path: ['busca'], message: 'Busca: informe o texto da descrição.' });
  if ((s.anoInicial ?? 2026) > (s.anoFinal ?? 2033))
    ctx.addIssue({
      code: 'custom',
      path: ['anoFinal'],
      message: 'Até o ano: escolha um ano igual ou posterior ao inicial.',
    });
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
  /** Simples Nacional: the RBT12 the run used and its bracket of Anexo I; null for a regular-regime company. */
  rbt12: z.string().nullable(),
  faixaSimples: z.number().nullable(),
  contribuinteIpi: z.boolean(),
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
  page: z.coerce.number().int().min(1, { message: 'Página: a primeira é a 1.' }).default(1),
  pageSize: z.coerce.number().int().min(1).max(200, { message: 'No máximo 200 por página.' }).default(20),
  /** "true": only the products whose rule the engine refused, with the reason. */
  recusados: z
    .enum(['true', 'false'], { message: 'Recusados pelo motor: use true ou false.' })
    .optional()
    .transform((v) => v === 'true'),
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
  /**
   * The last catalogue health check found the product's rule on the full-rate cClassTrib while an annex of
   * LC 214/2025 reduces its NCM: the years shown are the rule's, not what the law gives (issue 38).
   */
  anexoIgnorado: z
    .object({ detalhe: z.string(), cClassTribProposto: z.array(z.string()) })
    .nullable()
    .optional(),
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

/**
 * The burden's figures as the screen and the XLSX name them, in stack order (the chart stacks them bottom to
 * top in this order; the NF-e's taxes first, then the ICMS charged before and the Simples Nacional DAS shares).
 */
export const transitionFieldLabels: Record<TransitionBurdenField, string> = {
  vICMS: 'ICMS',
  vICMSST: 'ICMS-ST',
  vFCP: 'FCP',
  vFCPST: 'FCP-ST',
  vICMSUFDest: 'DIFAL',
  vFCPUFDest: 'FCP DIFAL',
  vIPI: 'IPI',
  vPIS: 'PIS',
  vCOFINS: 'COFINS',
  vCBS: 'CBS',
  vIBSUF: 'IBS UF',
  vIBSMun: 'IBS Mun',
  vIS: 'IS',
  vICMSAnterior: 'ICMS cobrado antes (ST)',
  vDASICMS: 'DAS: ICMS',
  vDASPIS: 'DAS: PIS',
  vDASCOFINS: 'DAS: COFINS',
  vDASCBS: 'DAS: CBS',
  vDASIBS: 'DAS: IBS',
};

/** Headers of the years' columns beyond the taxes, shared by the screen's table and the XLSX. */
export const transitionColumnLabels = {
  ano: 'Ano',
  compensado: 'CBS/IBS compensados (R$)',
  naoDevido: 'Não pagos pela empresa (R$)',
  total: 'Total (R$)',
  carga: 'Carga (%)',
  totalRegular: 'Total com IBS/CBS no regime regular (R$)',
  cargaRegular: 'Carga com IBS/CBS no regime regular (%)',
  estimado: 'Estimado',
} as const;
export const taxColumnLabel = (f: TransitionBurdenField) => `${transitionFieldLabels[f]} (R$)`;
