import { Decimal } from 'decimal.js';
import type { TaxValue } from '../decimal.js';
import { toDecimal } from '../decimal.js';
import type { MemoriaStep } from './types.js';

type Shown = TaxValue | boolean | null | undefined;

/** Money and percentages as the NF-e prints them: a dot and two decimals ("1234.50"). */
export function formatValue(value: Shown): string {
  if (value === null || value === undefined) return '0.00';
  if (typeof value === 'boolean') return value ? 'sim' : 'não';
  if (typeof value === 'string' && !/^-?\d+([.,]\d+)?$/.test(value.trim())) return value;
  // A Decimal is shown as it is: copying it (toDecimal) for every value of every step was a hot path.
  const d = Decimal.isDecimal(value) ? value : toDecimal(value);
  // Effective CBS/IBS rates carry 4 places (0.0450): never round away what the engine used.
  return d.decimalPlaces() > 2 ? d.toString() : d.toFixed(2);
}

/**
 * The calculation memory: each step the engine takes, in the order it takes it, so an analyst can
 * redo the arithmetic by hand and check the legal basis of each figure.
 */
export class Memoria {
  readonly steps: MemoriaStep[] = [];

  add(step: {
    campo: string;
    descricao: string;
    formula: string;
    valores: Record<string, Shown>;
    resultado: Decimal | string;
    baseLegal: string;
  }): void {
    // A plain loop: Object.fromEntries(Object.entries().map()) allocated two arrays per step.
    const valores: Record<string, string> = {};
    for (const key in step.valores) valores[key] = formatValue(step.valores[key]);
    this.steps.push({
      passo: this.steps.length + 1,
      campo: step.campo,
      descricao: step.descricao,
      formula: step.formula,
      valores,
      resultado: typeof step.resultado === 'string' ? step.resultado : step.resultado.toFixed(2),
      baseLegal: step.baseLegal,
    });
  }
}
