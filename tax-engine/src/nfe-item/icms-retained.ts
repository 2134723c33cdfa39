import type { Decimal } from 'decimal.js';
import { atLeastZero, percentOf, reduceBase, round2, toDecimal, ZERO } from '../decimal.js';
import { icmsLegal } from './icms-legal.js';
import type { Memoria } from './memoria.js';
import type { NfeItemInput } from './types.js';

const given = (v: unknown) => v !== undefined && v !== null && v !== '';

/**
 * CST 60 / CSOSN 500: the ST charged earlier in the chain (NT 2016.002). The buyer's documents give
 * vBCSTRet, pST (the consumer's rate, FCP included) and vICMSSubstituto (the substitute's own ICMS);
 * the consumer bears vBCSTRet × pST = vICMSSubstituto + vICMSSTRet + vFCPSTRet, so
 *   vFCPSTRet = vBCFCPSTRet × pFCPSTRet;  vICMSSTRet = vBCSTRet × pST − vICMSSubstituto − vFCPSTRet.
 * The effective group (sales to final consumers where the state asks for it):
 *   vBCEfet = valor da operação × (1 − pRedBCEfet);  vICMSEfet = vBCEfet × pICMSEfet.
 */
export function calculateIcmsRetained(input: NfeItemInput, subtotal: Decimal, m: Memoria) {
  const { icms } = input.item;
  const zero = ZERO;
  const r = {
    vBCSTRet: zero,
    vICMSSubstituto: zero,
    vICMSSTRet: zero,
    vBCFCPSTRet: zero,
    vFCPSTRet: zero,
    vBCEfet: zero,
    vICMSEfet: zero,
  };
  if (given(icms.pFCPSTRet)) {
    r.vBCFCPSTRet = round2(toDecimal(icms.vBCFCPSTRet));
    r.vFCPSTRet = percentOf(r.vBCFCPSTRet, icms.pFCPSTRet);
    m.add({
      campo: 'vFCPSTRet',
      descricao: 'FCP retido anteriormente por substituição tributária',
      formula: 'vBCFCPSTRet × pFCPSTRet',
      valores: { vBCFCPSTRet: r.vBCFCPSTRet, pFCPSTRet: icms.pFCPSTRet },
      resultado: r.vFCPSTRet,
      baseLegal: icmsLegal.fcpStRetained,
    });
  }
  if (given(icms.vBCSTRet)) {
    r.vBCSTRet = round2(toDecimal(icms.vBCSTRet));
    r.vICMSSubstituto = round2(toDecimal(icms.vICMSSubstituto));
    r.vICMSSTRet = atLeastZero(percentOf(r.vBCSTRet, icms.pST).minus(r.vICMSSubstituto).minus(r.vFCPSTRet));
    m.add({
      campo: 'vICMSSTRet',
      descricao: 'ICMS-ST retido anteriormente (pST já inclui o FCP; o FCP-ST retido é informado à parte)',
      formula: 'vBCSTRet × pST − vICMSSubstituto − vFCPSTRet',
      valores: { vBCSTRet: r.vBCSTRet, pST: icms.pST, vICMSSubstituto: r.vICMSSubstituto, vFCPSTRet: r.vFCPSTRet },
      resultado: r.vICMSSTRet,
      baseLegal: icmsLegal.stRetained,
    });
  }
  if (given(icms.pICMSEfet)) {
    r.vBCEfet = reduceBase(subtotal, icms.pRedBCEfet);
    r.vICMSEfet = percentOf(r.vBCEfet, icms.pICMSEfet);
    m.add({
      campo: 'vICMSEfet',
      descricao: 'ICMS efetivo: o que a operação pagaria fora da substituição tributária',
      formula: 'vBCEfet = valor da operação × (1 − pRedBCEfet); vICMSEfet = vBCEfet × pICMSEfet',
      valores: { valorOperacao: subtotal, pRedBCEfet: icms.pRedBCEfet, vBCEfet: r.vBCEfet, pICMSEfet: icms.pICMSEfet },
      resultado: r.vICMSEfet,
      baseLegal: icmsLegal.effective,
    });
  }
  return r;
}
