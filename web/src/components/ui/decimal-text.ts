/**
 * pt-BR decimal entry (issue 13, decision 022). A Brazilian types "1.234,56" (dot thousands, comma
 * decimal), "1234,56", "18" or "0,65"; a value pasted from a spreadsheet or an ERP may come as "1234.56".
 * Every money and percent input keeps the text as typed, sends `parseDecimalText(text)` (an exact decimal
 * string with a dot, never a float) and shows `formatDecimalText` back when the field loses focus.
 */

/** The percentage masks' integer digits: ##,## for most rates (ICMS, PIS, reductions… stay within 100 %). */
export const RATE_INT_DIGITS = 2;
/**
 * ###,## where rates pass 100 % (issue 24): IPI (the TIPI has 150 % and 300 % rates, e.g. tobacco) and the
 * MVA/IVA of ICMS-ST. The server takes up to 3 integer digits for every rate (contract ZRateInput).
 */
export const HIGH_RATE_INT_DIGITS = 3;

export interface DecimalTextOptions {
  /** Most digits before the comma (percentages 2, an MVA 3); digits typed past it move after the comma. */
  maxIntDigits?: number;
  /** Most digits after the comma (2 for money and percentages). */
  maxFractionDigits?: number;
}

/**
 * Which character is the decimal separator of a text with only digits, dots and commas, or null when
 * it has none. With both, the last one is decimal ("1.234,56", "1,234.56"). A lone comma is decimal. Dots
 * alone: several are thousands ("1.234.567"); one followed by exactly three digits after a 1–3 digit
 * non-zero integer is read the Brazilian way, as thousands ("1.234" = mil duzentos e trinta e quatro);
 * any other single dot is a pasted decimal point ("100.50", "0.650", "18.5").
 */
function findDecimalSeparator(text: string): ',' | '.' | null {
  const lastComma = text.lastIndexOf(',');
  const lastDot = text.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) return lastComma > lastDot ? ',' : '.';
  if (lastComma >= 0) return text.indexOf(',') === lastComma ? ',' : null;
  if (lastDot < 0) return null;
  if (text.indexOf('.') !== lastDot) return null;
  return /^[1-9]\d{0,2}\.\d{3}$/.test(text) ? null : '.';
}

/** Splits a typed number into its integer and fraction digits; null when it is not a number. */
function splitDecimal(raw: string): { int: string; fraction: string } | null {
  const text = raw.trim().replace(/\s|R\$|%/g, '');
  if (!text || !/^[\d.,]+$/.test(text) || !/\d/.test(text)) return null;
  const sep = findDecimalSeparator(text);
  const at = sep ? text.lastIndexOf(sep) : -1;
  const intText = at >= 0 ? text.slice(0, at) : text;
  const fraction = at >= 0 ? text.slice(at + 1) : '';
  // What remains before the decimal separator may only be digits and the other (thousands) separator.
  const thousands = sep === '.' ? ',' : '.';
  if (sep && intText.includes(sep)) return null;
  if (!/^\d*$/.test(fraction)) return null;
  const int = intText.split(thousands).join('');
  if (!/^\d*$/.test(int)) return null;
  return { int: int.replace(/^0+(?=\d)/, '') || '0', fraction };
}

/**
 * The exact decimal a pt-BR text means, as a dot-decimal string ("1.234,56" → "1234.56", "18" → "18"),
 * or null when the text is empty or not a number. No floating point on the way: a tax figure must be
 * what the analyst typed.
 */
export function parseDecimalText(text: string): string | null {
  const parts = splitDecimal(text);
  if (!parts) return null;
  const fraction = parts.fraction.replace(/0+$/, '');
  return fraction ? `${parts.int}.${fraction}` : parts.int;
}

const groupThousands = (int: string) => int.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/**
 * A decimal (dot string or number, as the API answers) in the pt-BR form with a fixed number of
 * decimals ("1234.5" → "1.234,50"); rounds half up on the decimal digits, never through a float.
 * Empty for null or anything that is not a number.
 */
export function formatDecimalText(value: string | number | null | undefined, fractionDigits = 2): string {
  if (value === null || value === undefined || value === '') return '';
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return '';
  let int = match[1]!.replace(/^0+(?=\d)/, '');
  let fraction = (match[2] ?? '').padEnd(fractionDigits + 1, '0');
  const roundUp = Number(fraction[fractionDigits]) >= 5;
  fraction = fraction.slice(0, fractionDigits);
  if (roundUp) {
    const digits = (BigInt(int + fraction) + 1n).toString().padStart(int.length + fractionDigits, '0');
    int = digits.slice(0, digits.length - fractionDigits) || '0';
    fraction = digits.slice(digits.length - fractionDigits);
  }
  return fraction ? `${groupThousands(int)},${fraction}` : groupThousands(int);
}

/**
 * What an input shows while the analyst types: letters and other signs are dropped (the spec's "digits
 * and dots" rule read as "no letters", not "no comma") and at most `maxFractionDigits` decimals.
 * Money keeps the analyst's own dots while typing ("1.234,56" arrives one key at a time); it is regrouped
 * on blur. With `maxIntDigits` (the percentage masks #,## / ##,##) a dot is the decimal comma, and digits
 * typed past the mask are placed after the comma instead of being dropped: "165" → "1,65", "1800" → "18,00".
 */
export function maskDecimalText(value: string, options: DecimalTextOptions = {}): string {
  const { maxIntDigits, maxFractionDigits = 2 } = options;
  const kept = value.replace(/[^\d.,]/g, '');
  if (maxIntDigits === undefined) {
    if (findDecimalSeparator(kept) !== ',') return kept;
    const at = kept.lastIndexOf(',');
    return `${kept.slice(0, at)},${kept.slice(at + 1).slice(0, maxFractionDigits)}`;
  }
  const at = Math.max(kept.lastIndexOf(','), kept.lastIndexOf('.'));
  const intDigits = (at >= 0 ? kept.slice(0, at) : kept).replace(/\D/g, '');
  const fraction = at >= 0 ? kept.slice(at + 1).replace(/\D/g, '') : '';
  if (intDigits.length <= maxIntDigits && fraction.length <= maxFractionDigits) {
    return at >= 0 ? `${intDigits},${fraction}` : intDigits;
  }
  // Typed past the mask: the last `maxFractionDigits` digits are the decimals.
  const digits = (intDigits + fraction).replace(/^0+(?=\d)/, '');
  const intLength = Math.min(Math.max(digits.length - maxFractionDigits, 1), maxIntDigits);
  return `${digits.slice(0, intLength)},${digits.slice(intLength, intLength + maxFractionDigits)}`;
}

/** The text an input shows once the analyst leaves it: the parsed value in pt-BR, or the text as typed. */
export function settleDecimalText(text: string, fractionDigits = 2): string {
  const value = parseDecimalText(text);
  return value === null ? text : formatDecimalText(value, fractionDigits);
}
