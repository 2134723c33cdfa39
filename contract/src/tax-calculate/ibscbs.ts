import { ibsCbsCsts } from '@app/tax-engine';
import { z } from 'zod';
import { codeField } from './fields.js';

/** The IBS/CBS group of an item (NT 2025.002). */
export const ZTaxIbsCbs = z
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
  });
