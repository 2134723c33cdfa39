/**
 * GTIN (EAN/UPC barcode numbers): GTIN-8, GTIN-12 (UPC-A), GTIN-13 (EAN-13) and GTIN-14.
 * Every length shares one check digit rule (GS1 mod 10, weights 3 and 1 from the right), so a
 * GTIN left-padded with zeros to 14 digits keeps its check digit: the 14-digit form is the one key
 * products and global products are stored and matched by.
 */

export const GTIN_LENGTHS = [8, 12, 13, 14] as const;

export const gtinMessages = {
  tooLong: 'O campo de GTIN deve possuir no máximo 14 caracteres!',
  notDigits: 'GTIN inválido: informe somente números.',
  badLength: 'GTIN inválido: informe 8, 12, 13 ou 14 dígitos.',
  badCheckDigit: 'GTIN inválido: dígito verificador incorreto.',
  allZeros: 'GTIN inválido: um GTIN não pode ter somente zeros.',
} as const;

/** GS1 check digit of the digits that precede it. */
export function computeGtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** True for 8, 12, 13 or 14 digits whose last digit is the right check digit. */
export function isValidGtin(digits: string): boolean {
  if (!/^\d+$/.test(digits) || !(GTIN_LENGTHS as readonly number[]).includes(digits.length)) return false;
  if (/^0+$/.test(digits)) return false;
  return computeGtinCheckDigit(digits.slice(0, -1)) === digits.charCodeAt(digits.length - 1) - 48;
}

/** Left-pads digits with zeros to 14 (the matching form). */
export function padGtin14(digits: string): string {
  return digits.padStart(14, '0');
}

/** Whitespace removed; the NF-e placeholder "SEM GTIN" and empty values mean "no GTIN". */
export function cleanGtin(raw: string | number | null | undefined): string {
  if (raw === null || raw === undefined) return '';
  const text = String(raw).replace(/\s+/g, '');
  return /^semgtin$/i.test(text) ? '' : text;
}

export type GtinCheck = { ok: true; gtin: string | null } | { ok: false; message: string };

/**
 * Validates a GTIN as typed or imported: empty → no GTIN; otherwise digits only, at most 14,
 * a GTIN length and a correct check digit. Answers the 14-digit form to store and match.
 */
export function checkGtin(raw: string | number | null | undefined): GtinCheck {
  const text = cleanGtin(raw);
  if (text === '') return { ok: true, gtin: null };
  if (text.length > 14) return { ok: false, message: gtinMessages.tooLong };
  if (!/^\d+$/.test(text)) return { ok: false, message: gtinMessages.notDigits };
  // Leading zeros may have been dropped (spreadsheets do that): accept any length up to 14 whose
  // 14-digit form is a valid GTIN-14, which covers GTIN-8/12/13 written with or without zeros.
  const padded = padGtin14(text);
  if (text.length < 8) return { ok: false, message: gtinMessages.badLength };
  // All zeros passes the check digit (0) but no item carries it: it is a placeholder, not a GTIN.
  if (/^0+$/.test(text)) return { ok: false, message: gtinMessages.allZeros };
  if (!isValidGtin(padded)) return { ok: false, message: gtinMessages.badCheckDigit };
  return { ok: true, gtin: padded };
}

/** The shortest usual form for display/barcodes: GTIN-13 when the 14-digit form starts with 0. */
export function displayGtin(gtin14: string | null | undefined): string {
  if (!gtin14) return '';
  return gtin14.length === 14 && gtin14.startsWith('0') ? gtin14.slice(1) : gtin14;
}
