import type { Decimal } from 'decimal.js';
import { TaxDecimal, type TaxValue, toDecimal } from '../decimal.js';

/**
 * LC 123/2006, Anexo I (comércio), as written by LC 155/2016: the brackets by receita bruta of the 12 previous
 * months (RBT12), the nominal rate, the amount deducted, and how the DAS is shared among the taxes (percentages
 * of the DAS). The consumption taxes are ICMS, PIS/Pasep and COFINS; IRPJ, CSLL and CPP are left out of the
 * burden on the sale, as they are for a company outside the Simples.
 * The 6th bracket has no ICMS share: above R$ 3.600.000,00 the ICMS is paid outside the DAS (art. 13-A).
 */
export const simplesAnexoI = [
  { faixa: 1, ate: '180000.00', aliquota: '4.00', deducao: '0', icms: '34.00', pis: '2.76', cofins: '12.74' },
  { faixa: 2, ate: '360000.00', aliquota: '7.30', deducao: '5940', icms: '34.00', pis: '2.76', cofins: '12.74' },
  { faixa: 3, ate: '720000.00', aliquota: '9.50', deducao: '13860', icms: '33.50', pis: '2.76', cofins: '12.74' },
  { faixa: 4, ate: '1800000.00', aliquota: '10.70', deducao: '22500', icms: '33.50', pis: '2.76', cofins: '12.74' },
  { faixa: 5, ate: '3600000.00', aliquota: '14.30', deducao: '87300', icms: '33.50', pis: '2.76', cofins: '12.74' },
  { faixa: 6, ate: '4800000.00', aliquota: '19.00', deducao: '378000', icms: '0', pis: '6.13', cofins: '28.27' },
] as const;

export interface SimplesDas {
  faixa: number;
  rbt12: Decimal;
  aliquotaNominal: Decimal;
  parcelaDeduzir: Decimal;
  /** (RBT12 × nominal − deduction) ÷ RBT12, in % (LC 123/2006, art. 18, §1º-A), unrounded. */
  aliquotaEfetiva: Decimal;
  /** Shares of the DAS, in % of the DAS (Anexo I, "Percentual de repartição dos tributos"). */
  reparticao: { icms: Decimal; pis: Decimal; cofins: Decimal };
}

/** The bracket of a company of Anexo I and its effective rate; RBT12 must be above 0 and at most R$ 4.800.000,00. */
export function findSimplesDas(rbt12: TaxValue): SimplesDas {
  const rb = toDecimal(rbt12);
  const row = simplesAnexoI.find((r) => rb.lte(r.ate));
  if (rb.lte(0) || !row)
    throw new RangeError('rbt12: informe a receita bruta dos últimos 12 meses, acima de zero e até R$ 4.800.000,00.');
  const aliquota = new TaxDecimal(row.aliquota);
  const deducao = new TaxDecimal(row.deducao);
  return {
    faixa: row.faixa,
    rbt12: rb,
    aliquotaNominal: aliquota,
    parcelaDeduzir: deducao,
    aliquotaEfetiva: new TaxDecimal(rb).times(aliquota).div(100).minus(deducao).div(rb).times(100),
    reparticao: { icms: new TaxDecimal(row.icms), pis: new TaxDecimal(row.pis), cofins: new TaxDecimal(row.cofins) },
  };
}
