import { chmodSync, writeFileSync } from 'node:fs';
import { BRANDS, NOUNS, SIZES, VARIETIES } from './seed.js';

export const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
/** Under the 10 MB upload limit with the multipart envelope around it. */
const TARGET_BYTES = 9.5 * 1024 * 1024;

/** GTIN-13 from a 12-digit body (weights 1,3,1,… from the left). */
export function gtin13(body12: string): string {
  let sum = 0;
  for (let k = 0; k < 12; k++) sum += (body12.charCodeAt(k) - 48) * (k % 2 === 0 ? 1 : 3);
  return body12 + ((10 - (sum % 10)) % 10);
}

/**
 * The import file: `rows` new codes (I0000001…), semicolon-separated with header, UTF-8.
 * 80% carry the GTIN of a global product (hits), 10% a valid GTIN absent from the base, 10% none.
 * Descriptions are padded with a lot number so the file is about 9.5 MB.
 */
export function writeImportFile(file: string, globalCount: number, rows = IMPORT_ROWS): number {
  const lines: string[] = ['CodigoInterno;DescricaoProduto;GTIN/EAN'];
  const pick = (arr: string[], i: number, salt: number) => arr[(i * salt + (i >> 3)) % arr.length]!;
  let bytes = 0;
  for (let i = 1; i <= rows; i++) {
    const kind = i % 10;
    const gtin =
      kind < 8
        ? gtin13(`789${String(((i * 13) % globalCount) + 1).padStart(9, '0')}`)
        : kind === 8
          ? gtin13(`780${String(i).padStart(9, '0')}`)
          : '';
    const desc = `${pick(NOUNS, i, 7)} ${pick(VARIETIES, i, 11)} ${pick(BRANDS, i, 13)} ${pick(SIZES, i, 17)}`;
    lines.push(`I${String(i).padStart(7, '0')};${desc};${gtin}`);
    bytes += Buffer.byteLength(lines[lines.length - 1]!) + 2;
  }
  // Pad every description by the same amount of "LOTE nnnn…" text to reach the target size.
  const pad = Math.max(0, Math.floor((TARGET_BYTES - bytes) / rows) - 6);
  const out = lines.map((l, idx) => {
    if (idx === 0 || pad === 0) return l;
    const [code, desc, gtin] = l.split(';');
    return `${code};${`${desc} LOTE ${String(idx).padStart(pad, '0')}`.slice(0, 250)};${gtin}`;
  });
  const text = `${out.join('\r\n')}\r\n`;
  writeFileSync(file, text);
  chmodSync(file, 0o644);
  return Buffer.byteLength(text);
}
