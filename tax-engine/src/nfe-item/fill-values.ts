import type { Decimal } from 'decimal.js';
import { decimalToNumber } from '../decimal.js';
import type { CbsIbsItem } from './cbs-ibs-item.js';
import type { IcmsResult } from './icms.js';
import type { NfeItemResult } from './types.js';

/**
 * Each of the 38 nfeItemValueFields from the group that computed it (no two groups share a field), by name:
 * reading and writing them through a computed key was a tenth of the engine's time (issue 21 figures). A field
 * added to nfeItemValueFields must be added here too. decimalToNumber skips Decimal's print-and-parse.
 */
export function fillValues(
  result: NfeItemResult,
  icms: IcmsResult,
  difal: Record<'vBCUFDest' | 'vICMSUFDest' | 'vFCPUFDest', Decimal>,
  federal: Record<'vIPI' | 'vPIS' | 'vCOFINS', Decimal>,
  cbsIbs: CbsIbsItem,
): void {
  result.vBC = decimalToNumber(icms.vBC);
  result.vICMS = decimalToNumber(icms.vICMS);
  result.vBCST = decimalToNumber(icms.vBCST);
  result.pMVAST = decimalToNumber(icms.pMVAST);
  result.vICMSST = decimalToNumber(icms.vICMSST);
  result.vBCFCPST = decimalToNumber(icms.vBCFCPST);
  result.vFCPST = decimalToNumber(icms.vFCPST);
  result.vFCP = decimalToNumber(icms.vFCP);
  result.vIPI = decimalToNumber(federal.vIPI);
  result.vPIS = decimalToNumber(federal.vPIS);
  result.vCOFINS = decimalToNumber(federal.vCOFINS);
  result.vICMSDeson = decimalToNumber(icms.vICMSDeson);
  result.vICMSDif = decimalToNumber(icms.vICMSDif);
  result.vBCUFDest = decimalToNumber(difal.vBCUFDest);
  result.vICMSUFDest = decimalToNumber(difal.vICMSUFDest);
  result.vFCPUFDest = decimalToNumber(difal.vFCPUFDest);
  result.vBCIBSCBS = decimalToNumber(cbsIbs.vBCIBSCBS);
  result.pCBS = decimalToNumber(cbsIbs.pCBS);
  result.vCBS = decimalToNumber(cbsIbs.vCBS);
  result.pIBSUF = decimalToNumber(cbsIbs.pIBSUF);
  result.vIBSUF = decimalToNumber(cbsIbs.vIBSUF);
  result.pIBSMun = decimalToNumber(cbsIbs.pIBSMun);
  result.vIBSMun = decimalToNumber(cbsIbs.vIBSMun);
  result.vICMSOp = decimalToNumber(icms.vICMSOp);
  result.vCredICMSSN = decimalToNumber(icms.vCredICMSSN);
  result.vBCSTRet = decimalToNumber(icms.vBCSTRet);
  result.vICMSSubstituto = decimalToNumber(icms.vICMSSubstituto);
  result.vICMSSTRet = decimalToNumber(icms.vICMSSTRet);
  result.vBCFCPSTRet = decimalToNumber(icms.vBCFCPSTRet);
  result.vFCPSTRet = decimalToNumber(icms.vFCPSTRet);
  result.vBCEfet = decimalToNumber(icms.vBCEfet);
  result.vICMSEfet = decimalToNumber(icms.vICMSEfet);
  result.vICMSMono = decimalToNumber(icms.vICMSMono);
  result.vICMSMonoReten = decimalToNumber(icms.vICMSMonoReten);
  result.vICMSMonoOp = decimalToNumber(icms.vICMSMonoOp);
  result.vICMSMonoDif = decimalToNumber(icms.vICMSMonoDif);
  result.vICMSMonoRet = decimalToNumber(icms.vICMSMonoRet);
  result.vIS = decimalToNumber(cbsIbs.vIS);
}
