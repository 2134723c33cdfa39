import { isValidGtin } from '@app/contract';

/** bwip-js symbology for a GTIN (spec 02 §2 barcode modal). */
export type Symbology = { bcid: 'ean8' | 'upca' | 'ean13' | 'itf14'; label: string; text: string };

/**
 * EAN-8 for 8 digits, UPC-A for 12, EAN-13 for 13 and GTIN-14 (as ITF-14) for 14. A 14-digit GTIN
 * that is a shorter one padded with zeros (the server stores every GTIN in its 14-digit form)
 * is drawn in its shorter form, the one printed on the package. Returns null when the value is no
 * GTIN with a valid check digit: drawing it would print a code no scanner reads back.
 */
export function pickSymbology(gtin: string | null | undefined): Symbology | null {
  const digits = (gtin ?? '').replace(/\s+/g, '');
  if (!isValidGtin(digits)) return null;
  if (digits.length === 8) return { bcid: 'ean8', label: 'EAN-8', text: digits };
  if (digits.length === 12) return { bcid: 'upca', label: 'UPC-A', text: digits };
  if (digits.length === 13) return { bcid: 'ean13', label: 'EAN-13', text: digits };
  if (digits.length !== 14) return null;
  if (digits.startsWith('000000')) return { bcid: 'ean8', label: 'EAN-8', text: digits.slice(6) };
  if (digits.startsWith('0')) return { bcid: 'ean13', label: 'EAN-13', text: digits.slice(1) };
  return { bcid: 'itf14', label: 'GTIN-14 (ITF-14)', text: digits };
}
