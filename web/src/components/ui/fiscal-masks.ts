import { formatCnpj } from '@app/contract/cnpj';
import { displayGtin } from '@app/contract/gtin';

/**
 * Input masks and display formats of fiscal fields (spec 02 §5 "Named rule save", §9 number formats).
 * Masks work on the raw text a user types and return what the input should show; the `unmask*`
 * helpers give what is sent to the server.
 */

import { formatDecimalText } from './decimal-text';

const onlyDigits = (value: string) => value.replace(/\D/g, '');

/** Keeps at most `max` digits (CEST 7, COD ANP 9, CST and CODENQ 3, CFOP 4). */
export function maskDigits(value: string, max: number): string {
  return onlyDigits(value).slice(0, max);
}

/** NCM typed as ####.##.## (8 digits). */
export function maskNcm(value: string): string {
  const d = onlyDigits(value).slice(0, 8);
  if (d.length <= 4) return d;
  if (d.length <= 6) return `${d.slice(0, 4)}.${d.slice(4)}`;
  return `${d.slice(0, 4)}.${d.slice(4, 6)}.${d.slice(6)}`;
}

/** The NCM the server expects: dots removed. */
export const unmaskNcm = (value: string) => onlyDigits(value);

/** Shows a stored NCM as dotted groups 4.2.2; shorter codes keep the groups they have. */
export function formatNcm(ncm: string | null | undefined): string {
  return ncm ? maskNcm(ncm) : '';
}

/**
 * A stored percentage back into its input, in pt-BR with two decimals ("18.5" → "18,50", "300" → "300,00").
 * Never cut to the mask's integer digits: a cloned rule's IPI of 300 % must not come back as 30 %.
 */
export function percentToInput(value: number | string | null | undefined): string {
  return formatDecimalText(value);
}

/**
 * Numbers shown with 2 decimals, pt-BR grouping (3.220,00). Empty for null/invalid. Decimal strings (what
 * the API and the tax engine answer) are rounded half up on their digits, never through a float.
 */
export function formatDecimal(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value).trim();
  const negative = text.startsWith('-');
  const formatted = formatDecimalText(negative ? text.slice(1) : text);
  return formatted && negative && /[1-9]/.test(formatted) ? `-${formatted}` : formatted;
}

/** Like formatDecimal but '-' when there is no value (table cells). */
export function formatDecimalOrDash(value: number | string | null | undefined): string {
  return formatDecimal(value) || '-';
}

/** Shows a stored CEST (7 digits) as 00.000.00 (issue 13); anything else as given. */
export function formatCest(cest: string | null | undefined): string {
  const d = onlyDigits(cest ?? '');
  return d.length === 7 ? `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5)}` : (cest ?? '');
}

/** Shows a stored CFOP (4 digits) as 0.000 (issue 13); anything else as given. */
export function formatCfop(cfop: string | null | undefined): string {
  const d = onlyDigits(cfop ?? '');
  return d.length === 4 ? `${d[0]}.${d.slice(1)}` : (cfop ?? '');
}

/**
 * Masks the codes inside a server-written sentence ("CEST 1701100 × NCM 17049090", "GTIN 07891…"):
 * health findings and audit texts are stored raw so exports stay raw; screens show them masked.
 */
export function maskCodesInText(text: string | null | undefined): string {
  return (text ?? '')
    .replace(/\bNCM (\d{8})\b/g, (_, d: string) => `NCM ${formatNcm(d)}`)
    .replace(/\bCEST (\d{7})\b/g, (_, d: string) => `CEST ${formatCest(d)}`)
    .replace(/\bCFOP (\d{4})\b/g, (_, d: string) => `CFOP ${formatCfop(d)}`)
    .replace(/\bGTIN (\d{8,14})\b/g, (_, d: string) => `GTIN ${displayGtin(d)}`)
    .replace(/\bCNPJ (\d{14})\b/g, (_, d: string) => `CNPJ ${formatCnpj(d)}`)
    .replace(
      /\b(NF-e|NFC-e|chave de acesso|Chave) (\d{44})\b/g,
      (_, what: string, d: string) => `${what} ${formatChave(d)}`,
    );
}

/** An access key (44 digits) in blocks of 4, as a DANFE prints it (issue 38); anything else as given. */
export function formatChave(chave: string | null | undefined): string {
  const d = chave ?? '';
  return /^\d{44}$/.test(d) ? d.replace(/(\d{4})(?=\d)/g, '$1 ') : d;
}

/**
 * Whether a problem's line number means a line of its file: EFD and CSV files are read by line; an XML's "line" is
 * where its NF-e starts in the markup, which a user does not count by (issue 38: "linha" only for line files).
 */
export const isLineFile = (fileName: string) => /\.(txt|csv)$/i.test(fileName);
