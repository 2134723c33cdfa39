import type { Decimal } from 'decimal.js';
import { isAboveZero, percentOf, reduceBase, toDecimal, ZERO } from '../decimal.js';
import { calculateIcmsMono, type MonoResult } from './icms-mono.js';
import { calculateOwnIcms, grossOwnBase } from './icms-own.js';
import { calculateRelief } from './icms-relief.js';
import { calculateIcmsRetained } from './icms-retained.js';
import { calculateSimplesCredit } from './icms-simples.js';
import { findIcmsSituation } from './icms-situation.js';
import { calculateIcmsSt, type StResult } from './icms-st.js';
import { hasStInput } from './icms-st-checks.js';
import type { Memoria } from './memoria.js';
import type { NfeItemContext, NfeItemInput } from './types.js';

export interface IcmsResult extends StResult, MonoResult {
  vBC: Decimal;
  vICMS: Decimal;
  vICMSOp: Decimal;
  vFCP: Decimal;
  vICMSDeson: Decimal;
  vICMSDif: Decimal;
  vCredICMSSN: Decimal;
  vBCSTRet: Decimal;
  vICMSSubstituto: Decimal;
  vICMSSTRet: Decimal;
  vBCFCPSTRet: Decimal;
  vFCPSTRet: Decimal;
  vBCEfet: Decimal;
  vICMSEfet: Decimal;
}

const fields: (keyof IcmsResult)[] = [
  ...['vBC', 'vICMS', 'vICMSOp', 'vFCP', 'vBCST', 'pMVAST', 'vICMSST', 'vBCFCPST', 'vFCPST'],
  ...['vICMSDeson', 'vICMSDif', 'vCredICMSSN', 'vBCSTRet', 'vICMSSubstituto', 'vICMSSTRet'],
  ...['vBCFCPSTRet', 'vFCPSTRet', 'vBCEfet', 'vICMSEfet', 'vICMSMono', 'vICMSMonoReten'],
  ...['vICMSMonoOp', 'vICMSMonoDif', 'vICMSMonoRet'],
] as (keyof IcmsResult)[];
/** Built once by Object.fromEntries: an object of fast properties that `{ ...zeroIcms }` copies cheaply. */
const zeroIcms = Object.fromEntries(fields.map((f) => [f, ZERO])) as unknown as IcmsResult;

/**
 * The ICMS group of one item, by CST/CSOSN: own ICMS (modBC, reduction, FCP, deferral), ICMS-ST
 * (modBCST, MVA adjusted unless the sender is in the Simples, FCP-ST apart), ST charged before,
 * monophasic fuel ICMS, the Simples credit and the relief (vICMSDeson). Inputs are checked first
 * (describeIcmsProblems): nothing is computed from an input the NF-e would reject.
 */
export function calculateIcms(
  input: NfeItemInput,
  subtotal: Decimal,
  vIPI: Decimal,
  ctx: NfeItemContext,
  m: Memoria,
): IcmsResult {
  const { icms } = input.item;
  const situation = findIcmsSituation(icms.cst, icms.csosn);
  // A copy of one all-zero object (Decimals are immutable, so the zero is shared): one allocation with every field
  // in place, instead of 25 new zeros per item (issue 21 figures).
  const r = { ...zeroIcms };
  if (!situation) return r;
  const code = icms.csosn ? `CSOSN ${icms.csosn}` : `CST ${icms.cst}`;

  if (situation.ownTax) Object.assign(r, calculateOwnIcms(input, situation, code, subtotal, vIPI, m));
  if (situation.simplesCredit && isAboveZero(toDecimal(icms.pCredSN)))
    r.vCredICMSSN = calculateSimplesCredit(input, subtotal, m);
  if (situation.st === 'always' || (situation.st === 'optional' && hasStInput(icms))) {
    // Without own ICMS (CST 30, CSOSN 201–203) the deduction is the ICMS the operation would bear.
    const own = situation.ownTax
      ? r.vICMS
      : percentOf(
          reduceBase(grossOwnBase(input, subtotal, vIPI).base, situation.reducible ? icms.pRedBC : 0),
          icms.pICMS,
        );
    Object.assign(r, calculateIcmsSt(input, subtotal, vIPI, own, m));
  }
  if (situation.retained) Object.assign(r, calculateIcmsRetained(input, subtotal, m));
  if (situation.mono) Object.assign(r, calculateIcmsMono(input, situation, m));
  if (situation.relief && icms.motDesICMS) {
    const price = grossOwnBase(input, subtotal, vIPI).base;
    r.vICMSDeson = calculateRelief(input, price, r.vICMS, situation.ownTax, ctx, m);
  }
  return r;
}
