/**
 * CNPJ rules shared by server and web. Since July 2026 Receita Federal issues alphanumeric CNPJs:
 * 12 characters [0-9A-Z] (8 root + 4 branch) followed by 2 numeric check digits. Each character
 * is worth its ASCII code minus 48 (so digits keep their value and 'A' = 17), and the check
 * digits use the same mod-11 weights as the numeric CNPJ, which stays valid unchanged.
 */
export const CNPJ_LENGTH = 14;

const FIRST_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const SECOND_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const SHAPE = /^[0-9A-Z]{12}[0-9]{2}$/;

/** Strips the mask and anything else that is not a letter or digit, and upper-cases letters. */
export function normalizeCnpj(value: string | null | undefined): string {
  return (value ?? '').toUpperCase().replace(/[^0-9A-Z]/g, '');
}

function computeCheckDigit(base: string, weights: number[]): number {
  const sum = [...base].reduce((acc, ch, i) => acc + (ch.charCodeAt(0) - 48) * weights[i]!, 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** The two check digits of a 12-character CNPJ base (numeric or alphanumeric). */
export function computeCnpjCheckDigits(base12: string): string {
  const base = normalizeCnpj(base12);
  if (!/^[0-9A-Z]{12}$/.test(base)) throw new Error('A base do CNPJ deve ter 12 caracteres alfanuméricos.');
  const first = computeCheckDigit(base, FIRST_WEIGHTS);
  const second = computeCheckDigit(base + first, SECOND_WEIGHTS);
  return `${first}${second}`;
}

/** True for a numeric or alphanumeric CNPJ, masked or not, whose check digits match. */
export function isValidCnpj(value: string | null | undefined): boolean {
  const cnpj = normalizeCnpj(value);
  if (!SHAPE.test(cnpj)) return false;
  // Repeated characters (00000000000000, 11111111111111, …) pass the arithmetic but are not CNPJs.
  if (/^(.)\1+$/.test(cnpj)) return false;
  return cnpj.slice(12) === computeCnpjCheckDigits(cnpj.slice(0, 12));
}

/** Applies the mask 00.000.000/0000-00 to whatever part of a CNPJ has been typed so far. */
export function maskCnpj(value: string | null | undefined): string {
  const raw = normalizeCnpj(value);
  // Positions 13 and 14 are check digits: letters there are dropped while typing.
  const chars = raw.slice(0, 12) + raw.slice(12).replace(/[^0-9]/g, '');
  const clean = chars.slice(0, CNPJ_LENGTH);
  const parts = [clean.slice(0, 2), clean.slice(2, 5), clean.slice(5, 8), clean.slice(8, 12), clean.slice(12, 14)];
  let out = parts[0]!;
  if (parts[1]) out += `.${parts[1]}`;
  if (parts[2]) out += `.${parts[2]}`;
  if (parts[3]) out += `/${parts[3]}`;
  if (parts[4]) out += `-${parts[4]}`;
  return out;
}

/** Formats a complete CNPJ as 00.000.000/0000-00 (letters kept); anything else is returned as given. */
export function formatCnpj(value: string | null | undefined): string {
  const cnpj = normalizeCnpj(value);
  if (cnpj.length !== CNPJ_LENGTH) return value ?? '';
  return maskCnpj(cnpj);
}
