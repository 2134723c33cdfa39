import { z } from 'zod';
import { ZIsoDate, ZUf } from './common.js';

/** Official tables the reference loader knows (also the keys of GET /reference/sources). */
export const referenceTables = [
  'ncm',
  'cest',
  'cfop',
  'cst',
  'ibs-cbs-cst',
  'cclasstrib',
  'ipi-enquadramento',
  'uf-rates',
  'uf-rules',
  'cbenef',
  'rtc-aliquotas',
  'rtc-cclasstrib',
  'rtc-ncm',
  'rtc-aliquotas-especificas',
  'rtc-is',
  'rtc-monofasia',
] as const;
export const ZReferenceTable = z.enum(referenceTables);
export type TReferenceTable = z.infer<typeof ZReferenceTable>;

export const cstTypes = ['ICMS', 'CSOSN', 'IPI', 'PIS', 'COFINS', 'IBSCBS'] as const;
export const ZCstType = z.enum(cstTypes, { message: 'Tipo de CST inválido.' });
export type TCstType = z.infer<typeof ZCstType>;

/** NCM as typed (dots and spaces allowed), sent on as its digits: 2 to 8 of them. */
export const ZNcmCodeParam = z
  .string()
  .transform((v) => v.replace(/[.\s]/g, ''))
  .pipe(z.string().regex(/^\d{2,8}$/, { message: 'NCM inválido.' }));

export const ZCestCodeParam = z
  .string()
  .transform((v) => v.replace(/[.\s]/g, ''))
  .pipe(z.string().regex(/^\d{7}$/, { message: 'CEST inválido.' }));

export const ZNcmSearchQuery = z.object({
  q: z.string().trim().max(200).default(''),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type TNcmSearchQuery = z.input<typeof ZNcmSearchQuery>;

export const ZNcmItem = z.object({
  code: z.string(),
  description: z.string(),
  fullDescription: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
});
export type TNcmItem = z.infer<typeof ZNcmItem>;
export const ZNcmList = z.array(ZNcmItem);

export const ZNcmDateQuery = z.object({ date: ZIsoDate.optional() });

export const ZNcmDetail = ZNcmItem.extend({
  level: z.number(),
  parentCode: z.string().nullable(),
  active: z.boolean(),
  /** The date inForce refers to (today when not asked). */
  date: z.string(),
  inForce: z.boolean(),
});
export type TNcmDetail = z.infer<typeof ZNcmDetail>;

export const ZNcmValidity = z.object({
  code: z.string(),
  inForce: z.boolean(),
  startDate: z.string(),
  endDate: z.string().nullable(),
});
export type TNcmValidity = z.infer<typeof ZNcmValidity>;

export const ZCestQuery = z.object({
  ncm: ZNcmCodeParam.optional(),
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});
export type TCestQuery = z.input<typeof ZCestQuery>;

export const ZCestItem = z.object({
  code: z.string(),
  description: z.string(),
  segment: z.string(),
  item: z.string(),
  ncmPrefixes: z.array(z.string()),
});
export type TCestItem = z.infer<typeof ZCestItem>;
export const ZCestList = z.array(ZCestItem);

export const ZCestFitsQuery = z.object({ ncm: ZNcmCodeParam });
export const ZCestFits = z.object({ fits: z.boolean() });
export type TCestFits = z.infer<typeof ZCestFits>;

export const ZCfopQuery = z.object({
  q: z.string().trim().max(200).optional(),
  direction: z.enum(['in', 'out'], { message: 'Direção inválida.' }).optional(),
});
export type TCfopQuery = z.input<typeof ZCfopQuery>;
export const ZCfopItem = z.object({
  code: z.string(),
  name: z.string(),
  direction: z.enum(['in', 'out']),
  kind: z.string(),
});
export type TCfopItem = z.infer<typeof ZCfopItem>;
export const ZCfopList = z.array(ZCfopItem);

export const ZCstQuery = z.object({ type: ZCstType.optional() });
export const ZCstItem = z.object({
  type: ZCstType,
  code: z.string(),
  name: z.string(),
  direction: z.enum(['all', 'in', 'out']),
});
export type TCstItem = z.infer<typeof ZCstItem>;
export const ZCstList = z.array(ZCstItem);

export const ZCclasstribQuery = z.object({
  cst: z
    .string()
    .regex(/^\d{3}$/, { message: 'CST inválido.' })
    .optional(),
  /** With an NCM, the codes an annex of LC 214/2025 gives it come first, with their annex (decision 062). */
  ncm: z
    .string()
    .regex(/^\d{8}$/, { message: 'NCM inválido: informe os 8 dígitos.' })
    .optional(),
});
export const ZCclasstribItem = z.object({
  code: z.string(),
  cst: z.string(),
  name: z.string(),
  description: z.string(),
  legalBasis: z.string(),
  rateType: z.string(),
  /** Percent reductions as decimal strings ("60.0000"). */
  pRedIbs: z.string(),
  pRedCbs: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  documents: z.array(z.string()),
  link: z.string(),
  /** The annex of LC 214/2025 that gives this code to the queried NCM ("Anexo I, item 1"); null otherwise. */
  lawAnnex: z.string().nullable().optional(),
});
export type TCclasstribItem = z.infer<typeof ZCclasstribItem>;
export const ZCclasstribList = z.array(ZCclasstribItem);

export const ZIpiEnquadramentoItem = z.object({
  code: z.string(),
  group: z.string(),
  description: z.string(),
  cstIn: z.string().nullable(),
  cstOut: z.string().nullable(),
});
export type TIpiEnquadramentoItem = z.infer<typeof ZIpiEnquadramentoItem>;
export const ZIpiEnquadramentoList = z.array(ZIpiEnquadramentoItem);

/** GET /reference/cbenef?uf=: the UF's benefit codes (cBenef) in force, with the CSTs each allows. */
export const ZCbenefQuery = z.object({ uf: ZUf });
export const ZCbenefItem = z.object({
  code: z.string(),
  uf: z.string(),
  csts: z.array(z.string()),
  description: z.string(),
});
export type TCbenefItem = z.infer<typeof ZCbenefItem>;
export const ZCbenefList = z.array(ZCbenefItem);

export const ZUfRate = z.object({
  uf: z.string(),
  name: z.string(),
  region: z.enum(['N', 'NE', 'CO', 'SE', 'S']),
  ibge: z.string(),
  /** Internal (modal) ICMS rate and standard FCP, in percent (20.5 = 20,5%). */
  internalRate: z.number(),
  fcpRate: z.number(),
  note: z.string(),
});
export type TUfRate = z.infer<typeof ZUfRate>;
export const ZUfRateList = z.array(ZUfRate);

export const ZReferenceSource = z.object({
  table: ZReferenceTable,
  title: z.string(),
  source: z.string(),
  asOf: z.string(),
  fileName: z.string(),
  sha256: z.string(),
  rowCount: z.number(),
  loadedAt: z.string(),
});
export type TReferenceSource = z.infer<typeof ZReferenceSource>;
export const ZReferenceSourceList = z.array(ZReferenceSource);
