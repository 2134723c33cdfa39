import { transitionBurdenFields, transitionYears } from '@app/tax-engine';
import { z } from 'zod';
import { valor } from './fields.js';
import { ZMemoriaStep, ZTaxCalculateRequest } from './index.js';

const firstYear: number = transitionYears[0];
const lastYear = transitionYears[transitionYears.length - 1] as number;
const yearMessage = (field: string) => `${field}: informe um ano de ${firstYear} a ${lastYear}.`;
/** A year of the transition, its messages naming the field as `field` (a JSON path for the API, a label for screens). */
export const transitionYear = (field: string) =>
  z
    .number({ message: yearMessage(field) })
    .int({ message: yearMessage(field) })
    .min(firstYear, { message: yearMessage(field) })
    .max(lastYear, { message: yearMessage(field) });

/** The years and day of the simulation: every year 2026–2033 on 1 July unless narrowed. */
export const ZTransitionPeriod = z.object({
  anoInicial: transitionYear('anoInicial').optional(),
  anoFinal: transitionYear('anoFinal').optional(),
  diaMes: z
    .string()
    .regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { message: 'diaMes: use MM-DD (ex.: 07-01).' })
    .optional(),
});
export type TTransitionPeriod = z.infer<typeof ZTransitionPeriod>;

/** Years asked, in order; the first after the last is refused by the schemas that use this. */
export function listTransitionYears(p: TTransitionPeriod): number[] {
  const years: number[] = [];
  for (let y = p.anoInicial ?? firstYear; y <= (p.anoFinal ?? lastYear); y++) years.push(y);
  return years;
}

const checkOrder = (p: TTransitionPeriod, ctx: z.RefinementCtx) => {
  if ((p.anoInicial ?? firstYear) > (p.anoFinal ?? lastYear))
    ctx.addIssue({ code: 'custom', path: ['anoFinal'], message: 'anoFinal deve ser igual ou posterior a anoInicial.' });
};

const calculateShape = ZTaxCalculateRequest.shape;

/** Highest RBT12 of the Simples Nacional (LC 123/2006, art. 3º, II). */
export const SIMPLES_RBT12_MAX = 4_800_000;
export const rbt12Message = (field: string) =>
  `${field}: informe a receita bruta dos últimos 12 meses (RBT12), acima de zero e até R$ 4.800.000,00.`;
export const rbt12 = (field: string) =>
  valor(field).refine((v) => Number(v) > 0 && Number(v) <= SIMPLES_RBT12_MAX, { message: rbt12Message(field) });

/**
 * The seller (decision 061): a Simples Nacional company's RBT12 puts the DAS shares in its burden; a seller
 * that is not an IPI taxpayer (commerce) bears no IPI. Absent: a regular-regime IPI taxpayer, as the item says.
 */
export const ZTransitionCompany = z.object({
  rbt12: rbt12('empresa.rbt12').optional(),
  contribuinteIpi: z.boolean({ message: 'empresa.contribuinteIpi deve ser verdadeiro ou falso.' }).optional(),
});

/** POST /tax/transition: the body of /tax/calculate without the date (the simulator dates it once per year). */
export const ZTaxTransitionRequest = z
  .object({
    operacao: calculateShape.operacao.omit({ ano: true, data: true }),
    item: calculateShape.item,
    empresa: ZTransitionCompany.optional(),
    ...ZTransitionPeriod.shape,
  })
  .superRefine(checkOrder)
  .superRefine((r, ctx) => {
    if (r.empresa?.rbt12 !== undefined && r.operacao.crt !== 1 && r.operacao.crt !== 2)
      ctx.addIssue({
        code: 'custom',
        path: ['empresa', 'rbt12'],
        message: 'empresa.rbt12: só para empresas do Simples Nacional (operacao.crt 1 ou 2).',
      });
  })
  .meta({
    example: {
      operacao: { ufOrigem: 'SP', ufDestino: 'RJ', consumidorFinal: false, contribuinte: true },
      item: {
        vProd: '1000.00',
        ncm: '22030000',
        icms: { cst: '00', pICMS: 12 },
        ipi: { cst: '50', pIPI: 5 },
        pis: { cst: '01', pPIS: 1.65 },
        cofins: { cst: '01', pCOFINS: 7.6 },
        ibscbs: { cst: '000', cClassTrib: '000001' },
      },
    },
  });
export type TTaxTransitionRequest = z.infer<typeof ZTaxTransitionRequest>;

// Defaults: totals stored by runs before decision 061 lack the burden's newer fields.
export const ZTransitionYear = z.object({
  ano: z.number(),
  ...(Object.fromEntries(transitionBurdenFields.map((f) => [f, z.number().default(0)])) as Record<
    (typeof transitionBurdenFields)[number],
    z.ZodDefault<z.ZodNumber>
  >),
  /** 2026: CBS and IBS of the items, compensated against PIS/COFINS (LC 214/2025, art. 346), not in vTotal. */
  vCBSIBSCompensado: z.number().default(0),
  /** Taxes on the items the company does not pay (IPI of a retailer, PIS/COFINS of a Simples company). */
  vNaoDevido: z.number().default(0),
  vTotal: z.number(),
  pCarga: z.number(),
  estimado: z.boolean(),
  /** Simples Nacional from 2027: the total and load with CBS/IBS paid by the regular regime (LC 214/2025, art. 41). */
  vTotalRegular: z.number().nullable().default(null),
  pCargaRegular: z.number().nullable().default(null),
});
export type TTransitionYear = z.infer<typeof ZTransitionYear>;

export const ZTaxTransitionResponse = z.object({
  anos: z.array(ZTransitionYear.extend({ memoria: z.array(ZMemoriaStep) })),
});
export type TTaxTransitionResponse = z.infer<typeof ZTaxTransitionResponse>;

/** GET /tax/transition/years: the years the engine computes today (the screen offers only these). */
export const ZTransitionYearsComputed = z.object({ anos: z.array(z.number()) });
export type TTransitionYearsComputed = z.infer<typeof ZTransitionYearsComputed>;
