import type { Decimal } from 'decimal.js';
import { atLeastZero, isAboveZero, percentOf, round2, TaxDecimal, toDecimal, ZERO } from '../decimal.js';
import { findInterstateRate, isImportedOrigin } from '../interstate-rate.js';
import { adjustMva } from '../mva.js';
import { icmsLegal } from './icms-legal.js';
import { resolveModBCST } from './icms-st-checks.js';
import type { Memoria } from './memoria.js';
import type { NfeItemInput } from './types.js';

export interface StResult {
  vBCST: Decimal;
  pMVAST: Decimal;
  vICMSST: Decimal;
  vBCFCPST: Decimal;
  vFCPST: Decimal;
}

/** CRT 1 and 4 are Simples Nacional optants: ST with the original MVA (never adjusted). */
const isSimples = (input: NfeItemInput) => input.operacao.crt === 1 || input.operacao.crt === 4;

function resolveMva(input: NfeItemInput, m: Memoria): Decimal {
  const { icms, origem } = input.item;
  const op = input.operacao;
  const original = round2(toDecimal(icms.pMVAST));
  if (!icms.ajustarMva || op.ufOrigem === op.ufDestino) return original;
  if (isSimples(input)) {
    m.add({
      campo: 'pMVAST',
      descricao: 'MVA original: o remetente é optante pelo Simples Nacional (CRT 1/4), a MVA não é ajustada',
      formula: 'pMVAST = MVA original',
      valores: { mvaOriginal: icms.pMVAST, crt: String(op.crt) },
      resultado: original,
      baseLegal: icmsLegal.mvaSimples,
    });
    return original;
  }
  const interRate = isAboveZero(toDecimal(icms.pICMS))
    ? toDecimal(icms.pICMS)
    : (findInterstateRate(op.ufOrigem, op.ufDestino, { imported: isImportedOrigin(origem) }) ?? 0);
  const mva = toDecimal(adjustMva({ mva: original, interstateRate: interRate, internalRate: toDecimal(icms.pICMSST) }));
  m.add({
    campo: 'pMVAST',
    descricao: 'MVA ajustada para a operação interestadual',
    formula: '[(1 + MVA original) × (1 − alíquota interestadual) / (1 − alíquota interna)] − 1',
    valores: { mvaOriginal: icms.pMVAST, aliquotaInterestadual: interRate, aliquotaInterna: icms.pICMSST },
    resultado: mva,
    baseLegal: icmsLegal.mvaAdjusted,
  });
  return mva;
}

/** vBCST by modBCST (MOC 7.0, N18), before the ST base reduction. */
function grossStBase(input: NfeItemInput, subtotal: Decimal, vIPI: Decimal, mod: number, mva: Decimal) {
  const { icms, qTrib } = input.item;
  if (mod === 5)
    return {
      base: toDecimal(icms.vPauta).times(toDecimal(qTrib)),
      formula: 'vPauta × qTrib × (1 − pRedBCST)',
      valores: { vPauta: icms.vPauta, qTrib },
      baseLegal: icmsLegal.stBasePauta,
    };
  if (mod <= 3)
    return {
      base: toDecimal(icms.vPMC).times(toDecimal(qTrib)),
      formula: 'vPMC × qTrib × (1 − pRedBCST)',
      valores: { vPMC: icms.vPMC, qTrib },
      baseLegal: icmsLegal.stBaseTabelado,
    };
  const gross = subtotal.plus(vIPI);
  if (mod === 6)
    return {
      base: gross,
      formula: '(valor da operação + IPI) × (1 − pRedBCST)',
      valores: { valorOperacao: subtotal, vIPI },
      baseLegal: icmsLegal.stBaseOperacao,
    };
  return {
    base: gross.times(mva.plus(100)).div(100),
    formula: '(valor da operação + IPI) × (1 + pMVAST) × (1 − pRedBCST)',
    valores: { valorOperacao: subtotal, vIPI, pMVAST: mva },
    baseLegal: icmsLegal.stBaseMva,
  };
}

/** ICMS-ST: base by modBCST, MVA (adjusted unless Simples), ST reduction, own ICMS deducted, FCP-ST apart. */
export function calculateIcmsSt(
  input: NfeItemInput,
  subtotal: Decimal,
  vIPI: Decimal,
  ownIcms: Decimal,
  m: Memoria,
): StResult {
  const { icms } = input.item;
  const mod = resolveModBCST(icms) ?? 4;
  const mva = mod === 4 ? resolveMva(input, m) : ZERO;
  const gross = grossStBase(input, subtotal, vIPI, mod, mva);
  const vBCST = round2(gross.base.times(new TaxDecimal(100).minus(toDecimal(icms.pRedBCST))).div(100));
  m.add({
    campo: 'vBCST',
    descricao: `Base de cálculo do ICMS-ST (modBCST ${mod})`,
    formula: gross.formula,
    valores: { ...gross.valores, pRedBCST: icms.pRedBCST },
    resultado: vBCST,
    baseLegal: gross.baseLegal,
  });
  const vICMSST = atLeastZero(round2(vBCST.times(toDecimal(icms.pICMSST)).div(100).minus(ownIcms)));
  m.add({
    campo: 'vICMSST',
    descricao: 'ICMS-ST retido (sem o FCP-ST)',
    formula: 'vBCST × pICMSST − ICMS da operação própria (nunca negativo)',
    valores: { vBCST, pICMSST: icms.pICMSST, icmsProprio: ownIcms },
    resultado: vICMSST,
    baseLegal: input.item.icms.csosn ? icmsLegal.stTaxSimples : icmsLegal.stTax,
  });
  const r: StResult = { vBCST, pMVAST: mva, vICMSST, vBCFCPST: ZERO, vFCPST: ZERO };
  if (isAboveZero(toDecimal(icms.pFCPST))) {
    r.vBCFCPST = vBCST;
    r.vFCPST = percentOf(vBCST, icms.pFCPST);
    m.add({
      campo: 'vFCPST',
      descricao: 'FCP retido por substituição tributária, informado à parte',
      formula: 'vBCFCPST × pFCPST, com vBCFCPST = vBCST',
      valores: { vBCFCPST: r.vBCFCPST, pFCPST: icms.pFCPST },
      resultado: r.vFCPST,
      baseLegal: icmsLegal.fcpSt,
    });
  }
  return r;
}
