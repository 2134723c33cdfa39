import type { Decimal } from 'decimal.js';
import { atLeastZero, percentOf, reduceBase, round2, TaxDecimal, toDecimal } from '../decimal.js';
import { findInterstateRate, isImportedOrigin } from '../interstate-rate.js';
import { adjustMva } from '../mva.js';
import { findIcmsSituation } from './icms-situation.js';
import type { Memoria } from './memoria.js';
import type { NfeItemContext, NfeItemInput } from './types.js';

export interface IcmsResult {
  vBC: Decimal;
  vICMS: Decimal;
  vFCP: Decimal;
  vBCST: Decimal;
  pMVAST: Decimal;
  vICMSST: Decimal;
  vBCFCPST: Decimal;
  vFCPST: Decimal;
  vICMSDeson: Decimal;
  vICMSDif: Decimal;
}

const zero = () => new TaxDecimal(0);
const lc87 = 'LC 87/1996, art. 13';

/**
 * The ICMS group of one item: own ICMS (with base reduction and FCP), deferral (CST 51),
 * ICMS-ST (with IPI in the base, adjusted MVA, ST base reduction and FCP-ST apart) and the
 * relief (vICMSDeson) by the issuing state's formula.
 */
export function calculateIcms(
  input: NfeItemInput,
  subtotal: Decimal,
  vIPI: Decimal,
  ctx: NfeItemContext,
  m: Memoria,
): IcmsResult {
  const { icms } = input.item;
  const op = input.operacao;
  const situation = findIcmsSituation(icms.cst, icms.csosn);
  const r: IcmsResult = {
    vBC: zero(),
    vICMS: zero(),
    vFCP: zero(),
    vBCST: zero(),
    pMVAST: zero(),
    vICMSST: zero(),
    vBCFCPST: zero(),
    vFCPST: zero(),
    vICMSDeson: zero(),
    vICMSDif: zero(),
  };
  if (!situation) return r;
  const code = icms.csosn ? `CSOSN ${icms.csosn}` : `CST ${icms.cst}`;
  // IPI is outside the ICMS base only between contributors for resale or industrialisation.
  const ipiInBase = op.consumidorFinal && vIPI.gt(0);
  const grossBase = ipiInBase ? subtotal.plus(vIPI) : subtotal;
  const reduction = situation.reducible ? icms.pRedBC : 0;
  const reducedBase = reduceBase(grossBase, reduction);
  const hypotheticalOwnIcms = percentOf(reducedBase, icms.pICMS);

  if (situation.ownTax) {
    r.vBC = reducedBase;
    m.add({
      campo: 'vBC',
      descricao: `Base de cálculo do ICMS (${code})`,
      formula: ipiInBase ? '(valor da operação + IPI) × (1 − pRedBC)' : 'valor da operação × (1 − pRedBC)',
      valores: { valorOperacao: subtotal, vIPI: ipiInBase ? vIPI : 0, pRedBC: reduction },
      resultado: r.vBC,
      baseLegal: ipiInBase
        ? `${lc87}, §2º (IPI integra a base na venda a consumidor final)`
        : `${lc87}, I e §1º; redução conforme legislação da UF de origem`,
    });
    const ownIcms = percentOf(r.vBC, icms.pICMS);
    if (situation.deferral) {
      r.vICMSDif = percentOf(ownIcms, icms.pDif);
      r.vICMS = ownIcms.minus(r.vICMSDif);
      m.add({
        campo: 'vICMSDif',
        descricao: 'ICMS diferido',
        formula: 'vICMSOp = vBC × pICMS; vICMSDif = vICMSOp × pDif; vICMS = vICMSOp − vICMSDif',
        valores: { vBC: r.vBC, pICMS: icms.pICMS, vICMSOp: ownIcms, pDif: icms.pDif },
        resultado: r.vICMSDif,
        baseLegal: 'LC 87/1996, art. 7º; MOC NF-e, grupo ICMS51 (NT 2016.002)',
      });
    } else {
      r.vICMS = ownIcms;
    }
    m.add({
      campo: 'vICMS',
      descricao: 'ICMS próprio',
      formula: situation.deferral ? 'vICMSOp − vICMSDif' : 'vBC × pICMS',
      valores: { vBC: r.vBC, pICMS: icms.pICMS },
      resultado: r.vICMS,
      baseLegal: 'LC 87/1996, art. 13; alíquota da Resolução do Senado 22/1989 ou lei estadual',
    });
    if (toDecimal(icms.pFCP).gt(0)) {
      r.vFCP = percentOf(r.vBC, icms.pFCP);
      m.add({
        campo: 'vFCP',
        descricao: 'Fundo de Combate à Pobreza da operação própria',
        formula: 'vBC × pFCP',
        valores: { vBC: r.vBC, pFCP: icms.pFCP },
        resultado: r.vFCP,
        baseLegal: 'ADCT, art. 82; NT 2016.002 (grupo FCP)',
      });
    }
  }

  const stGiven = icms.pMVAST !== undefined || icms.pICMSST !== undefined;
  if (situation.st === 'always' || (situation.st === 'optional' && stGiven)) {
    calculateSt(input, subtotal, vIPI, situation.ownTax ? r.vICMS : hypotheticalOwnIcms, r, m);
  }

  if (situation.relief && icms.motDesICMS) {
    calculateRelief(input, grossBase, r.vICMS, situation.ownTax, ctx, r, m);
  }
  return r;
}

function calculateSt(
  input: NfeItemInput,
  subtotal: Decimal,
  vIPI: Decimal,
  ownIcms: Decimal,
  r: IcmsResult,
  m: Memoria,
): void {
  const { icms, origem } = input.item;
  const op = input.operacao;
  let mva = round2(toDecimal(icms.pMVAST));
  const interstate = op.ufOrigem !== op.ufDestino;
  if (icms.ajustarMva && interstate) {
    const interRate = toDecimal(icms.pICMS).gt(0)
      ? toDecimal(icms.pICMS)
      : (findInterstateRate(op.ufOrigem, op.ufDestino, { imported: isImportedOrigin(origem) }) ?? 0);
    mva = toDecimal(adjustMva({ mva: mva, interstateRate: interRate, internalRate: toDecimal(icms.pICMSST) }));
    m.add({
      campo: 'pMVAST',
      descricao: 'MVA ajustada para a operação interestadual',
      formula: '[(1 + MVA original) × (1 − alíquota interestadual) / (1 − alíquota interna)] − 1',
      valores: { mvaOriginal: icms.pMVAST, aliquotaInterestadual: interRate, aliquotaInterna: icms.pICMSST },
      resultado: mva,
      baseLegal: 'Convênio ICMS 142/2018, cláusula décima terceira, §1º',
    });
  }
  r.pMVAST = mva;
  const stGross = subtotal.plus(vIPI);
  r.vBCST = round2(
    stGross
      .times(mva.plus(100))
      .times(new TaxDecimal(100).minus(toDecimal(icms.pRedBCST)))
      .div(10_000),
  );
  m.add({
    campo: 'vBCST',
    descricao: 'Base de cálculo do ICMS-ST',
    formula: '(valor da operação + IPI) × (1 + pMVAST) × (1 − pRedBCST)',
    valores: { valorOperacao: subtotal, vIPI, pMVAST: mva, pRedBCST: icms.pRedBCST },
    resultado: r.vBCST,
    baseLegal: 'LC 87/1996, art. 8º, II; Convênio ICMS 142/2018, cláusula décima primeira',
  });
  r.vICMSST = atLeastZero(round2(r.vBCST.times(toDecimal(icms.pICMSST)).div(100).minus(ownIcms)));
  m.add({
    campo: 'vICMSST',
    descricao: 'ICMS-ST retido (sem o FCP-ST)',
    formula: 'vBCST × pICMSST − ICMS da operação própria (nunca negativo)',
    valores: { vBCST: r.vBCST, pICMSST: icms.pICMSST, icmsProprio: ownIcms },
    resultado: r.vICMSST,
    baseLegal: 'LC 87/1996, art. 8º, §5º; MOC NF-e: vICMSST não inclui o vFCPST (NT 2016.002)',
  });
  if (toDecimal(icms.pFCPST).gt(0)) {
    r.vBCFCPST = r.vBCST;
    r.vFCPST = percentOf(r.vBCST, icms.pFCPST);
    m.add({
      campo: 'vFCPST',
      descricao: 'FCP retido por substituição tributária, informado à parte',
      formula: 'vBCFCPST × pFCPST, com vBCFCPST = vBCST',
      valores: { vBCFCPST: r.vBCFCPST, pFCPST: icms.pFCPST },
      resultado: r.vFCPST,
      baseLegal: 'ADCT, art. 82; NT 2016.002, campos N23a–N23d',
    });
  }
}

/**
 * vICMSDeson: the ICMS the benefit waives. 'por-dentro' (Res. SEFAZ-RJ 13/2019, Anexo XVIII, arts. 3º e
 * 4º) grosses the invoice price up by the full rate (FCP included); 'simples' takes the full-rate ICMS on
 * the unreduced base minus the ICMS charged.
 */
function calculateRelief(
  input: NfeItemInput,
  price: Decimal,
  vICMS: Decimal,
  charged: boolean,
  ctx: NfeItemContext,
  r: IcmsResult,
  m: Memoria,
): void {
  const { icms } = input.item;
  const rule = ctx.origin;
  const formula = rule?.reliefFormula ?? 'simples';
  const reduction = charged ? toDecimal(icms.pRedBC).div(100) : new TaxDecimal(1);
  if (formula === 'por-dentro') {
    const a = toDecimal(icms.pICMS).plus(toDecimal(icms.pFCP)).div(100);
    const reducedLoad = a.times(new TaxDecimal(1).minus(reduction));
    const full = price.times(new TaxDecimal(1).minus(reducedLoad)).div(new TaxDecimal(1).minus(a)).times(a);
    r.vICMSDeson = atLeastZero(round2(full.minus(price.times(reducedLoad))));
    m.add({
      campo: 'vICMSDeson',
      descricao: `ICMS desonerado (motivo ${icms.motDesICMS}), fórmula "por dentro" da UF de origem`,
      formula: charged
        ? 'Preço × (1 − Alíquota × (1 − %redução)) / (1 − Alíquota) × Alíquota − Preço × Alíquota × (1 − %redução)'
        : '(Preço na Nota Fiscal / (1 − Alíquota)) × Alíquota',
      valores: { preco: price, aliquota: a.times(100), percentualReducao: reduction.times(100) },
      resultado: r.vICMSDeson,
      baseLegal: rule?.source ?? 'Resolução SEFAZ-RJ 13/2019, Anexo XVIII, arts. 3º e 4º',
    });
    return;
  }
  r.vICMSDeson = atLeastZero(percentOf(price, icms.pICMS).minus(vICMS));
  m.add({
    campo: 'vICMSDeson',
    descricao: `ICMS desonerado (motivo ${icms.motDesICMS})`,
    formula: 'valor da operação × pICMS − vICMS',
    valores: { valorOperacao: price, pICMS: icms.pICMS, vICMS },
    resultado: r.vICMSDeson,
    baseLegal: rule?.source ?? 'MOC NF-e, campo vICMSDeson (NT 2023.004)',
  });
}
