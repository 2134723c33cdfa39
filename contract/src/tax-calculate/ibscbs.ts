import { ibsCbsCsts } from '@app/tax-engine';
import { z } from 'zod';
import { codeField, percentual, percentualAte100, valor } from './fields.js';

const classTrib = (label: string) => z.string().regex(/^\d{6}$/, { message: `${label} deve ter 6 dígitos.` });

/** The IBS/CBS group of an item (NT 2025.002, grupo UB). */
export const ZTaxIbsCbs = z
  .object({
    cst: codeField('CST do IBS/CBS', ibsCbsCsts),
    cClassTrib: classTrib('cClassTrib').optional(),
    gDif: z
      .object({
        pDifCBS: percentualAte100('gDif.pDifCBS').optional(),
        pDifIBSUF: percentualAte100('gDif.pDifIBSUF').optional(),
        pDifIBSMun: percentualAte100('gDif.pDifIBSMun').optional(),
      })
      .optional(),
    gDevTrib: z
      .object({
        vDevTribCBS: valor('gDevTrib.vDevTribCBS').optional(),
        vDevTribIBSUF: valor('gDevTrib.vDevTribIBSUF').optional(),
        vDevTribIBSMun: valor('gDevTrib.vDevTribIBSMun').optional(),
      })
      .optional(),
    gTribRegular: z
      .object({
        CSTReg: codeField('gTribRegular.CSTReg', ibsCbsCsts),
        cClassTribReg: classTrib('gTribRegular.cClassTribReg'),
      })
      .optional(),
    gCredPres: z
      .object({
        cCredPres: z.string().regex(/^\d{2}$/, { message: 'gCredPres.cCredPres deve ter 2 dígitos.' }),
        pCredPresIBS: percentual('gCredPres.pCredPresIBS').optional(),
        pCredPresCBS: percentual('gCredPres.pCredPresCBS').optional(),
        condicaoSuspensiva: z.boolean().optional(),
      })
      .optional(),
    gTribCompraGov: z
      .object({
        tpEnteGov: z.number().int().min(1).max(4, { message: 'gTribCompraGov.tpEnteGov deve ser 1, 2, 3 ou 4.' }),
        pRedutor: percentual('gTribCompraGov.pRedutor'),
      })
      .optional(),
    qBCMono: valor('qBCMono').optional(),
  })
  .superRefine((g, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (g.cClassTrib && g.cClassTrib.slice(0, 3) !== g.cst)
      issue(
        'cClassTrib',
        `cClassTrib ${g.cClassTrib} não pertence ao CST ${g.cst}: os três primeiros dígitos devem ser o CST.`,
      );
    if (g.gTribRegular && g.gTribRegular.cClassTribReg.slice(0, 3) !== g.gTribRegular.CSTReg)
      issue('gTribRegular', 'gTribRegular.cClassTribReg deve começar pelo CSTReg.');
    // NT 2025.002: only the deferral CSTs carry gDif. Without one, the engine takes the deferral the official
    // cClassTrib table fixes (as Receita's calculator does) and refuses the item, naming gDif, when it fixes none.
    const deferral = g.cst === '510' || g.cst === '515';
    if (!deferral && g.gDif)
      issue('gDif', `gDif só pode ser informado com CST 510 ou 515 (diferimento); o CST é ${g.cst}.`);
    if (g.cst === '620' && g.qBCMono === undefined)
      issue('qBCMono', 'CST 620 (monofasia): informe qBCMono, a quantidade tributada.');
    if (g.cst !== '620' && g.qBCMono !== undefined) issue('qBCMono', 'qBCMono só pode ser informado com CST 620.');
    if (g.gCredPres && g.gCredPres.pCredPresIBS === undefined && g.gCredPres.pCredPresCBS === undefined)
      issue('gCredPres', 'gCredPres: informe pCredPresIBS ou pCredPresCBS.');
  });

/** The Imposto Seletivo group of an item (NT 2025.002, grupo UB01), charged from 2027. */
export const ZTaxIs = z
  .object({
    CSTIS: z.string().regex(/^\d{3}$/, { message: 'CSTIS deve ter 3 dígitos.' }),
    cClassTribIS: classTrib('cClassTribIS'),
    pIS: percentual('pIS').optional(),
    pISEspec: valor('pISEspec').optional(),
    uTrib: z.string().trim().min(1).max(6, { message: 'uTrib: até 6 caracteres.' }).optional(),
    qTrib: valor('qTrib').optional(),
  })
  .superRefine((g, ctx) => {
    if (g.cClassTribIS.slice(0, 3) !== g.CSTIS)
      ctx.addIssue({ code: 'custom', path: ['cClassTribIS'], message: 'cClassTribIS deve começar pelo CSTIS.' });
  });

const ZGroupTax = {
  gDif: z.object({ pDif: z.number(), vDif: z.number() }).optional(),
  gDevTrib: z.object({ vDevTrib: z.number() }).optional(),
  gRed: z.object({ pRedAliq: z.number(), pAliqEfet: z.number() }).optional(),
};
const ZCredPres = z.object({
  cCredPres: z.string(),
  pCredPres: z.number(),
  vCredPres: z.number(),
  vCredPresCondSus: z.number(),
});

/** The answer's gIBSCBS, gIBSCBSMono and IS groups (NF-e tag names). */
export const ZTaxReformAnswer = {
  estimado: z.boolean(),
  gIBSCBS: z
    .object({
      vBC: z.number(),
      gIBSUF: z.object({ pIBSUF: z.number(), ...ZGroupTax, vIBSUF: z.number() }),
      gIBSMun: z.object({ pIBSMun: z.number(), ...ZGroupTax, vIBSMun: z.number() }),
      vIBS: z.number(),
      gCBS: z.object({ pCBS: z.number(), ...ZGroupTax, vCBS: z.number() }),
      gTribRegular: z
        .object({
          CSTReg: z.string(),
          cClassTribReg: z.string(),
          pAliqEfetRegIBSUF: z.number(),
          vTribRegIBSUF: z.number(),
          pAliqEfetRegIBSMun: z.number(),
          vTribRegIBSMun: z.number(),
          pAliqEfetRegCBS: z.number(),
          vTribRegCBS: z.number(),
        })
        .optional(),
      gIBSCredPres: ZCredPres.optional(),
      gCBSCredPres: ZCredPres.optional(),
      gTribCompraGov: z
        .object({
          pAliqIBSUF: z.number(),
          vTribIBSUF: z.number(),
          pAliqIBSMun: z.number(),
          vTribIBSMun: z.number(),
          pAliqCBS: z.number(),
          vTribCBS: z.number(),
        })
        .optional(),
    })
    .optional(),
  gIBSCBSMono: z
    .object({
      qBCMono: z.number(),
      adRemIBS: z.number(),
      adRemCBS: z.number(),
      vIBSMono: z.number(),
      vCBSMono: z.number(),
    })
    .optional(),
  IS: z
    .object({
      CSTIS: z.string(),
      cClassTribIS: z.string(),
      vBCIS: z.number(),
      pIS: z.number(),
      pISEspec: z.number(),
      uTrib: z.string(),
      qTrib: z.number(),
      vIS: z.number(),
    })
    .optional(),
};
