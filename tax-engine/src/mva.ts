import { rememberByValues, round2, type TaxValue, toDecimal } from './decimal.js';
import { assertRate } from './input-checks.js';

/**
 * Adjusted MVA for interstate operations (Convênio ICMS 142/2018; formula in shared/data/README.md):
 *   MVA_aj = [(1 + MVA) × (1 − ALQ_inter) / (1 − ALQ_intra)] − 1
 * Inputs and result are percentages; the result is rounded half-up to 2 decimals (62.96), the
 * precision the states publish and the rule screen shows. When the destination's internal rate
 * is not above the interstate rate there is nothing to offset and the original MVA applies.
 */
export function adjustMva(input: { mva: TaxValue; interstateRate: TaxValue; internalRate: TaxValue }): number {
  return adjustMvaOf(input.mva, input.interstateRate, input.internalRate);
}

// Remembered: an invoice's ST lines share a few MVAs and rates, and each adjustment costs four long divisions.
const adjustMvaOf = rememberByValues((mvaPercent: TaxValue, interstateRate: TaxValue, internalRate: TaxValue) => {
  const mva = toDecimal(mvaPercent).div(100);
  const inter = toDecimal(interstateRate).div(100);
  const intra = toDecimal(internalRate).div(100);
  assertRate('aliqIcmsInterna', 'Alíquota interna', internalRate);
  if (intra.lte(inter)) return round2(toDecimal(mvaPercent)).toNumber();
  const adjusted = mva.plus(1).times(toDecimal(1).minus(inter)).div(toDecimal(1).minus(intra)).minus(1);
  return round2(adjusted.times(100)).toNumber();
});

export type MvaOption = 'nacional' | 'importado' | 'interna';

/** The ST calculator's MVA choices (spec 02 §9). */
export const mvaOptions: readonly { value: MvaOption; label: string; interstateRate: 12 | 4 | null }[] = [
  { value: 'nacional', label: 'Nacional 12%', interstateRate: 12 },
  { value: 'importado', label: 'Importado 4%', interstateRate: 4 },
  { value: 'interna', label: 'Operação Interna', interstateRate: null },
];

/**
 * The MVA the ST base uses for a calculator choice: the rule's IVA as is for an internal
 * operation or a Simples Nacional sender, otherwise the IVA adjusted from 12 % (national goods) or
 * 4 % (imported goods) to the destination's internal rate.
 */
export function resolveMva(
  option: MvaOption,
  iva: TaxValue,
  internalRate: TaxValue,
  opts: { simples?: boolean } = {},
): number {
  const interstateRate = mvaOptions.find((o) => o.value === option)?.interstateRate ?? null;
  // A Simples Nacional sender (CRT 1/4) takes the MVA of internal operations, never the adjusted one
  // (Conv. ICMS 35/2011, cláusula primeira, repeated in Conv. ICMS 142/2018; decision 048).
  if (interstateRate === null || opts.simples) return round2(iva).toNumber();
  return adjustMva({ mva: iva, interstateRate, internalRate });
}
