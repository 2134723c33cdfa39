import type { Decimal } from 'decimal.js';
import { percentOf, round2, type TaxValue, toDecimal, ZERO } from '../decimal.js';
import { TaxInputError } from '../input-checks.js';
import type { Memoria } from './memoria.js';
import type { FederalBases, NfeItemInput } from './types.js';

export { calculatePisCofins } from './pis-cofins.js';

/** CST IPI that charge the tax (entry with credit, taxed exit, others). */
const ipiTaxedCsts = new Set(['00', '49', '50', '99']);

/** Why a CST of IPI carries no tax, with the provision that says so (RIPI = Decreto 7.212/2010). */
const ipiZeroReasons: Record<string, [string, string]> = {
  '01': ['entrada tributada com alíquota zero', 'TIPI (Decreto 11.158/2022): alíquota zero'],
  '02': ['entrada isenta', 'Decreto 7.212/2010 (RIPI), art. 54 (isenções)'],
  '03': ['entrada não tributada', 'Decreto 7.212/2010 (RIPI), art. 2º, parágrafo único (produto "NT" na TIPI)'],
  '04': ['entrada imune', 'CF, art. 150, VI, e art. 153, §3º, III; Decreto 7.212/2010 (RIPI), art. 18'],
  '05': ['entrada com suspensão', 'Decreto 7.212/2010 (RIPI), art. 43 (suspensão)'],
  '51': ['saída tributada com alíquota zero', 'TIPI (Decreto 11.158/2022): alíquota zero'],
  '52': ['saída isenta', 'Decreto 7.212/2010 (RIPI), art. 54 (isenções)'],
  '53': ['saída não tributada', 'Decreto 7.212/2010 (RIPI), art. 2º, parágrafo único (produto "NT" na TIPI)'],
  '54': ['saída imune', 'CF, art. 150, VI, e art. 153, §3º, III; Decreto 7.212/2010 (RIPI), art. 18'],
  '55': ['saída com suspensão', 'Decreto 7.212/2010 (RIPI), art. 43 (suspensão)'],
};

export const ipiAdValoremBasis =
  'Decreto 7.212/2010 (RIPI), art. 189 e art. 190, II, e §1º (valor total da operação de saída, com frete, seguro e ' +
  'demais encargos); desconto incondicional fora da base: STF RE 567.935 (Tema 84); alíquota da TIPI (Decreto 11.158/2022)';
export const ipiPerUnitBasis =
  'Lei 7.798/1989, arts. 1º e 3º (IPI em reais por unidade de medida); Decreto 7.212/2010 (RIPI), art. 209; ' +
  'MOC NF-e, grupo IPITrib (vIPI = qUnid × vUnid)';

const missing = (field: string, message: string) => new TaxInputError(field, message);

/**
 * vIPI: ad valorem on the operation value (RIPI art. 190, II, domestic exit) or per unit (qUnid × vUnid,
 * Lei 7.798/1989). A taxed CST without its rate is refused: a silent 0 would understate the invoice. The base
 * taxed is recorded in `bases.ipi`.
 */
export function calculateIpi(input: NfeItemInput, subtotal: Decimal, m: Memoria, bases: FederalBases = {}): Decimal {
  const ipi = input.item.ipi;
  if (!ipi) return ZERO;
  if (!ipiTaxedCsts.has(ipi.cst)) {
    const [reason, basis] = ipiZeroReasons[ipi.cst] ?? ['sem débito', 'Decreto 7.212/2010 (RIPI)'];
    m.add({
      campo: 'vIPI',
      descricao: `IPI (CST ${ipi.cst}, ${reason})`,
      formula: 'CST sem débito de IPI: zero',
      valores: { cst: ipi.cst },
      resultado: ZERO,
      baseLegal: basis,
    });
    return ZERO;
  }
  const perUnit = ipi.qUnid !== undefined || ipi.vUnid !== undefined;
  if (perUnit) {
    if (ipi.pIPI !== undefined)
      throw missing(
        'item.ipi.pIPI',
        'pIPI: informe a alíquota (pIPI) ou o valor por unidade (qUnid e vUnid), não ambos.',
      );
    if (ipi.vUnid === undefined)
      throw missing('item.ipi.vUnid', `vUnid: informe o valor do IPI por unidade para o CST ${ipi.cst} com qUnid.`);
    const qUnid: TaxValue | undefined = ipi.qUnid ?? input.item.qTrib;
    if (qUnid === undefined)
      throw missing(
        'item.ipi.qUnid',
        `qUnid: informe a quantidade na unidade do IPI (ou qTrib) para o CST ${ipi.cst}.`,
      );
    const vIPI = round2(toDecimal(qUnid).times(toDecimal(ipi.vUnid)));
    bases.ipi = { qUnid: toDecimal(qUnid).toFixed(), vUnid: toDecimal(ipi.vUnid).toFixed() };
    m.add({
      campo: 'vIPI',
      descricao: `IPI por unidade (CST ${ipi.cst}${ipi.cEnq ? `, cEnq ${ipi.cEnq}` : ''})`,
      formula: ipi.qUnid === undefined ? 'qTrib × vUnid (qUnid não informado)' : 'qUnid × vUnid',
      valores: { qUnid: toDecimal(qUnid).toString(), vUnid: toDecimal(ipi.vUnid).toString() },
      resultado: vIPI,
      baseLegal: ipiPerUnitBasis,
    });
    return vIPI;
  }
  if (ipi.pIPI === undefined)
    throw missing(
      'item.ipi.pIPI',
      `pIPI: informe a alíquota do IPI para o CST ${ipi.cst} (ou qUnid e vUnid, se o IPI for por unidade).`,
    );
  const vIPI = percentOf(subtotal, ipi.pIPI);
  bases.ipi = { vBC: subtotal.toFixed() };
  m.add({
    campo: 'vIPI',
    descricao: `IPI (CST ${ipi.cst}${ipi.cEnq ? `, cEnq ${ipi.cEnq}` : ''})`,
    formula: 'valor da operação × pIPI',
    valores: { valorOperacao: subtotal, pIPI: ipi.pIPI },
    resultado: vIPI,
    baseLegal: ipiAdValoremBasis,
  });
  return vIPI;
}
