import type { Decimal } from 'decimal.js';
import { percentOf, TaxDecimal, toDecimal } from '../decimal.js';
import type { Memoria } from './memoria.js';
import type { NfeItemInput } from './types.js';

/** CST IPI that charge the tax (entry with credit, taxed exit, others). */
const ipiTaxedCsts = new Set(['00', '49', '50', '99']);
/** CST PIS/COFINS charged on a percentage of the revenue (03 is per unit, 04–09 carry no tax). */
const pisCofinsPercentCsts = new Set(['01', '02', '49', '99']);

/** vIPI on the operation value (RIPI, Decreto 7.212/2010, art. 190, I, "b"). */
export function calculateIpi(input: NfeItemInput, subtotal: Decimal, m: Memoria): Decimal {
  const ipi = input.item.ipi;
  if (!ipi) return new TaxDecimal(0);
  const taxed = ipiTaxedCsts.has(ipi.cst);
  const vIPI = taxed ? percentOf(subtotal, ipi.pIPI) : new TaxDecimal(0);
  m.add({
    campo: 'vIPI',
    descricao: `IPI (CST ${ipi.cst}${taxed ? '' : ', sem débito'})`,
    formula: taxed ? 'valor da operação × pIPI' : 'CST sem débito de IPI: zero',
    valores: { valorOperacao: subtotal, pIPI: taxed ? ipi.pIPI : 0 },
    resultado: vIPI,
    baseLegal: 'Decreto 7.212/2010 (RIPI), art. 190, I, "b"; TIPI',
  });
  return vIPI;
}

/**
 * vPIS and vCOFINS on the revenue less the ICMS charged on the operation (STF RE 574.706, Tema 69;
 * Leis 10.637/2002 and 10.833/2003, art. 1º, §3º, as amended by Lei 14.592/2023).
 */
export function calculatePisCofins(
  input: NfeItemInput,
  subtotal: Decimal,
  vICMS: Decimal,
  m: Memoria,
): { vPIS: Decimal; vCOFINS: Decimal } {
  const base = subtotal.minus(vICMS);
  const one = (tax: 'PIS' | 'COFINS', cst: string | undefined, rate: unknown) => {
    if (!cst) return new TaxDecimal(0);
    const charged = pisCofinsPercentCsts.has(cst);
    const value = charged ? percentOf(base, rate as string) : new TaxDecimal(0);
    m.add({
      campo: `v${tax}`,
      descricao: `${tax} (CST ${cst}${charged ? '' : ', sem débito por alíquota percentual'})`,
      formula: charged ? `(valor da operação − vICMS) × p${tax}` : 'CST sem débito percentual: zero',
      valores: { valorOperacao: subtotal, vICMS, [`p${tax}`]: charged ? toDecimal(rate as string) : 0 },
      resultado: value,
      baseLegal:
        tax === 'PIS'
          ? 'Lei 10.637/2002, art. 1º e 2º; exclusão do ICMS: STF RE 574.706 (Tema 69), Lei 14.592/2023'
          : 'Lei 10.833/2003, art. 1º e 2º; exclusão do ICMS: STF RE 574.706 (Tema 69), Lei 14.592/2023',
    });
    return value;
  };
  return {
    vPIS: one('PIS', input.item.pis?.cst, input.item.pis?.pPIS),
    vCOFINS: one('COFINS', input.item.cofins?.cst, input.item.cofins?.pCOFINS),
  };
}
