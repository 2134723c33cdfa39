import type { Decimal } from 'decimal.js';
import { percentOf } from '../decimal.js';
import { icmsLegal } from './icms-legal.js';
import type { Memoria } from './memoria.js';
import type { NfeItemInput } from './types.js';

/**
 * CSOSN 101/201/900: the ICMS credit a Simples Nacional seller passes to a buyer (LC 123/2006, art. 23,
 * §§1º–2º): the seller's Simples ICMS rate (pCredSN) on the operation value.
 */
export function calculateSimplesCredit(input: NfeItemInput, subtotal: Decimal, m: Memoria): Decimal {
  const { pCredSN, csosn } = input.item.icms;
  const vCredICMSSN = percentOf(subtotal, pCredSN);
  m.add({
    campo: 'vCredICMSSN',
    descricao: `Crédito de ICMS do Simples Nacional transferível ao adquirente (CSOSN ${csosn})`,
    formula: 'valor da operação × pCredSN',
    valores: { valorOperacao: subtotal, pCredSN },
    resultado: vCredICMSSN,
    baseLegal: icmsLegal.simplesCredit,
  });
  return vCredICMSSN;
}
