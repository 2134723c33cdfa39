import type { Decimal } from 'decimal.js';
import { atLeastZero, percentOf, round2, TaxDecimal, toDecimal } from '../decimal.js';
import { icmsLegal } from './icms-legal.js';
import type { Memoria } from './memoria.js';
import type { NfeItemContext, NfeItemInput } from './types.js';

/**
 * vICMSDeson: the ICMS the benefit waives. 'por-dentro' (Res. SEFAZ-RJ 13/2019, Anexo XVIII, arts. 3º e
 * 4º) grosses the invoice price up by the full rate (FCP included); 'simples' takes the full-rate ICMS on
 * the unreduced base minus the ICMS charged.
 */
export function calculateRelief(
  input: NfeItemInput,
  price: Decimal,
  vICMS: Decimal,
  charged: boolean,
  ctx: NfeItemContext,
  m: Memoria,
): Decimal {
  const { icms } = input.item;
  const rule = ctx.origin;
  const formula = rule?.reliefFormula ?? 'simples';
  const reduction = charged ? toDecimal(icms.pRedBC).div(100) : new TaxDecimal(1);
  if (formula === 'por-dentro') {
    const a = toDecimal(icms.pICMS).plus(toDecimal(icms.pFCP)).div(100);
    const reducedLoad = a.times(new TaxDecimal(1).minus(reduction));
    const full = price.times(new TaxDecimal(1).minus(reducedLoad)).div(new TaxDecimal(1).minus(a)).times(a);
    const vICMSDeson = atLeastZero(round2(full.minus(price.times(reducedLoad))));
    m.add({
      campo: 'vICMSDeson',
      descricao: `ICMS desonerado (motivo ${icms.motDesICMS}), fórmula "por dentro" da UF de origem`,
      formula: charged
        ? 'Preço × (1 − Alíquota × (1 − %redução)) / (1 − Alíquota) × Alíquota − Preço × Alíquota × (1 − %redução)'
        : '(Preço na Nota Fiscal / (1 − Alíquota)) × Alíquota',
      valores: { preco: price, aliquota: a.times(100), percentualReducao: reduction.times(100) },
      resultado: vICMSDeson,
      baseLegal: rule?.source ?? 'Resolução SEFAZ-RJ 13/2019, Anexo XVIII, arts. 3º e 4º',
    });
    return vICMSDeson;
  }
  const vICMSDeson = atLeastZero(percentOf(price, icms.pICMS).minus(vICMS));
  m.add({
    campo: 'vICMSDeson',
    descricao: `ICMS desonerado (motivo ${icms.motDesICMS})`,
    formula: 'valor da operação × pICMS − vICMS',
    valores: { valorOperacao: price, pICMS: icms.pICMS, vICMS },
    resultado: vICMSDeson,
    baseLegal: rule?.source ?? icmsLegal.relief,
  });
  return vICMSDeson;
}
