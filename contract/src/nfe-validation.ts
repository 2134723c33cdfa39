import { z } from 'zod';

/**
 * NF-e validation before SEFAZ (issue 36, decision 060): the XML goes as the raw body of POST /nfe/validate and
 * comes back with every rejection the rule book and the official schema find, each with its code, rule and field.
 */
export const nfeValidationMessages = {
  contentType: 'Envie o XML da NF-e como corpo da requisição, com Content-Type: application/xml.',
  tooLarge: 'O XML excede o tamanho máximo de 5 MB.',
  empty: 'O corpo está vazio: envie o XML da NF-e.',
  notUtf8: 'O XML da NF-e deve estar em UTF-8 (MOC 7.0).',
  notNfe: 'O XML não é uma NF-e: envie o elemento NFe ou nfeProc do leiaute 4.00.',
  model: 'Só são validadas NF-e (modelo 55) e NFC-e (modelo 65).',
} as const;

export const NFE_VALIDATION_MAX_BYTES = 5 * 1024 * 1024;

export const ZNfeValidationQuery = z.object({
  data: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'data deve estar no formato AAAA-MM-DD')
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'data não é uma data válida')
    .optional()
    .describe('Valida com as regras de outra data (padrão: a data de emissão, dhEmi).'),
});

export const ZNfeRuleSource = z.object({
  documento: z.string(),
  versao: z.string(),
  secao: z.string(),
  url: z.string(),
});

export const ZNfeFinding = z.object({
  codigo: z.string().describe('Código de rejeição (cStat) que a SEFAZ devolveria.'),
  regra: z.string().describe('Identificação da regra como o MOC/NT a escreve (ex.: W16-10, UB35-10).'),
  mensagem: z.string(),
  campo: z.string().describe('Caminho da tag (NFe/infNFe/det[nItem=2]/prod/vProd).'),
  nItem: z.number().int().nullable(),
  esperado: z.string().nullable(),
  encontrado: z.string().nullable(),
  facultativa: z.boolean().describe('Regra de aplicação facultativa pela UF: aplicada e marcada.'),
  fonte: ZNfeRuleSource,
});
export type TNfeFinding = z.infer<typeof ZNfeFinding>;

export const ZNfeValidationResponse = z.object({
  valida: z.boolean(),
  chave: z.string().nullable(),
  dhEmi: z.string().nullable(),
  modelo: z.string(),
  assinada: z.boolean().describe('Falso quando o XML veio sem assinatura: a assinatura não é conferida aqui.'),
  regras: z.object({
    versao: z.string().describe('Conjunto de regras aplicado.'),
    data: z.string(),
    ambiente: z.enum(['producao', 'homologacao']),
    esquema: z.string().describe('Pacote de esquemas XSD usado (PL_009_V4 ou PL_010).'),
    tabelas: z.string(),
  }),
  rejeicoes: z.array(ZNfeFinding),
  alertas: z
    .array(ZNfeFinding)
    .describe(
      'Não rejeitam hoje: regras do momento da recepção, as que dependem da base da SEFAZ e as que a NT marca "Implementação futura" (VB01-10, VB01-20, W60-05, W60-10).',
    ),
});
export type TNfeValidationResponse = z.infer<typeof ZNfeValidationResponse>;

/**
 * POST /nfe/complete (issue 36, decision 068): the NF-e XML comes back with its imposto groups and totals computed
 * by the engine, unsigned, and the validation of the completed document. JSON, the XML as text: an ERP reads the
 * rejections and the document in one answer, and signs `xml` before transmitting it.
 */
export const ZNfeCompleteResponse = ZNfeValidationResponse.extend({
  xml: z
    .string()
    .describe('A NF-e completada (elemento NFe, UTF-8, sem assinatura): assine-a antes de transmitir à SEFAZ.'),
  itens: z.number().int().describe('Quantidade de itens calculados.'),
});
export type TNfeCompleteResponse = z.infer<typeof ZNfeCompleteResponse>;

/** The validation of POST /tax/calculate-nfe with `validar: true`: what the rule book says of the computed invoice. */
export const ZNfeComputedValidation = z.object({
  valida: z.boolean(),
  regras: ZNfeValidationResponse.shape.regras,
  rejeicoes: z.array(ZNfeFinding),
  alertas: z.array(ZNfeFinding),
});
export type TNfeComputedValidation = z.infer<typeof ZNfeComputedValidation>;
