import { nfeItemValueFields } from '@app/tax-engine';
import { z } from 'zod';
import { ZUf } from '../common.js';
import { ZTaxFederal } from './federal.js';
import { valor } from './fields.js';
import { ZTaxIbsCbs, ZTaxIs, ZTaxReformAnswer } from './ibscbs.js';
import { ZTaxIcms } from './icms.js';

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
        .min(2026, { message: 'ano: o cálculo cobre a transição da reforma, de 2026 a 2033.' })
        .max(2033, { message: 'ano: o cálculo cobre a transição da reforma, de 2026 a 2033.' })
        .optional(),
      data: z
        .string()
        .regex(/^20(2[6-9]|3[0-3])-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, {
          message: 'data: use AAAA-MM-DD, entre 2026-01-01 e 2033-12-31.',
        })
        .optional(),
      difal: z.enum(['simples', 'dupla'], { message: "difal deve ser 'simples' ou 'dupla'." }).optional(),
      cMunFG: z
        .string()
        .regex(/^\d{7}$/, { message: 'cMunFG deve ter os 7 dígitos do código IBGE do município.' })
        .optional(),
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
      icms: ZTaxIcms,
      ...ZTaxFederal,
      ibscbs: ZTaxIbsCbs.optional(),
      zfm: z.boolean({ message: 'zfm: informe true ou false.' }).optional(),
      vII: valor('vII').optional(),
      vServ: valor('vServ').optional(),
      vISSQN: valor('vISSQN').optional(),
      vICMSMono: valor('vICMSMono').optional(),
      is: ZTaxIs.optional(),
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
  ...ZTaxReformAnswer,
  memoria: z.array(ZMemoriaStep),
}) as unknown as z.ZodType<
  Record<(typeof nfeItemValueFields)[number], number> & {
    estimado: boolean;
    gIBSCBS?: z.infer<typeof ZTaxReformAnswer.gIBSCBS>;
    gIBSCBSMono?: z.infer<typeof ZTaxReformAnswer.gIBSCBSMono>;
    IS?: z.infer<typeof ZTaxReformAnswer.IS>;
    memoria: z.infer<typeof ZMemoriaStep>[];
  }
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
