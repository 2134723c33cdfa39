import { Decimal } from 'decimal.js';
import type { TaxValue } from '../decimal.js';
import { toDecimal, ZERO } from '../decimal.js';
import { centsText, plainNumberText, readDigits, readExponent, readSmall } from '../decimal-small.js';
import type { MemoriaStep } from './types.js';

type Shown = TaxValue | boolean | null | undefined;

/** A string already as the NF-e prints it ("1000.00"): shown as it is. */
const printedAmount = /^(0|[1-9]\d{0,12})\.\d\d$/;

/** A Decimal as the NF-e prints it; toString + padding is the same text as toFixed(2), without its rounding pass. */
function formatDecimal(d: Decimal): string {
  if (readSmall(d)) {
    const text = centsText(d.s, readDigits(), readExponent(), false);
    if (text !== undefined) return text;
  }
  if (d.decimalPlaces() > 2) return d.toString();
  const text = d.toString();
  if (text.includes('e')) return d.toFixed(2);
  const dot = text.indexOf('.');
  if (dot < 0) return `${text}.00`;
  return dot === text.length - 2 ? `${text}0` : text;
}

/** Money and percentages as the NF-e prints them: a dot and two decimals ("1234.50"). */
export function formatValue(value: Shown): string {
  // The shared zero (every absent figure of a line): its text without reading it.
  if (value === null || value === undefined || value === ZERO) return '0.00';
  if (typeof value === 'boolean') return value ? 'sim' : 'não';
  // Fast paths (the memória formats ~80 values per item, issue 21 figures); every other input goes the long way.
  if (typeof value === 'number') {
    const text = plainNumberText(value);
    if (text !== undefined) return text;
  } else if (typeof value === 'string') {
    if (printedAmount.test(value)) return value;
    if (!/^-?\d+([.,]\d+)?$/.test(value.trim())) return value;
  }
  // A Decimal is shown as it is: copying it (toDecimal) for every value of every step was a hot path.
  // Effective CBS/IBS rates carry 4 places (0.0450): never round away what the engine used.
  return formatDecimal(typeof value === 'object' && Decimal.isDecimal(value) ? value : toDecimal(value));
}

/** A step's result: always two places, rounded half-up as the NF-e stores it (toFixed(2) where it has more). */
function formatResult(d: Decimal): string {
  if (d === ZERO) return '0.00';
  if (readSmall(d)) {
    const text = centsText(d.s, readDigits(), readExponent(), true);
    if (text !== undefined) return text;
  }
  return d.decimalPlaces() > 2 ? d.toFixed(2) : formatDecimal(d);
}

/**
 * The calculation memory: each step the engine takes, in the order it takes it, so an analyst can
 * redo the arithmetic by hand and check the legal basis of each figure.
 */
export class Memoria {
  readonly steps: MemoriaStep[] = [];

  /** `step.valores` must be the caller's own fresh object: its values are replaced by their printed text. */
  add(step: {
    campo: string;
    descricao: string;
    formula: string;
    valores: Record<string, Shown>;
    resultado: Decimal | string;
    baseLegal: string;
  }): void {
    // Each value printed in place, in the caller's own object: every step is built with a fresh literal, and a copy
    // per step cost more than its printing (issue 21 figures). Adding up to 16 keys by computed name to a new object
    // instead made dictionary-mode objects.
    const valores = step.valores;
    for (const key in valores) valores[key] = formatValue(valores[key]);
    this.steps.push({
      passo: this.steps.length + 1,
      campo: step.campo,
      descricao: step.descricao,
      formula: step.formula,
      valores: valores as Record<string, string>,
      resultado: typeof step.resultado === 'string' ? step.resultado : formatResult(step.resultado),
      baseLegal: step.baseLegal,
    });
  }
}
