import { z } from 'zod';
import { ZUf } from './common.js';
import { percentual } from './tax-calculate/fields.js';

const isoDate = (label: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${label}: use AAAA-MM-DD.` });

/** GET /tax/reform-rates/municipal: the Admin's IBS municipal rates per município and date (decision 042). */
export const ZMunicipalRate = z.object({
  id: z.string(),
  uf: z.string(),
  cMun: z.string(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  rate: z.string(),
  source: z.string(),
  estimated: z.boolean(),
  editedBy: z.string().nullable(),
  editedAt: z.string(),
});
export type TMunicipalRate = z.infer<typeof ZMunicipalRate>;
export const ZMunicipalRateList = z.array(ZMunicipalRate);

/** POST /tax/reform-rates/municipal and PUT …/:id: one dated rate of a município (IBGE code checked against the UF). */
export const ZMunicipalRateInput = z
  .object({
    uf: ZUf,
    cMun: z.string().regex(/^\d{7}$/, { message: 'Município: informe os 7 dígitos do código IBGE.' }),
    validFrom: isoDate('Início de vigência'),
    validTo: isoDate('Fim de vigência').nullable().optional(),
    rate: percentual('Alíquota'),
    source: z
      .string()
      .trim()
      .min(3, { message: 'Fonte: informe de onde vem a alíquota.' })
      .max(300, { message: 'Fonte: no máximo 300 caracteres.' }),
    estimated: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.validFrom < '2026-01-01' || v.validFrom > '2033-12-31')
      ctx.addIssue({ code: 'custom', path: ['validFrom'], message: 'Início de vigência: de 2026 a 2033.' });
    if (v.validTo && v.validTo < v.validFrom)
      ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'Fim de vigência: não pode ser antes do início.' });
  });
export type TMunicipalRateInput = z.infer<typeof ZMunicipalRateInput>;

export const ZMunicipalRateParams = z.object({ id: z.string().uuid({ message: 'Identificador inválido.' }) });
