import { ufs } from '@app/tax-engine';
import { z } from 'zod';

/**
 * A calendar date AAAA-MM-DD that exists (2026-02-30 does not): the one date schema of every request
 * (issue 24); ISO date-times are checked by z.iso.datetime, which also knows the days of each month.
 */
export const ZIsoDate = z.iso.date({ message: 'Data inválida: informe uma data existente no formato AAAA-MM-DD.' });

export const ZUuid = z.uuid({ message: 'Identificador inválido.' });
export const ZMessage = z.object({ message: z.string() });
export type TMessage = z.infer<typeof ZMessage>;

export { ufs };
export const ZUf = z.enum(ufs, { message: 'UF inválida.' });
export type Uf = z.infer<typeof ZUf>;

/** Query-string boolean: accepts true/false/1/0. */
export const ZQueryBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

export const ZErrorBody = z.object({
  status: z.number(),
  code: z.string(),
  detail: z.string(),
  errors: z.array(z.object({ field: z.string().optional(), message: z.string() })).optional(),
});
