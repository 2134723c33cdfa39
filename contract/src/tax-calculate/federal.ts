import { ipiCsts, pisCofinsCsts } from '@app/tax-engine';
import { z } from 'zod';
import { aliquota, aliquotaIpi, codeField, quantidadeTributo, valorPorUnidade } from './fields.js';

/** By quantity (CST 03, and 49/99 when the rate is per unit): qBCProd × vAliqProd. */
const perUnit = (tax: 'PIS' | 'COFINS') => ({
  qBCProd: quantidadeTributo(`qBCProd do ${tax}`).optional(),
  vAliqProd: valorPorUnidade(`vAliqProd do ${tax}`).optional(),
});

/** The IPI, PIS and COFINS groups of an item (IPITrib/IPINT, PISAliq/PISQtde/PISNT/PISOutr, COFINS likewise). */
export const ZTaxFederal = {
  ipi: z
    .object({
      cst: codeField('CST do IPI', ipiCsts),
      cEnq: z
        .string()
        .regex(/^\d{3}$/, { message: 'cEnq (enquadramento do IPI) deve ter 3 dígitos.' })
        .optional(),
      pIPI: aliquotaIpi('pIPI').optional(),
      qUnid: quantidadeTributo('qUnid').optional(),
      vUnid: valorPorUnidade('vUnid').optional(),
    })
    .optional(),
  pis: z
    .object({ cst: codeField('CST do PIS', pisCofinsCsts), pPIS: aliquota('pPIS').optional(), ...perUnit('PIS') })
    .optional(),
  cofins: z
    .object({
      cst: codeField('CST da COFINS', pisCofinsCsts),
      pCOFINS: aliquota('pCOFINS').optional(),
      ...perUnit('COFINS'),
    })
    .optional(),
};
