/**
 * Check digits of the Inscrição Estadual per UF, as each state publishes them in SINTEGRA's "Conferência de
 * Inscrições Estaduais" (www.sintegra.gov.br/insc_est.html, one "Roteiro de crítica da inscrição estadual" per UF,
 * e.g. www.sintegra.gov.br/Cad_Estados/cad_GO.html). Only length and check digits are conferred: prefixes (24 in AL,
 * 28 in MS …) change with new series and are the registry's business (rules 1C17-10/5E17-10, not offline).
 * Note (*2) of MOC 7.0 annex I to C17-20/E17-50 (NT 2018.001), as the public compilation of table 4.4.2 that decision
 * 060 uses records it: SEFAZ disregards non-significant leading zeros, so the number is tried at each length the UF
 * uses after dropping them.
 */
type Check = (d: number[]) => boolean;

const sum = (d: number[], weights: number[]) => weights.reduce((s, w, i) => s + w * d[i]!, 0);
/** 11 − remainder, 0 when the remainder is 0 or 1 (the most common rule). */
const mod11 = (s: number) => (s % 11 < 2 ? 0 : 11 - (s % 11));
/** 11 − remainder, 0 when that is 10 or 11. */
const mod11Over9 = (s: number) => (11 - (s % 11) >= 10 ? 0 : 11 - (s % 11));
const desc = (from: number, n: number) => Array.from({ length: n }, (_, i) => from - i);

/** One check digit at position `at` over the digits before it (weights from `from` down to 2, or a list). */
const single =
  (weights: number[], rule: (s: number) => number): Check =>
  (d) =>
    d[weights.length] === rule(sum(d, weights));

/** Two check digits: the first over n digits, the second over n + 1 (the first included). */
const double =
  (w1: number[], w2: number[], rule: (s: number) => number): Check =>
  (d) =>
    d[w1.length] === rule(sum(d, w1)) && d[w2.length] === rule(sum(d, w2));

const ac = double([4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2], [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2], mod11Over9);

function ap(d: number[]): boolean {
  const n = Number(d.slice(0, 8).join(''));
  const [p, dd] = n <= 3017000 ? [5, 0] : n <= 3019022 ? [9, 1] : [0, 0];
  const r = 11 - ((p + sum(d, desc(9, 8))) % 11);
  return d[8] === (r === 10 ? 0 : r === 11 ? dd : r);
}

function am(d: number[]): boolean {
  const s = sum(d, desc(9, 8));
  return d[8] === (s < 11 ? 11 - s : mod11(s));
}

/** Bahia: the second digit first; modulus 10 or 11 by the first (8 digits) or second (9 digits) digit. */
function ba(d: number[]): boolean {
  const n = d.length - 2;
  const key = d[d.length === 8 ? 0 : 1]!;
  const m = [6, 7, 9].includes(key) ? 11 : 10;
  const dv = (s: number) => (m === 10 ? (s % 10 === 0 ? 0 : 10 - (s % 10)) : mod11(s));
  const second = dv(sum(d, desc(n + 1, n)));
  const first = dv(sum([...d.slice(0, n), second], desc(n + 2, n + 1)));
  return d[n] === first && d[n + 1] === second;
}

function go(d: number[]): boolean {
  const s = sum(d, desc(9, 8));
  const r = s % 11;
  const n = Number(d.slice(0, 8).join(''));
  if (n === 11094402) return d[8] === 0 || d[8] === 1;
  const dv = r === 0 ? 0 : r === 1 ? (n >= 10103105 && n <= 10119997 ? 1 : 0) : 11 - r;
  return d[8] === dv;
}

function mg(d: number[]): boolean {
  const base = [...d.slice(0, 3), 0, ...d.slice(3, 11)];
  let s = 0;
  base.forEach((x, i) => {
    const p = x * (i % 2 === 0 ? 1 : 2);
    s += Math.floor(p / 10) + (p % 10);
  });
  const d1 = (10 - (s % 10)) % 10;
  const d2 = mod11(sum([...d.slice(0, 11), d1], [3, 2, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]));
  return d[11] === d1 && d[12] === d2;
}

function ms(d: number[]): boolean {
  const r = sum(d, desc(9, 8)) % 11;
  return d[8] === (r === 0 || 11 - r > 9 ? 0 : 11 - r);
}

/** Pernambuco: eFisco (9 digits, two digits) or the former 14-digit number (one digit, 10 and 11 less 10). */
function pe(d: number[]): boolean {
  if (d.length === 9) return double(desc(8, 7), desc(9, 8), mod11)(d);
  const r = 11 - (sum(d, [5, 4, 3, 2, 1, 9, 8, 7, 6, 5, 4, 3, 2]) % 11);
  return d[13] === (r > 9 ? r - 10 : r);
}

function rn(d: number[]): boolean {
  const n = d.length - 1;
  const r = (sum(d, desc(n + 1, n)) * 10) % 11;
  return d[n] === (r === 10 ? 0 : r);
}

/** Rondônia: 14 digits since 01/08/2000; the former 9 (municipality, 5 digits of the company, digit) kept valid. */
function ro(d: number[]): boolean {
  const last = (s: number) => (11 - (s % 11) >= 10 ? 11 - (s % 11) - 10 : 11 - (s % 11));
  if (d.length === 9) return d[8] === last(sum(d.slice(3), desc(6, 5)));
  return d[13] === last(sum(d, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]));
}

const rr: Check = (d) => d[8] === sum(d, [1, 2, 3, 4, 5, 6, 7, 8]) % 9;

/** São Paulo (industriais e comerciantes): the 9th and 12th digits, each the rightmost digit of the remainder. */
const sp: Check = (d) =>
  d[8] === (sum(d, [1, 3, 4, 5, 6, 7, 8, 10]) % 11) % 10 &&
  d[11] === (sum(d, [3, 2, 10, 9, 8, 7, 6, 5, 4, 3, 2]) % 11) % 10;

/** Tocantins: 9 digits, or the former 11 whose 3rd and 4th digits (01, 02, 03, 99) are left out of the sum. */
function to(d: number[]): boolean {
  if (d.length === 9) return single(desc(9, 8), mod11)(d);
  if (!['01', '02', '03', '99'].includes(`${d[2]}${d[3]}`)) return false;
  return d[10] === mod11(sum([...d.slice(0, 2), ...d.slice(4, 10)], desc(9, 8)));
}

const nineMod11 = single(desc(9, 8), mod11);
const nineOver9 = single(desc(9, 8), mod11Over9);

/** Each UF: the lengths its numbers take and the check. */
const BY_UF: Record<string, { lengths: number[]; check: Check }> = {
  AC: { lengths: [13], check: ac },
  AL: { lengths: [9], check: single(desc(9, 8), (s) => ((s * 10) % 11) % 10) },
  AP: { lengths: [9], check: ap },
  AM: { lengths: [9], check: am },
  BA: { lengths: [8, 9], check: ba },
  CE: { lengths: [9], check: nineOver9 },
  DF: { lengths: [13], check: ac },
  ES: { lengths: [9], check: nineMod11 },
  GO: { lengths: [9], check: go },
  MA: { lengths: [9], check: nineMod11 },
  MT: { lengths: [11], check: single([3, 2, 9, 8, 7, 6, 5, 4, 3, 2], mod11) },
  MS: { lengths: [9], check: ms },
  MG: { lengths: [13], check: mg },
  PA: { lengths: [9], check: nineMod11 },
  PB: { lengths: [9], check: nineOver9 },
  PR: { lengths: [10], check: double([3, 2, 7, 6, 5, 4, 3, 2], [4, 3, 2, 7, 6, 5, 4, 3, 2], mod11) },
  PE: { lengths: [9, 14], check: pe },
  PI: { lengths: [9], check: nineOver9 },
  RJ: { lengths: [8], check: single([2, 7, 6, 5, 4, 3, 2], mod11) },
  RN: { lengths: [9, 10], check: rn },
  RS: { lengths: [10], check: single([2, 9, 8, 7, 6, 5, 4, 3, 2], mod11Over9) },
  RO: { lengths: [9, 14], check: ro },
  RR: { lengths: [9], check: rr },
  SC: { lengths: [9], check: nineMod11 },
  SP: { lengths: [12], check: sp },
  SE: { lengths: [9], check: nineOver9 },
  TO: { lengths: [9, 11], check: to },
};

/** The UFs whose routine is implemented (all 27). */
export const IE_UFS = Object.keys(BY_UF);

/**
 * Whether an IE (digits only, as the NF-e carries it) has the length and check digits of the UF. Undefined when the
 * UF is not a Brazilian state (EX) or the value is not a number (ISENTO): the rule does not apply.
 */
export function isValidIe(ie: string, uf: string): boolean | undefined {
  const spec = BY_UF[uf];
  if (!spec || !/^\d+$/.test(ie)) return undefined;
  const significant = ie.replace(/^0+/, '');
  if (significant === '') return false;
  return spec.lengths.some(
    (len) => significant.length <= len && spec.check([...significant.padStart(len, '0')].map(Number)),
  );
}
