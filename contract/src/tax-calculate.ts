import { z } from 'zod';
import { ZIsoDate, ZUf } from './common.js';
import {
  describeCodeProblem,
  describeRateProblem,
  describeValueProblem,
  ibsCbsCsts,
  ipiCsts,
  pisCofinsCsts,
} from './tax/input-checks.js';
import { icmsCsosns, icmsCsts } from './tax/nfe-item/icms-situation.js';
import { nfeItemValueFields } from './tax/nfe-item/types.js';

/**
 * POST /tax/calculate: one NF-e item, with the NF-e layout's tag names so an ERP developer
 * recognises them. Amounts and rates accept numbers or decimal strings ("10.5" or "10,5"): ERPs
 * send both, and a string keeps every digit a binary float would lose.
 */

function decimalField(label: string, kind: 'valor' | 'percentual') {
  const describe = kind === 'valor' ? describeValueProblem : describeRateProblem;
  return z
    .union([z.number(), z.string()], { message: `${label}: informe um número (ex.: 10.50).` })
    .superRefine((v, ctx) => {
      const problem = describe(label, v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .meta({ description: `${label} (número ou texto decimal)` });
}
const valor = (label: string) => decimalField(label, 'valor');
const percentual = (label: string) => decimalField(label, 'percentual');

function codeField(label: string, codes: readonly string[]) {
  return z
    .string({ message: `${label}: informe o código.` })
    .trim()
    .superRefine((v, ctx) => {
      const problem = describeCodeProblem(label, v, codes) ?? (v ? null : `${label}: informe o código.`);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}

export const ZTaxCalculateRequest = z
  .object({
    operacao: z.object({
      ufOrigem: ZUf,
      ufDestino: ZUf,
      consumidorFinal: z.boolean({ message: 'consumidorFinal: informe true ou false.' }),
      contribuinte: z.boolean({ message: 'contribuinte: informe true ou false.' }),
      crt: z.number().int().min(1).max(4, { message: 'crt deve ser 1, 2, 3 ou 4.' }).optional(),
      ano: z
        .number({ message: 'ano: informe o ano com quatro dígitos.' })
        .int()
        .min(2026, { message: 'ano: o cálculo de CBS/IBS cobre os anos de teste 2026 a 2028.' })
        .max(2028, { message: 'ano: o cálculo de CBS/IBS cobre os anos de teste 2026 a 2028.' })
        .optional(),
      data: z
        .string()
        .regex(/^202[6-8]-\d{2}-\d{2}$/, { message: 'data: use AAAA-MM-DD, entre 2026 e 2028.' })
        .pipe(ZIsoDate)
        .optional(),
      difal: z.enum(['simples', 'dupla'], { message: "difal deve ser 'simples' ou 'dupla'." }).optional(),
    }),
    item: z.object({
      vProd: valor('vProd'),
      vFrete: valor('vFrete').optional(),
      vSeg: valor('vSeg').optional(),
      vOutro: valor('vOutro').optional(),
      vDesc: valor('vDesc').optional(),
      ncm: z
        .string()
        .regex(/^\d{8}$/, { message: 'ncm deve ter 8 dígitos.' })
        .optional(),
      cest: z
        .string()
        .regex(/^\d{7}$/, { message: 'cest deve ter 7 dígitos.' })
        .optional(),
      origem: z.number().int().min(0).max(8, { message: 'origem deve ser de 0 a 8.' }).optional(),
      icms: z
        .object({
          cst: codeField('CST do ICMS', icmsCsts).optional(),
          csosn: codeField('CSOSN', icmsCsosns).optional(),
          pICMS: percentual('pICMS').optional(),
          pRedBC: percentual('pRedBC').optional(),
          pMVAST: valor('pMVAST').optional(),
          ajustarMva: z.boolean().optional(),
          pRedBCST: percentual('pRedBCST').optional(),
          pICMSST: percentual('pICMSST').optional(),
          pFCP: percentual('pFCP').optional(),
          pFCPST: percentual('pFCPST').optional(),
          pICMSUFDest: percentual('pICMSUFDest').optional(),
          pFCPUFDest: percentual('pFCPUFDest').optional(),
          motDesICMS: z
            .string()
            .regex(/^\d{1,2}$/, { message: 'motDesICMS deve ser o código do motivo.' })
            .optional(),
          pDif: percentual('pDif').optional(),
          cBenef: z
            .string()
            .regex(/^([A-Z]{2}[A-Z0-9]{6}|SEM CBENEF)$/, { message: 'cBenef deve ter 8 caracteres (UF + 6).' })
            .optional(),
        })
        .superRefine((icms, ctx) => {
          if (!icms.cst === !icms.csosn)
            ctx.addIssue({ code: 'custom', path: ['cst'], message: 'Informe o CST ou o CSOSN do ICMS (um deles).' });
        }),
      ipi: z.object({ cst: codeField('CST do IPI', ipiCsts), pIPI: percentual('pIPI').optional() }).optional(),
      pis: z.object({ cst: codeField('CST do PIS', pisCofinsCsts), pPIS: percentual('pPIS').optional() }).optional(),
      cofins: z
        .object({ cst: codeField('CST da COFINS', pisCofinsCsts), pCOFINS: percentual('pCOFINS').optional() })
        .optional(),
      ibscbs: z
        .object({
          cst: codeField('CST do IBS/CBS', ibsCbsCsts),
          cClassTrib: z
            .string()
            .regex(/^\d{6}$/, { message: 'cClassTrib deve ter 6 dígitos.' })
            .optional(),
        })
        .superRefine((g, ctx) => {
          if (g.cClassTrib && g.cClassTrib.slice(0, 3) !== g.cst)
            ctx.addIssue({
              code: 'custom',
              path: ['cClassTrib'],
              message: `cClassTrib ${g.cClassTrib} não pertence ao CST ${g.cst}: os três primeiros dígitos devem ser o CST.`,
            });
        })
        .optional(),
    }),
  })
  .meta({
    example: {
      operacao: { ufOrigem: 'SP', ufDestino: 'RJ', consumidorFinal: false, contribuinte: true, ano: 2026 },
      item: {
        vProd: '1000.00',
        vFrete: '50.00',
        ncm: '22030000',
        icms: { cst: '10', pICMS: 12, pMVAST: 50, ajustarMva: true, pICMSST: 20, pFCPST: 2 },
        ipi: { cst: '50', pIPI: 5 },
        pis: { cst: '01', pPIS: 1.65 },
        cofins: { cst: '01', pCOFINS: 7.6 },
        ibscbs: { cst: '000', cClassTrib: '000001' },
      },
    },
  });
export type TTaxCalculateRequest = z.infer<typeof ZTaxCalculateRequest>;

export const ZMemoriaStep = z.object({
  passo: z.number(),
  campo: z.string(),
  descricao: z.string(),
  formula: z.string(),
  valores: z.record(z.string(), z.string()),
  resultado: z.string(),
  baseLegal: z.string(),
});

export const ZTaxCalculateResponse = z.object({
  ...Object.fromEntries(nfeItemValueFields.map((f) => [f, z.number()])),
  memoria: z.array(ZMemoriaStep),
}) as unknown as z.ZodType<
  Record<(typeof nfeItemValueFields)[number], number> & { memoria: z.infer<typeof ZMemoriaStep>[] }
>;
export type TTaxCalculateResponse = z.infer<typeof ZTaxCalculateResponse>;

/** GET /tax/uf-rules: the state rules in force, read-only under 'Fontes das tabelas'. */
export const ZUfTaxRule = z.object({
  uf: z.string(),
  difalMethod: z.enum(['simples', 'dupla']),
  difalFcpInGrossUp: z.boolean(),
  reliefFormula: z.enum(['simples', 'por-dentro']),
  cbenefRequired: z.boolean(),
  cbenefCount: z.number(),
  source: z.string(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
});
export type TUfTaxRule = z.infer<typeof ZUfTaxRule>;
export const ZUfTaxRuleList = z.array(ZUfTaxRule);
