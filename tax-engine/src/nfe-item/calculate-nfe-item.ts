import { minusUnlessZero, plusUnlessZero, round2, toDecimal, ZERO } from '../decimal.js';
import { calculateCbsIbsItem } from './cbs-ibs-item.js';
import { calculateDifalItem, isDifalDue } from './difal-item.js';
import { calculateIpi, calculatePisCofins } from './federal.js';
import { fillValues } from './fill-values.js';
import { calculateIcms } from './icms.js';
import { assertIcmsInput } from './icms-checks.js';
import { findIcmsSituation } from './icms-situation.js';
import { Memoria } from './memoria.js';
import { applyReformYear } from './reform-year.js';
import {
  type FederalBases,
  type NfeItemContext,
  type NfeItemInput,
  type NfeItemResult,
  nfeItemValueFields,
} from './types.js';

/**
 * Answer objects by the keys of their groups (estimado, then IS/gIBSCBS/gIBSCBSMono as the item has them): every
 * key in the answer's order, made once with Object.fromEntries. An object that receives more than a dozen keys
 * one by one through a computed name (result[field] = …) is turned by V8 into a slow dictionary-mode object: a
 * copy of one of these (`{ ...shape }`) already holds every key, so filling it keeps it a plain fast object, for
 * the engine and for whoever prints it (issue 21 figures). Same keys, same order, same values.
 */
const resultShapes = new Map<string, NfeItemResult>();

function newResult(groups: object, memoria: NfeItemResult['memoria']): NfeItemResult {
  const groupKeys = Object.keys(groups);
  const key = groupKeys.join();
  let shape = resultShapes.get(key);
  if (!shape) {
    shape = Object.fromEntries([
      ...groupKeys.map((k) => [k, undefined]),
      ['memoria', undefined],
      ['bases', undefined],
      ...nfeItemValueFields.map((f) => [f, 0]),
    ]) as NfeItemResult;
    resultShapes.set(key, shape);
  }
  const result = { ...shape };
  const source = groups as Record<string, unknown>;
  const target = result as unknown as Record<string, unknown>;
  for (const k of groupKeys) target[k] = source[k];
  result.memoria = memoria;
  return result;
}

/**
 * Every tax field of one NF-e item, in the order the NF-e manual computes them, with the
 * calculation memory. Pure: the state rules and the cClassTrib row come in `ctx`.
 *  1. valor da operação = vProd + vFrete + vSeg + vOutro − vDesc
 *  2. IPI  3. ICMS (own, deferral, ST, FCP-ST, relief)  4. DIFAL  5. PIS/COFINS  6. IBS/CBS (UB16-10)
 */
export function calculateNfeItem(input: NfeItemInput, ctx: NfeItemContext = {}): NfeItemResult {
  const m = new Memoria();
  // The ICMS input is checked as the issuer sent it: the reform's years (2029–2032) scale the rates afterwards,
  // and a scaled interstate rate must not be judged against Res. Senado 22/1989.
  assertIcmsInput(input);
  ({ input, ctx } = applyReformYear(input, ctx, m));
  const it = input.item;
  let gross = plusUnlessZero(toDecimal(it.vProd), toDecimal(it.vFrete));
  gross = plusUnlessZero(plusUnlessZero(gross, toDecimal(it.vSeg)), toDecimal(it.vOutro));
  const subtotal = round2(minusUnlessZero(gross, toDecimal(it.vDesc)));
  m.add({
    campo: 'valorOperacao',
    descricao: 'Valor da operação',
    formula: 'vProd + vFrete + vSeg + vOutro − vDesc',
    valores: { vProd: it.vProd, vFrete: it.vFrete, vSeg: it.vSeg, vOutro: it.vOutro, vDesc: it.vDesc },
    resultado: subtotal,
    baseLegal: 'LC 87/1996, art. 13, §1º, II; MOC NF-e, grupo I (produtos)',
  });
  const bases: FederalBases = {};
  const vIPI = calculateIpi(input, subtotal, m, bases);
  const icms = calculateIcms(input, subtotal, vIPI, ctx, m);
  const zero = ZERO;
  const difal = isDifalDue(input, findIcmsSituation(it.icms.cst, it.icms.csosn))
    ? calculateDifalItem(input, subtotal.plus(vIPI), ctx, m)
    : { vBCUFDest: zero, vICMSUFDest: zero, vFCPUFDest: zero };
  const { vPIS, vCOFINS } = calculatePisCofins(input, subtotal, icms.vICMS, m, bases);
  const cbsIbs = calculateCbsIbsItem(
    input,
    {
      vICMS: icms.vICMS,
      vPIS,
      vCOFINS,
      vFCP: icms.vFCP,
      vICMSUFDest: difal.vICMSUFDest,
      vFCPUFDest: difal.vFCPUFDest,
      vICMSMono: icms.vICMSMono,
    },
    ctx,
    m,
  );
  const result = newResult(cbsIbs.groups, m.steps);
  result.bases = bases;
  fillValues(result, icms, difal, { vIPI, vPIS, vCOFINS }, cbsIbs);
  return result;
}
