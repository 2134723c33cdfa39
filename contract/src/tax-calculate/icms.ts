import { describeIcmsProblems, icmsCsosns, icmsCsts, type NfeItemInput } from '@app/tax-engine';
import { z } from 'zod';
import { codeField, percentual, valor } from './fields.js';

/** pDif runs from 0 to 100 % inclusive (MOC 7.0: total deferral is pDif 100). */
const pDif = valor('pDif').refine((v) => Number(String(v).replace(',', '.')) <= 100, {
  message: 'pDif deve ser de 0 a 100%.',
});

const modalidade = (label: string, max: number, meaning: string) =>
  z
    .number({ message: `${label}: informe o código da modalidade (${meaning}).` })
    .int({ message: `${label}: informe o código da modalidade (${meaning}).` })
    .min(0, { message: `${label} inexistente: use ${meaning}.` })
    .max(max, { message: `${label} inexistente: use ${meaning}.` });

/** The ICMS group of an item (ICMS00…ICMS90, ICMS02/15/53/61, ICMSSN101…ICMSSN900, ICMSUFDest rates). */
export const ZTaxIcms = z
  .object({
    cst: codeField('CST do ICMS', icmsCsts).optional(),
    csosn: codeField('CSOSN', icmsCsosns).optional(),
    modBC: modalidade('modBC', 3, '0 MVA, 1 pauta, 2 preço tabelado, 3 valor da operação').optional(),
    pICMS: percentual('pICMS').optional(),
    pRedBC: percentual('pRedBC').optional(),
    modBCST: modalidade('modBCST', 6, '0 preço tabelado, 1 a 3 listas, 4 MVA, 5 pauta, 6 valor da operação').optional(),
    pMVAST: valor('pMVAST').optional(),
    ajustarMva: z.boolean().optional(),
    pRedBCST: percentual('pRedBCST').optional(),
    pICMSST: percentual('pICMSST').optional(),
    vPauta: valor('vPauta').optional(),
    vPMC: valor('vPMC').optional(),
    pFCP: percentual('pFCP').optional(),
    pFCPST: percentual('pFCPST').optional(),
    pICMSUFDest: percentual('pICMSUFDest').optional(),
    pFCPUFDest: percentual('pFCPUFDest').optional(),
    motDesICMS: z
      .string()
      .regex(/^\d{1,2}$/, { message: 'motDesICMS deve ser o código do motivo.' })
      .optional(),
    pDif: pDif.optional(),
    cBenef: z
      .string()
      .regex(/^([A-Z]{2}[A-Z0-9]{6}|SEM CBENEF)$/, { message: 'cBenef deve ter 8 caracteres (UF + 6).' })
      .optional(),
    pCredSN: percentual('pCredSN').optional(),
    vBCSTRet: valor('vBCSTRet').optional(),
    pST: percentual('pST').optional(),
    vICMSSubstituto: valor('vICMSSubstituto').optional(),
    vBCFCPSTRet: valor('vBCFCPSTRet').optional(),
    pFCPSTRet: percentual('pFCPSTRet').optional(),
    pRedBCEfet: percentual('pRedBCEfet').optional(),
    pICMSEfet: percentual('pICMSEfet').optional(),
    qBCMono: valor('qBCMono').optional(),
    adRemICMS: valor('adRemICMS').optional(),
    qBCMonoReten: valor('qBCMonoReten').optional(),
    adRemICMSReten: valor('adRemICMSReten').optional(),
    qBCMonoRet: valor('qBCMonoRet').optional(),
    adRemICMSRet: valor('adRemICMSRet').optional(),
    // Read so the engine can refuse them by name (decision 048); never computed.
    pRedAdRem: valor('pRedAdRem').optional(),
    motRedAdRem: valor('motRedAdRem').optional(),
    indDeduzDeson: z.union([z.literal(0), z.literal(1)], { message: 'indDeduzDeson deve ser 0 ou 1.' }).optional(),
  })
  .superRefine((icms, ctx) => {
    if (!icms.cst === !icms.csosn)
      ctx.addIssue({ code: 'custom', path: ['cst'], message: 'Informe o CST ou o CSOSN do ICMS (um deles).' });
  });

/**
 * The ICMS rules that cross groups (CRT against CST/CSOSN, interstate rate against origin/destination, the
 * inputs each base method needs): the engine's own describeIcmsProblems, reported per field as a 400.
 */
export function refineIcmsRequest(req: unknown, ctx: z.RefinementCtx): void {
  let problems: ReturnType<typeof describeIcmsProblems>;
  try {
    problems = describeIcmsProblems(req as NfeItemInput);
  } catch {
    // zod runs this even when a field failed its own check ("abc" as pICMS): that field's message is the answer.
    return;
  }
  for (const p of problems) ctx.addIssue({ code: 'custom', path: p.field.split('.'), message: p.message });
}
