/**
 * The numeric limits of the NF-e layout 4.00 (MOC, Anexo I): "13v2" is up to 13 integer digits and 2
 * decimals, "11v0-10" up to 11 integer digits and 0 to 10 decimals. A value the layout cannot carry
 * would be rejected by SEFAZ (schema error 225), so the engine refuses it with the field's name.
 */
export interface LayoutDecimal {
  /** Integer digits the tag allows. */
  int: number;
  /** Decimals the tag allows at most. */
  dec: number;
  /** Percentages: the value must stay below this (a reduction or a deferral of 100 % is no rate). */
  below?: number;
  /** Percentages that may reach this value itself (a deferral of 100 %, NT 2025.002 gDif). */
  atMost?: number;
}

/** The layout formats of the tags the engine reads. */
export const layoutDecimals = {
  valor: { int: 13, dec: 2 },
  percentual: { int: 3, dec: 4, below: 100 },
  /** pDif of gDif (3v2-4): NT 2025.002 lets the issuer defer all of the tax, so 100 % itself is allowed. */
  percentualAte100: { int: 3, dec: 4, atMost: 100 },
  /** pIPI (3v2-4): TIPI has rates of 300 % (cigarettes, 2402.20.00). */
  aliquotaIpi: { int: 3, dec: 4 },
  /** qCom, qTrib (11v0-4). */
  quantidade: { int: 11, dec: 4 },
  /** vUnCom, vUnTrib (11v0-10). */
  valorUnitario: { int: 11, dec: 10 },
  /** qUnid of IPI, qBCProd of PIS/COFINS (12v0-4). */
  quantidadeTributo: { int: 12, dec: 4 },
  /** vUnid of IPI, vAliqProd of PIS/COFINS (11v0-4). */
  valorPorUnidade: { int: 11, dec: 4 },
} satisfies Record<string, LayoutDecimal>;

/** Reused by countDigits: an item has up to ~20 values checked, each once per call (issue 21 figures). */
const counted = { integer: 0, decimals: 0 };

/**
 * The integer digits and decimals the layout counts in `text` (digits, then optionally `.` or `,` and digits),
 * leading zeros of the integer part and trailing zeros of the decimals left out; null
 * when `text` is not such a number. Scanned by hand: a regular expression with captures and two replaces per value
 * were a tenth of the item checks.
 */
function countDigits(text: string): { integer: number; decimals: number } | null {
  const length = text.length;
  let i = 0;
  let firstSignificant = -1;
  while (i < length) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) break;
    if (firstSignificant < 0 && c !== 48) firstSignificant = i;
    i++;
  }
  if (i === 0) return null;
  // "000" counts one integer digit, as "0" does.
  counted.integer = firstSignificant < 0 ? 1 : i - firstSignificant;
  counted.decimals = 0;
  if (i === length) return counted;
  const separator = text.charCodeAt(i);
  if (separator !== 46 && separator !== 44) return null;
  const start = ++i;
  let lastSignificant = start - 1;
  while (i < length) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return null;
    if (c !== 48) lastSignificant = i;
    i++;
  }
  if (i === start) return null;
  counted.decimals = lastSignificant - start + 1;
  return counted;
}

/** What is wrong with a decimal for a layout tag, in Portuguese, or null. Empty passes. */
export function describeLayoutProblem(label: string, value: unknown, spec: LayoutDecimal): string | null {
  if (value === null || value === undefined || value === '') return null;
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return `${label}: informe um número (ex.: 10.50).`;
    if (value < 0) return `${label} não pode ser negativo.`;
    // The shortest form that reads back as the same number ("0.1", not 0.1000000000000000055…);
    // 1e21 and 1e-7 print in exponent form: then the plain form counts the digits.
    text = String(value);
    if (text.includes('e')) text = value >= 1 ? BigInt(Math.round(value)).toString() : value.toFixed(20);
  } else if (typeof value === 'string') {
    text = value.trim();
    if (text.startsWith('-') && countDigits(text.slice(1))) return `${label} não pode ser negativo.`;
  } else return `${label}: informe um número (ex.: 10.50).`;
  const digits = countDigits(text);
  if (!digits) return `${label}: informe um número (ex.: 10.50).`;
  if (digits.integer > spec.int)
    return `${label} é maior que o permitido pela NF-e (até ${spec.int} dígitos inteiros).`;
  if (digits.decimals > spec.dec) return `${label}: no máximo ${spec.dec} casas decimais (leiaute da NF-e).`;
  if (spec.below !== undefined && Number(text.replace(',', '.')) >= spec.below)
    return `${label} deve ser menor que ${spec.below}%.`;
  if (spec.atMost !== undefined && Number(text.replace(',', '.')) > spec.atMost)
    return `${label} deve ser no máximo ${spec.atMost}%.`;
  return null;
}
