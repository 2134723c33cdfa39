/**
 * The one set of input rules of the tax engine (issue 14 §1): POST /tax/calculate (through zod), the
 * operations query (the rule's stored codes and rates) and the ST calculator call these same functions,
 * so a CST that does not exist, a negative value or a rate of 100 % or more gets the same Portuguese
 * message wherever it comes from.
 */

export const ipiCsts = ['00', '01', '02', '03', '04', '05', '49', '50', '51', '52', '53', '54', '55', '99'];
export const pisCofinsCsts = [
  ...['01', '02', '03', '04', '05', '06', '07', '08', '09', '49', '50', '51', '52', '53', '54', '55', '56'],
  ...['60', '61', '62', '63', '64', '65', '66', '67', '70', '71', '72', '73', '74', '75', '98', '99'],
];
/** CST IBS/CBS of the NF-e portal's table (reference-data/ibs-cbs-cst.json, 06/2026). */
export const ibsCbsCsts = [
  ...['000', '010', '011', '200', '220', '221', '222', '400', '410', '510', '515', '550', '620'],
  ...['800', '810', '811', '820', '830'],
];

type Input = number | string | { toString(): string } | null | undefined;
const decimalText = /^-?\d+([.,]\d+)?$/;

function numberOf(value: Exclude<Input, null | undefined>): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = String(value).trim();
  return decimalText.test(text) ? Number(text.replace(',', '.')) : null;
}

/** An amount (vProd, frete…): a number, not negative, within the NF-e's 13 integer digits (13v2). Empty passes. */
export function describeValueProblem(label: string, value: Input): string | null {
  if (value === null || value === undefined || value === '') return null;
  const n = numberOf(value);
  if (n === null) return `${label}: informe um número (ex.: 10.50).`;
  if (n < 0) return `${label} não pode ser negativo.`;
  if (n >= 10_000_000_000_000) return `${label} é maior que o permitido pela NF-e.`;
  return null;
}

/** A percentage (alíquota, redução, diferimento): as an amount, and below 100 %. Empty passes. */
export function describeRateProblem(label: string, value: Input): string | null {
  const problem = describeValueProblem(label, value);
  if (problem || value === null || value === undefined || value === '') return problem;
  return numberOf(value)! >= 100 ? `${label} deve ser menor que 100%.` : null;
}

/** A code of an official table (CST, CSOSN). Empty passes: whether it is required is the caller's rule. */
export function describeCodeProblem(label: string, code: string | null | undefined, codes: readonly string[]) {
  if (code === null || code === undefined || code.trim() === '') return null;
  return codes.includes(code.trim()) ? null : `${label} inexistente. Use um dos códigos: ${codes.join(', ')}.`;
}

/** Thrown by the engine's entry points; the server answers it as 400 with `field` and `message`. */
export class TaxInputError extends RangeError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'TaxInputError';
  }
}

const raise = (field: string, problem: string | null) => {
  if (problem) throw new TaxInputError(field, problem);
};
export const assertValue = (field: string, label: string, value: Input) =>
  raise(field, describeValueProblem(label, value));
export const assertRate = (field: string, label: string, value: Input) =>
  raise(field, describeRateProblem(label, value));
export const assertCode = (field: string, label: string, code: string | null | undefined, codes: readonly string[]) =>
  raise(field, describeCodeProblem(label, code, codes));
