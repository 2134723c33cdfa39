import { nfeItemValueFields } from '@app/tax-engine';
import { z } from 'zod';
import { ZTaxFederal } from './federal.js';
import { valor, valorNfe } from './fields.js';
import { ZTaxIbsCbs, ZTaxIs, ZTaxReformAnswer } from './ibscbs.js';
import { refineIcmsRequest, ZTaxIcms } from './icms.js';
import {
  checkItemLimits,
  dataField,
  firstYear,
  lastYear,
  ufField,
  yearRangeMessage,
  ZTaxQuantities,
} from './limits.js';

export const ZTaxCalculateRequest = z
  .object({
    operacao: z.object({
      ufOrigem: ufField('ufOrigem'),
      ufDestino: ufField('ufDestino'),
      consumidorFinal: z.boolean({ message: 'consumidorFinal: informe true ou false.' }),
      contribuinte: z.boolean({ message: 'contribuinte: informe true ou false.' }),
      crt: z.number().int().min(1).max(4, { message: 'crt deve ser 1, 2, 3 ou 4.' }).optional(),
      ano: z
        .number({ message: 'ano: informe o ano com quatro dígitos.' })
        .int({ message: 'ano: informe o ano com quatro dígitos.' })
        .min(firstYear, { message: yearRangeMessage('ano') })
        .max(lastYear, { message: yearRangeMessage('ano') })
        .optional(),
      data: dataField.optional(),
      difal: z.enum(['simples', 'dupla'], { message: "difal deve ser 'simples' ou 'dupla'." }).optional(),
      regimePisCofins: z
        .enum(['cumulativo', 'nao-cumulativo'], {
          message: "regimePisCofins deve ser 'cumulativo' ou 'nao-cumulativo'.",
        })
        .optional(),
      cMunFG: z
        .string()
        .regex(/^\d{7}$/, { message: 'cMunFG deve ter os 7 dígitos do código IBGE do município.' })
        .optional(),
    }),
    item: z.object({
      vProd: valorNfe('vProd'),
      vFrete: valorNfe('vFrete').optional(),
      vSeg: valorNfe('vSeg').optional(),
      vOutro: valorNfe('vOutro').optional(),
      vDesc: valorNfe('vDesc').optional(),
      ...ZTaxQuantities,
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
  .superRefine(refineIcmsRequest)
  .superRefine(checkItemLimits)
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

/**
 * An item with an operação already checked (a whole invoice's, once): the item's fields and the same checks
 * that join operação and item as ZTaxCalculateRequest (CRT × CST, date × groups…), in the same order, so every
 * message and path is the one /tax/calculate gives. Parsing the operação again for each of 990 items was about
 * a tenth of a whole invoice's CPU (issue 21 figures).
 */
export const ZTaxItemWithCheckedOperacao = z
  .object({
    operacao: z.custom<TTaxCalculateRequest['operacao']>(() => true),
    item: ZTaxCalculateRequest.shape.item,
  })
  .superRefine(refineIcmsRequest)
  .superRefine(checkItemLimits);

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
