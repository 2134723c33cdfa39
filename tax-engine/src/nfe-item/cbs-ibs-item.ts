import type { Decimal } from 'decimal.js';
import { applyRateReduction, findCbsIbsRates } from '../cbs-ibs.js';
import { atLeastZero, percentOf, round2, TaxDecimal, toDecimal } from '../decimal.js';
import type { Memoria } from './memoria.js';
import type { NfeItemContext, NfeItemInput } from './types.js';

/** CST IBS/CBS with no tax due on the item (exemption, immunity, deferral, suspension). */
const noTaxCsts = new Set(['400', '410', '510', '550']);

export interface CbsIbsItem {
  vBCIBSCBS: Decimal;
  pCBS: Decimal;
  vCBS: Decimal;
  pIBSUF: Decimal;
  vIBSUF: Decimal;
  pIBSMun: Decimal;
  vIBSMun: Decimal;
}

/** The year of the rates: `ano`, else the year of `data`, else 2026 (the test year). */
export function findTaxYear(op: NfeItemInput['operacao']): number {
  if (op.ano) return op.ano;
  if (op.data) return Number(op.data.slice(0, 4));
  return 2026;
}

/**
 * The IBS/CBS group (NT 2025.002): base by rule UB16-10, the year's rates (LC 214/2025 arts. 343–346)
 * reduced by the cClassTrib's pRedCBS/pRedIBS (official cClassTrib table).
 */
export function calculateCbsIbsItem(
  input: NfeItemInput,
  deductions: Record<'vICMS' | 'vPIS' | 'vCOFINS' | 'vFCP' | 'vICMSUFDest' | 'vFCPUFDest', Decimal>,
  ctx: NfeItemContext,
  m: Memoria,
): CbsIbsItem {
  const zero = new TaxDecimal(0);
  const result: CbsIbsItem = {
    vBCIBSCBS: zero,
    pCBS: zero,
    vCBS: zero,
    pIBSUF: zero,
    vIBSUF: zero,
    pIBSMun: zero,
    vIBSMun: zero,
  };
  const group = input.item.ibscbs;
  if (!group) return result;
  const it = input.item;
  const gross = toDecimal(it.vProd)
    .plus(toDecimal(it.vFrete))
    .plus(toDecimal(it.vSeg))
    .plus(toDecimal(it.vOutro))
    .minus(toDecimal(it.vDesc));
  const deducted = Object.values(deductions).reduce((sum, v) => sum.plus(v), new TaxDecimal(0));
  result.vBCIBSCBS = atLeastZero(round2(gross.minus(deducted)));
  m.add({
    campo: 'vBCIBSCBS',
    descricao: 'Base de cálculo do IBS e da CBS',
    formula: 'vProd + vFrete + vSeg + vOutro − vDesc − vICMS − vPIS − vCOFINS − vFCP − vICMSUFDest − vFCPUFDest',
    valores: { vProd: it.vProd, vFrete: it.vFrete, vSeg: it.vSeg, vOutro: it.vOutro, vDesc: it.vDesc, ...deductions },
    resultado: result.vBCIBSCBS,
    baseLegal: 'NT 2025.002, regra UB16-10; LC 214/2025, art. 12',
  });
  if (noTaxCsts.has(group.cst)) {
    m.add({
      campo: 'vCBS',
      descricao: `CST ${group.cst}: sem IBS/CBS a destacar no item`,
      formula: 'zero',
      valores: { cst: group.cst },
      resultado: zero,
      baseLegal: 'LC 214/2025; Tabela de CST do IBS/CBS (Portal da NF-e)',
    });
    return result;
  }
  const year = findTaxYear(input.operacao);
  const rates = findCbsIbsRates(year);
  const ct = ctx.classTrib;
  const redCbs = ct?.pRedCBS ?? 0;
  const redIbs = ct?.pRedIBS ?? 0;
  result.pCBS = toDecimal(applyRateReduction(rates.cbs, redCbs));
  result.pIBSUF = toDecimal(applyRateReduction(rates.ibsUf, redIbs));
  result.pIBSMun = toDecimal(applyRateReduction(rates.ibsMun, redIbs));
  result.vCBS = percentOf(result.vBCIBSCBS, result.pCBS);
  result.vIBSUF = percentOf(result.vBCIBSCBS, result.pIBSUF);
  result.vIBSMun = percentOf(result.vBCIBSCBS, result.pIBSMun);
  const classBasis = ct ? `; cClassTrib ${ct.code} (${ct.legalBasis || 'Tabela cClassTrib'})` : '';
  const lines = [
    ['vCBS', 'CBS', rates.cbs, redCbs, result.pCBS, result.vCBS, 'LC 214/2025, art. 346'],
    ['vIBSUF', 'IBS estadual', rates.ibsUf, redIbs, result.pIBSUF, result.vIBSUF, 'LC 214/2025, arts. 343 e 344'],
    ['vIBSMun', 'IBS municipal', rates.ibsMun, redIbs, result.pIBSMun, result.vIBSMun, 'LC 214/2025, art. 344'],
  ] as const;
  for (const [campo, name, rate, red, effective, value, law] of lines) {
    m.add({
      campo,
      descricao: `${name} de ${year}`,
      formula: 'vBCIBSCBS × alíquota × (1 − redução do cClassTrib)',
      valores: { vBCIBSCBS: result.vBCIBSCBS, aliquota: rate, reducao: red, aliquotaEfetiva: effective },
      resultado: value,
      baseLegal: law + classBasis,
    });
  }
  return result;
}
