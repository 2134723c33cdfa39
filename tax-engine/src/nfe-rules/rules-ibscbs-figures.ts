import { TaxDecimal } from '../decimal.js';
import { base, eachSphere, gIBSCBS, MUN, type Sphere, spherePath, UF } from './ibscbs-spheres.js';
import { cents, productCheck, showCents } from './money.js';
import type { Rule, RuleContext } from './types.js';
import { child, text, type XNode } from './xml-node.js';

// Group UB's figures on each item (NT 2025.002): the test-period rates, the effective rate with gRed and the values.

/** The rate the value is computed with: pAliqEfet when gRed is informed, the nominal rate otherwise. */
const rateOf = (g: XNode, s: Sphere) => text(g, 'gRed/pAliqEfet') ?? text(g, s.rate);

/** vX = vBC × rate / 100 − vDif − vDevTrib, tolerance 0,01 (UB35-10, UB54-10, UB67-10). */
export function valueRule(id: string, codigo: string, mensagem: string, s: Sphere): Rule {
  return {
    ...base(
      id,
      codigo,
      mensagem,
      `${s.value} = vBC × (${s.rate} ou pAliqEfet de gRed) / 100 − vDif − vDevTrib, tolerância de 0,01.`,
    ),
    verificar(doc) {
      // Government purchases without gRed: the NT's formula of the effective rate (with pRedutor) is not in the
      // item, so the value is not recomputed here.
      const gov = child(doc.ide, 'gCompraGov') !== undefined;
      return eachSphere(doc, s, (it, g, vBC) => {
        // Regular taxation (suspension and the like): the main group's figures follow the cClassTrib's own
        // instructions, not this formula.
        if ((gov && !child(g, 'gRed')) || child(gIBSCBS(it), 'gTribRegular')) return null;
        const deductions = (cents(text(g, 'gDif/vDif')) ?? 0) + (cents(text(g, 'gDevTrib/vDevTrib')) ?? 0);
        const c = productCheck(text(g, s.value), vBC, rateOf(g, s), deductions);
        if (!c || c.ok) return null;
        return {
          campo: `${spherePath(it, s)}/${s.value}`,
          nItem: it.nItem,
          esperado: showCents(c.expected),
          encontrado: showCents(c.found),
        };
      });
    },
  };
}

/**
 * A decimal of the layout's rates (TDec_0302_04: up to 3 integer digits, 4 places) as an exact integer of
 * ten-thousandths; null for any other text. The bound keeps every product below (and every result far below) 2^53.
 */
function tenThousandths(v: string): number | null {
  // By hand rather than a regular expression: three rates of every reduced item's every sphere.
  const len = v.length;
  const neg = len > 0 && v.charCodeAt(0) === 45;
  let i = neg ? 1 : 0;
  let n = 0;
  const intStart = i;
  for (; i < len && i - intStart < 4; i++) {
    const d = v.charCodeAt(i) - 48;
    if (d < 0 || d > 9) break;
    n = n * 10 + d;
  }
  const intDigits = i - intStart;
  if (intDigits === 0 || intDigits > 3) return null;
  let places = 0;
  if (i < len) {
    if (v.charCodeAt(i) !== 46) return null;
    for (i++; i < len; i++) {
      const d = v.charCodeAt(i) - 48;
      if (d < 0 || d > 9 || ++places > 4) return null;
      n = n * 10 + d;
    }
    if (places === 0) return null;
  }
  for (; places < 4; places++) n *= 10;
  return neg ? -n : n;
}

/** n / k rounded half away from zero, n and k exact integers below 2^53 (the number form of divRound). */
function divRoundNumber(n: number, k: number): number {
  const abs = n < 0 ? -n : n;
  let q = Math.floor(abs / k);
  let r = abs - q * k;
  if (r < 0) {
    q--;
    r += k;
  } else if (r >= k) {
    q++;
    r -= k;
  }
  if (2 * r >= k) q++;
  return n < 0 ? 0 - q : q;
}

/** n / 10^k rounded half away from zero (TaxDecimal's ROUND_HALF_UP), n and 10^k exact integers. */
function divRound(n: bigint, k: bigint): bigint {
  const q = n / k;
  const r = n % k;
  const twice = (r < 0n ? -r : r) * 2n;
  return twice >= k ? q + (n < 0n ? -1n : 1n) : q;
}

const showTenThousandths = (e: number): string => {
  const abs = Math.abs(e);
  return `${e < 0 ? '-' : ''}${Math.floor(abs / 10_000)}.${String(abs % 10_000).padStart(4, '0')}`;
};

/**
 * UB28/47/66-10 in exact integers (ten-thousandths) instead of Decimal, a third of the rule book's time on a 50-item
 * NF-e: rate × (100 − pRedAliq) [× (100 − pRedutor)] is an integer product, divided by 10^6 [10^12] with half-up
 * rounding to 4 places, exactly as TaxDecimal computes it (the unit test compares both on every kind of input).
 * True when pAliqEfet is within 0.0001, else the expected value; undefined when a value is not a plain decimal of at
 * most 4 places (a schema error): the Decimal form decides then.
 */
export function effectiveRateCheck(
  rate: string,
  pRed: string,
  redutor: string | undefined,
  found: string,
): true | string | undefined {
  const r = tenThousandths(rate);
  const p = tenThousandths(pRed);
  const f = tenThousandths(found);
  const d = redutor === undefined ? 0 : tenThousandths(redutor);
  if (r === null || p === null || f === null || d === null) return undefined;
  // Without pRedutor the product stays below 2^53 (|rate| < 10^7 ten-thousandths, 10^6 − pRedAliq < 2·10^7): numbers.
  if (redutor === undefined) {
    const e = divRoundNumber(r * (1_000_000 - p), 1_000_000);
    return Math.abs(e - f) <= 1 ? true : showTenThousandths(e);
  }
  const million = 1_000_000n;
  let product = BigInt(r) * (million - BigInt(p));
  let scale = million;
  if (redutor !== undefined) {
    product *= million - BigInt(d);
    scale *= million;
  }
  const e = Number(divRound(product, scale));
  return Math.abs(e - f) <= 1 ? true : showTenThousandths(e);
}

/** pAliqEfet = rate × (1 − pRedAliq/100) [× (1 − pRedutor/100) in a government purchase], 4 places (UB28/47/66-10). */
export function effectiveRateRule(id: string, codigo: string, mensagem: string, s: Sphere): Rule {
  return {
    ...base(
      id,
      codigo,
      mensagem,
      `pAliqEfet de gRed = ${s.rate} × (1 − pRedAliq/100), × (1 − pRedutor/100) em compra governamental; 4 casas.`,
    ),
    verificar(doc) {
      const redutor = text(doc.ide, 'gCompraGov/pRedutor');
      return eachSphere(doc, s, (it, g) => {
        const red = child(g, 'gRed');
        const rate = text(g, s.rate);
        const found = text(red, 'pAliqEfet');
        const pRed = text(red, 'pRedAliq');
        if (!red || !rate || !found || !pRed) return null;
        const fast = effectiveRateCheck(rate, pRed, redutor, found);
        if (fast === true) return null;
        let expected: string;
        if (fast === undefined) {
          let e = new TaxDecimal(rate).times(new TaxDecimal(100).minus(pRed)).div(100);
          if (redutor) e = e.times(new TaxDecimal(100).minus(redutor)).div(100);
          const exact = e.toDecimalPlaces(4);
          if (exact.minus(found).abs().lte('0.0001')) return null;
          expected = exact.toFixed(4);
        } else expected = fast;
        return { campo: `${spherePath(it, s)}/gRed/pAliqEfet`, nItem: it.nItem, esperado: expected, encontrado: found };
      });
    },
  };
}

/** The test-period rates by year of issue (LC 214/2025 arts. 343, 344 and 346; UB18-10, UB37-10, UB56-10). */
function yearRate(s: Sphere, year: number): string | null {
  if (s === UF) return year <= 2026 ? '0.1' : year <= 2028 ? '0.05' : null;
  if (s === MUN) return year <= 2026 ? '0' : year <= 2028 ? '0.05' : null;
  return year <= 2026 ? '0.9' : null;
}

export function yearRateRule(id: string, codigo: string, mensagem: string, s: Sphere): Rule {
  return {
    ...base(
      id,
      codigo,
      mensagem,
      `${s.rate} é a alíquota do ano de emissão (IBS UF 0,1% em 2025–2026 e 0,05% em 2027–2028; IBS Mun 0% e 0,05%; CBS 0,9% em 2025–2026). Zero aceito com gTribRegular, nota de crédito/débito e grupos da ZFM.`,
    ),
    verificar(doc, ctx: RuleContext) {
      const year = Number((doc.emissao ?? ctx.data).slice(0, 4));
      const expected = yearRate(s, year);
      if (expected === null) return [];
      const fin = text(doc.ide, 'finNFe');
      return eachSphere(doc, s, (it, g) => {
        const found = text(g, s.rate);
        if (found === undefined || Number(found) === Number(expected)) return null;
        const zeroAllowed =
          child(gIBSCBS(it), 'gTribRegular') !== undefined ||
          fin === '5' ||
          fin === '6' ||
          child(it.ibscbs, 'gCredPresIBSZFM') !== undefined;
        if (zeroAllowed && Number(found) === 0) return null;
        return {
          campo: `${spherePath(it, s)}/${s.rate}`,
          nItem: it.nItem,
          esperado: new TaxDecimal(expected).toFixed(4),
          encontrado: found,
        };
      });
    },
  };
}
