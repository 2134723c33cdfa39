import { transitionTaxFields, transitionYears } from '@app/tax-engine';
import { z } from 'zod';
import { ZMemoriaStep, ZTaxCalculateRequest } from './index.js';

const firstYear: number = transitionYears[0];
const lastYear = transitionYears[transitionYears.length - 1] as number;
const yearMessage = (field: string) => `${field}: informe um ano de ${firstYear} a ${lastYear}.`;
const year = (field: string) =>
  z
    .number({ message: yearMessage(field) })
    .int({ message: yearMessage(field) })
    .min(firstYear, { message: yearMessage(field) })
    .max(lastYear, { message: yearMessage(field) });

/** The years and day of the simulation: every year 2026–2033 on 1 July unless narrowed. */
export const ZTransitionPeriod = z.object({
  anoInicial: year('anoInicial').optional(),
  anoFinal: year('anoFinal').optional(),
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

/** POST /tax/transition: the body of /tax/calculate without the date (the simulator dates it once per year). */
export const ZTaxTransitionRequest = z
  .object({
    operacao: calculateShape.operacao.omit({ ano: true, data: true }),
    item: calculateShape.item,
    ...ZTransitionPeriod.shape,
  })
  .superRefine(checkOrder)
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

export const ZTransitionYear = z.object({
  ano: z.number(),
  ...(Object.fromEntries(transitionTaxFields.map((f) => [f, z.number()])) as Record<
    (typeof transitionTaxFields)[number],
    z.ZodNumber
  >),
  vTotal: z.number(),
  pCarga: z.number(),
  estimado: z.boolean(),
});
export type TTransitionYear = z.infer<typeof ZTransitionYear>;

export const ZTaxTransitionResponse = z.object({
  anos: z.array(ZTransitionYear.extend({ memoria: z.array(ZMemoriaStep) })),
});
export type TTaxTransitionResponse = z.infer<typeof ZTaxTransitionResponse>;

/** GET /tax/transition/years: the years the engine computes today (the screen offers only these). */
export const ZTransitionYearsComputed = z.object({ anos: z.array(z.number()) });
export type TTransitionYearsComputed = z.infer<typeof ZTransitionYearsComputed>;
