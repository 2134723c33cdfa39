import { describeNfeItemCountProblem, icmsTotFields, maxNfeItems } from '@app/tax-engine';
import { z } from 'zod';
import { ZNfeComputedValidation } from '../nfe-validation.js';
import {
  type TTaxCalculateRequest,
  ZTaxCalculateRequest,
  ZTaxCalculateResponse,
  ZTaxItemWithCheckedOperacao,
} from './index.js';

/**
 * POST /tax/calculate-nfe: a whole NF-e, `{ operacao, itens }`. The operação is checked once; each item by the
 * item schema and the joined checks of /tax/calculate (ZTaxItemWithCheckedOperacao, with the invoice's operacao),
 * so an item is accepted or refused with the same message in both endpoints, including the checks that join
 * operação and item (CRT × CST…). Its problems are named `itens[i].campo`, the message starting with `itens[i]: `.
 */
export const ZNfeEnvelope = z.object({
  operacao: ZTaxCalculateRequest.shape.operacao,
  itens: z
    .array(z.unknown(), { message: 'itens: informe a lista de itens da NF-e.' })
    .superRefine((itens, ctx) => {
      const problem = describeNfeItemCountProblem(itens.length);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .meta({
      description: `De 1 a ${maxNfeItems} itens, cada um no formato de \`item\` de POST /tax/calculate.`,
    }),
  validar: z
    .boolean({ message: 'validar deve ser true ou false.' })
    .optional()
    .describe(
      'true: devolve também `validacao`, as rejeições que a NF-e calculada receberia (regras do MOC/NT e esquema XSD).',
    ),
});

/** The operação checked, the items not yet: what the server checks item by item while it computes (decision 053). */
export type TNfeEnvelope = z.output<typeof ZNfeEnvelope>;

export const ZTaxCalculateNfeRequest = ZNfeEnvelope.transform((body, ctx) => {
  const itens: TTaxCalculateRequest['item'][] = new Array(body.itens.length);
  let refused = false;
  for (let i = 0; i < body.itens.length; i++) {
    const parsed = ZTaxItemWithCheckedOperacao.safeParse({ operacao: body.operacao, item: body.itens[i] });
    if (parsed.success) {
      itens[i] = parsed.data.item;
      continue;
    }
    refused = true;
    for (const issue of parsed.error.issues) {
      const [head, ...rest] = issue.path;
      ctx.addIssue({
        code: 'custom',
        message: `itens[${i}]: ${issue.message}`,
        path: head === 'item' ? [`itens[${i}]`, ...rest] : issue.path,
      });
    }
  }
  return refused
    ? z.NEVER
    : { operacao: body.operacao, itens, ...(body.validar === undefined ? {} : { validar: body.validar }) };
}).meta({
  example: {
    operacao: { ufOrigem: 'SP', ufDestino: 'RJ', consumidorFinal: false, contribuinte: true, data: '2026-03-10' },
    itens: [
      {
        vProd: '1000.00',
        vFrete: '50.00',
        icms: { cst: '00', pICMS: 12 },
        ipi: { cst: '50', pIPI: 5 },
        ibscbs: { cst: '000', cClassTrib: '000001' },
      },
      { vProd: '250.00', icms: { cst: '10', pICMS: 12, pMVAST: 50, ajustarMva: true, pICMSST: 20, pFCPST: 2 } },
    ],
  },
});
export type TTaxCalculateNfeRequest = z.output<typeof ZTaxCalculateNfeRequest>;

const money = z.number();
export const ZNfeTotal = z.object({
  ICMSTot: z.object(
    Object.fromEntries(icmsTotFields.map((f) => [f, money])) as Record<(typeof icmsTotFields)[number], typeof money>,
  ),
  IBSCBSTot: z.object({
    vBCIBSCBS: money,
    gIBS: z.object({ vIBS: money, gIBSUF: z.object({ vIBSUF: money }), gIBSMun: z.object({ vIBSMun: money }) }),
    gCBS: z.object({ vCBS: money }),
  }),
});

export const ZTaxCalculateNfeResponse = z.object({
  itens: z.array(ZTaxCalculateResponse),
  total: ZNfeTotal,
  validacao: ZNfeComputedValidation.optional().describe(
    'Com `validar: true`: a NF-e montada com os itens calculados (emitente e destinatário de referência, produtos ' +
      'ITEMn) validada pelo livro de regras e pelo XSD — as rejeições que os valores calculados receberiam.',
  ),
});
export type TTaxCalculateNfeResponse = z.infer<typeof ZTaxCalculateNfeResponse>;
