import { ipiCsts, pisCofinsCsts } from '@app/tax-engine';
import { z } from 'zod';
import { codeField, percentual } from './fields.js';

/** The IPI, PIS and COFINS groups of an item. */
export const ZTaxFederal = {
  ipi: z.object({ cst: codeField('CST do IPI', ipiCsts), pIPI: percentual('pIPI').optional() }).optional(),
  pis: z.object({ cst: codeField('CST do PIS', pisCofinsCsts), pPIS: percentual('pPIS').optional() }).optional(),
  cofins: z
    .object({ cst: codeField('CST da COFINS', pisCofinsCsts), pCOFINS: percentual('pCOFINS').optional() })
    .optional(),
};
