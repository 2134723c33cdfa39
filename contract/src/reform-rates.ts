import { z } from 'zod';
import { percentual } from './tax-calculate/fields.js';

export const cbsIbsTaxes = ['CBS', 'IBSUF', 'IBSMun'] as const;
export const cbsIbsTaxLabels: Record<(typeof cbsIbsTaxes)[number], string> = {
  CBS: 'CBS',
  IBSUF: 'IBS estadual',
  IBSMun: 'IBS municipal',
};

/** GET /tax/reform-rates: the dated CBS/IBS reference rates 2026–2033 (decision 038). */
export const ZReformRate = z.object({
  tax: z.enum(cbsIbsTaxes),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  /** The value of the official file (the calculator's configuration or the law). */
  fileRate: z.string(),
  /** The value in force: the Admin's when an estimate was edited, else the file's. */
  rate: z.string(),
  estimated: z.boolean(),
  source: z.string(),
  overridden: z.boolean(),
  editedBy: z.string().nullable(),
  editedAt: z.string().nullable(),
});
export type TReformRate = z.infer<typeof ZReformRate>;
export const ZReformRateList = z.array(ZReformRate);

export const ZReformRateParams = z.object({
  tax: z.enum(cbsIbsTaxes, { message: 'Tributo inválido (CBS, IBSUF ou IBSMun).' }),
  validFrom: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Início de vigência inválido (use AAAA-MM-DD).' }),
});

/** PUT /tax/reform-rates/:tax/:validFrom: the Admin's value for an estimate, with its source; null restores the file's. */
export const ZReformRateUpdate = z
  .object({
    rate: percentual('Alíquota').nullable(),
    source: z.string().trim().max(300, { message: 'Fonte: no máximo 300 caracteres.' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.rate !== null && !v.source)
      ctx.addIssue({ code: 'custom', path: ['source'], message: 'Fonte: informe de onde vem a alíquota.' });
  });
export type TReformRateUpdate = z.infer<typeof ZReformRateUpdate>;
