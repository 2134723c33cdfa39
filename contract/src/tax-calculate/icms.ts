import { icmsCsosns, icmsCsts } from '@app/tax-engine';
import { z } from 'zod';
import { codeField, percentual, valor } from './fields.js';

/** The ICMS group of an item (ICMS00…ICMS90, ICMSSN101…ICMSSN900, ICMSUFDest rates). */
export const ZTaxIcms = z
  .object({
    cst: codeField('CST do ICMS', icmsCsts).optional(),
    csosn: codeField('CSOSN', icmsCsosns).optional(),
    pICMS: percentual('pICMS').optional(),
    pRedBC: percentual('pRedBC').optional(),
    pMVAST: valor('pMVAST').optional(),
    ajustarMva: z.boolean().optional(),
    pRedBCST: percentual('pRedBCST').optional(),
    pICMSST: percentual('pICMSST').optional(),
    pFCP: percentual('pFCP').optional(),
    pFCPST: percentual('pFCPST').optional(),
    pICMSUFDest: percentual('pICMSUFDest').optional(),
    pFCPUFDest: percentual('pFCPUFDest').optional(),
    motDesICMS: z
      .string()
      .regex(/^\d{1,2}$/, { message: 'motDesICMS deve ser o código do motivo.' })
      .optional(),
    pDif: percentual('pDif').optional(),
    cBenef: z
      .string()
      .regex(/^([A-Z]{2}[A-Z0-9]{6}|SEM CBENEF)$/, { message: 'cBenef deve ter 8 caracteres (UF + 6).' })
      .optional(),
    indDeduzDeson: z.union([z.literal(0), z.literal(1)], { message: 'indDeduzDeson deve ser 0 ou 1.' }).optional(),
  })
  .superRefine((icms, ctx) => {
    if (!icms.cst === !icms.csosn)
      ctx.addIssue({ code: 'custom', path: ['cst'], message: 'Informe o CST ou o CSOSN do ICMS (um deles).' });
  });
