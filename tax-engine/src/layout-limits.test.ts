import { describe, expect, it } from 'vitest';
import { describeLayoutProblem, type LayoutDecimal, layoutDecimals } from './layout-limits.js';

/** The layout check as it was written first (a regular expression and replaces): the scanner must answer the same. */
function describeWithPattern(label: string, value: unknown, spec: LayoutDecimal): string | null {
  if (value === null || value === undefined || value === '') return null;
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return `${label}: informe um número (ex.: 10.50).`;
    if (value < 0) return `${label} não pode ser negativo.`;
    text = String(value);
    if (text.includes('e')) text = value >= 1 ? BigInt(Math.round(value)).toString() : value.toFixed(20);
  } else if (typeof value === 'string') {
    text = value.trim();
    if (text.startsWith('-') && /^(\d+)(?:[.,](\d+))?$/.test(text.slice(1))) return `${label} não pode ser negativo.`;
  } else return `${label}: informe um número (ex.: 10.50).`;
  const match = /^(\d+)(?:[.,](\d+))?$/.exec(text);
  if (!match) return `${label}: informe um número (ex.: 10.50).`;
  const integer = (match[1] ?? '').replace(/^0+(?=\d)/, '');
  const decimals = (match[2] ?? '').replace(/0+$/, '');
  if (integer.length > spec.int)
    return `${label} é maior que o permitido pela NF-e (até ${spec.int} dígitos inteiros).`;
  if (decimals.length > spec.dec) return `${label}: no máximo ${spec.dec} casas decimais (leiaute da NF-e).`;
  if (spec.below !== undefined && Number(text.replace(',', '.')) >= spec.below)
    return `${label} deve ser menor que ${spec.below}%.`;
  if (spec.atMost !== undefined && Number(text.replace(',', '.')) > spec.atMost)
    return `${label} deve ser no máximo ${spec.atMost}%.`;
  return null;
}

describe('describeLayoutProblem (MOC 7.0, Anexo I: "13v2", "3v2-4"…)', () => {
  const edges: unknown[] = [
    '0',
    '000',
    '0.00',
    '00012.50',
    '12,5',
    '1234567890123.45',
    '12345678901234',
    '1234567890123.456',
    '5.',
    '.5',
    '1..2',
    '1.2.3',
    '1,2,3',
    'a1',
    '1a',
    ' 10.50 ',
    '-1',
    '-1.5',
    '-',
    '1e5',
    '１２',
    '99.9999',
    '100',
    '100.0000',
    '99.99999',
    '0.10000',
    0,
    0.1,
    1e21,
    1e-7,
    99.9999,
    100,
    -0.01,
    Number.NaN,
    Infinity,
    true,
    {},
    null,
    '',
  ];
  it('answers as the regular expression did, for every layout format and every edge case', () => {
    for (const spec of Object.values(layoutDecimals))
      for (const value of edges)
        expect(describeLayoutProblem('vX', value, spec), String(value)).toBe(describeWithPattern('vX', value, spec));
  });

  it('answers as the regular expression did for 20,000 random texts of digits, dots and commas', () => {
    const alphabet = '0000123456789.,';
    let seed = 21;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let n = 0; n < 20_000; n++) {
      let text = '';
      const length = 1 + Math.floor(random() * 18);
      for (let k = 0; k < length; k++) text += alphabet[Math.floor(random() * alphabet.length)];
      for (const spec of [layoutDecimals.valor, layoutDecimals.percentual, layoutDecimals.valorUnitario])
        expect(describeLayoutProblem('vX', text, spec), text).toBe(describeWithPattern('vX', text, spec));
    }
  });
});
