import type { Decimal } from 'decimal.js';
import { applyRateReduction } from '../cbs-ibs.js';
import {
  atLeastZero,
  decimalToNumber,
  isAboveZero,
  minusUnlessZero,
  percentOf,
  plusUnlessZero,
  round2,
  type TaxValue,
  toDecimal,
  ZERO,
} from '../decimal.js';
import { TaxInputError } from '../input-checks.js';
import { calculateCbsIbsTax } from './cbs-ibs-tax.js';
import { buildSuspendedTexts, findBuiltInRates, findCbsIbsStepTexts } from './cbs-ibs-texts.js';
import { calculateIsItem } from './is-item.js';
import type { Memoria } from './memoria.js';
import { findTaxYear } from './reform-year.js';
import { refuseUnadmittedTribRegular } from './trib-regular-check.js';
import type {
  CbsIbsTax,
  ClassTribFacts,
  GIbsCbs,
  GIbsCbsMono,
  GIs,
  NfeItemContext,
  NfeItemIbsCbs,
  NfeItemInput,
} from './types.js';

export { findTaxYear } from './reform-year.js';

/** CST IBS/CBS with no tax on the item: exemption, immunity, credit transfers and adjustments, other DF-e. */
const noTaxCsts = new Set(['400', '410', '800', '810', '811', '820']);
const taxes: CbsIbsTax[] = ['CBS', 'IBSUF', 'IBSMun'];

export interface CbsIbsItem {
  vBCIBSCBS: Decimal;
  pCBS: Decimal;
  vCBS: Decimal;
  pIBSUF: Decimal;
  vIBSUF: Decimal;
  pIBSMun: Decimal;
  vIBSMun: Decimal;
  vIS: Decimal;
  groups: { estimado: boolean; gIBSCBS?: GIbsCbs; gIBSCBSMono?: GIbsCbsMono; IS?: GIs };
}

type Deductions = Record<'vICMS' | 'vPIS' | 'vCOFINS' | 'vFCP' | 'vICMSUFDest' | 'vFCPUFDest', Decimal> & {
  vICMSMono?: Decimal;
};

/**
 * The IBS/CBS group (NT 2025.002) and the Imposto Seletivo: base by rule UB16-10 (the IS enters it), the year's
 * reference rates or the cClassTrib's fixed rate, its reductions (gRed), deferral (gDif), refund (gDevTrib),
 * the regular regime (gTribRegular), presumed credit (gCredPres), government purchase (gTribCompraGov) and the
 * monophasic fuels (gIBSCBSMono).
 */
export function calculateCbsIbsItem(input: NfeItemInput, deductions: Deductions, ctx: NfeItemContext, m: Memoria) {
  const zero = ZERO;
  const is = calculateIsItem(input, ctx, m);
  const result: CbsIbsItem = {
    vBCIBSCBS: zero,
    pCBS: zero,
    vCBS: zero,
    pIBSUF: zero,
    vIBSUF: zero,
    pIBSMun: zero,
    vIBSMun: zero,
    vIS: is.vIS,
    groups: { estimado: is.estimado, ...(is.IS ? { IS: is.IS } : {}) },
  };
  const group = input.item.ibscbs;
  if (!group) return result;
  const it = input.item;
  const added = { vServ: it.vServ, vII: it.vII, vIS: is.vIS };
  // The monophasic ICMS the engine computed for the item (CST 02/15/53/61) wins over one sent as a figure.
  const d = deductions;
  const vICMSMono = d.vICMSMono && isAboveZero(d.vICMSMono) ? d.vICMSMono : toDecimal(it.vICMSMono);
  // Spelled out in the memória's order (a rest spread and two arrays per item were a tenth of the engine's time).
  const subtracted = {
    vICMS: d.vICMS,
    vPIS: d.vPIS,
    vCOFINS: d.vCOFINS,
    vFCP: d.vFCP,
    vICMSUFDest: d.vICMSUFDest,
    vFCPUFDest: d.vFCPUFDest,
    vICMSMono,
    vISSQN: toDecimal(it.vISSQN),
  };
  let gross = plusUnlessZero(toDecimal(it.vProd), toDecimal(it.vFrete));
  gross = plusUnlessZero(plusUnlessZero(gross, toDecimal(it.vSeg)), toDecimal(it.vOutro));
  gross = plusUnlessZero(plusUnlessZero(gross, toDecimal(added.vServ)), toDecimal(added.vII));
  gross = minusUnlessZero(plusUnlessZero(gross, added.vIS), toDecimal(it.vDesc));
  let deducted: Decimal = zero;
  for (const key in subtracted) deducted = plusUnlessZero(deducted, subtracted[key as keyof typeof subtracted]);
  const vBC = atLeastZero(round2(gross.minus(deducted)));
  result.vBCIBSCBS = vBC;
  m.add({
    campo: 'vBCIBSCBS',
    descricao: 'Base de cálculo do IBS e da CBS',
    formula:
      'vProd + vServ + vFrete + vSeg + vOutro + vII + vIS − vDesc − vPIS − vCOFINS − vICMS − vICMSUFDest − vFCP − vFCPUFDest − vICMSMono − vISSQN',
    valores: {
      vProd: it.vProd,
      vFrete: it.vFrete,
      vSeg: it.vSeg,
      vOutro: it.vOutro,
      vDesc: it.vDesc,
      ...added,
      ...subtracted,
    },
    resultado: vBC,
    baseLegal: 'NT 2025.002, regra UB16-10; LC 214/2025, art. 12 (o Imposto Seletivo integra a base, art. 12, §1º)',
  });
  const ct = ctx.classTrib;
  refuseUnadmittedTribRegular(group, ct);
  if (group.cst === '620' || ct?.flags?.gIBSCBSMono) return addMonophasic(input, ctx, result, m);
  const noTax = ct?.flags ? !ct.flags.gIBSCBS : noTaxCsts.has(group.cst);
  if (noTax || noTaxCsts.has(group.cst)) {
    m.add({
      campo: 'vCBS',
      descricao: `CST ${group.cst}: sem IBS/CBS a destacar no item`,
      formula: 'zero',
      valores: { cst: group.cst },
      resultado: zero,
      baseLegal: 'LC 214/2025; Tabela de CST do IBS/CBS (Portal da NF-e), indicador gIBSCBS',
    });
    return result;
  }
  const year = findTaxYear(input.operacao);
  const refRates = ctx.cbsIbsRates ?? findBuiltInRates(year);
  // Suspension (CST 550): the CST table has gIBSCBS = 1, so the group is answered with the regular regime's nominal
  // rates, no gRed, zero values, and the regular figures in gTribRegular (calculator: CalculoCbsIbsService,
  // `tributoDevido(temTributacaoRegular ? ZERO : …)`, `grupoReducao(… || temTributacaoRegular ? null : …)`).
  const suspended = group.cst === '550';
  const rateClass = suspended ? (ctx.classTribReg ?? ct) : ct;
  const pRed: Record<CbsIbsTax, string | number> = suspended
    ? { CBS: '0', IBSUF: '0', IBSMun: '0' }
    : {
        CBS: String(ct?.pRedCBS ?? 0),
        IBSUF: String(ct?.pRedIBSUF ?? ct?.pRedIBS ?? 0),
        IBSMun: String(ct?.pRedIBSMun ?? ct?.pRedIBS ?? 0),
      };
  const gov = group.gTribCompraGov;
  const pDifOf = suspended ? () => undefined : deferralOf(group, ct, m);
  const out = {} as Record<CbsIbsTax, ReturnType<typeof calculateCbsIbsTax>>;
  const texts = suspended ? undefined : findCbsIbsStepTexts(refRates, ct, year);
  for (const tax of taxes) {
    const specific = rateClass?.specificRates?.[tax];
    const ref = refRates[tax];
    const nominal = specific ?? ref.rate;
    if (specific === undefined && ref.estimado) result.groups.estimado = true;
    const r = suspended
      ? suspendedTax(nominal)
      : calculateCbsIbsTax({
          tax,
          vBC,
          nominal,
          pRed: pRed[tax],
          showRed: !!ct?.flags?.gRed || isAboveZero(toDecimal(pRed[tax])),
          pRedutor: gov?.pRedutor,
          pDif: pDifOf(tax),
          vDevTrib: group.gDevTrib?.[`vDevTrib${tax}`],
        });
    out[tax] = r;
    const { descricao, baseLegal } = texts?.[tax] ?? buildSuspendedTexts(tax, refRates, rateClass, ct, year, group.cst);
    m.add({
      campo: `v${tax}`,
      descricao,
      formula: suspended
        ? 'suspensão: zero; alíquota nominal do regime regular (gTribRegular)'
        : 'vBCIBSCBS × pAliqEfet − vDif − vDevTrib; pAliqEfet = alíquota × (1 − pRedAliq) × (1 − pRedutor)',
      valores: {
        vBCIBSCBS: vBC,
        aliquota: toDecimal(nominal),
        pRedAliq: pRed[tax],
        pRedutor: gov?.pRedutor,
        pAliqEfet: r.effective,
        vDif: r.vDif,
        vDevTrib: r.vDevTrib,
      },
      resultado: r.value,
      baseLegal,
    });
  }
  Object.assign(result, {
    pCBS: out.CBS.nominal,
    vCBS: out.CBS.value,
    pIBSUF: out.IBSUF.nominal,
    vIBSUF: out.IBSUF.value,
    pIBSMun: out.IBSMun.nominal,
    vIBSMun: out.IBSMun.value,
  });
  const g = (tax: CbsIbsTax) => out[tax].group;
  const { p: pIBSUF, v: vIBSUF, ...ufRest } = g('IBSUF');
  const { p: pIBSMun, v: vIBSMun, ...munRest } = g('IBSMun');
  const { p: pCBS, v: vCBS, ...cbsRest } = g('CBS');
  const gIBSCBS: GIbsCbs = {
    vBC: decimalToNumber(vBC),
    gIBSUF: { pIBSUF, ...ufRest, vIBSUF },
    gIBSMun: { pIBSMun, ...munRest, vIBSMun },
    vIBS: decimalToNumber(plusUnlessZero(out.IBSUF.value, out.IBSMun.value)),
    gCBS: { pCBS, ...cbsRest, vCBS },
  };
  addOptionalGroups(input, ctx, vBC, refRates, gIBSCBS, m);
  result.groups.gIBSCBS = gIBSCBS;
  return result;
}

/**
 * The deferred share of each tax (gDif): the item's own gDif when it sends one; otherwise, for a CST whose
 * indicator gDif is 1 (510, 515), the percentage the official cClassTrib table fixes for the code, as Receita's
 * reference calculator takes it (tax treatment "Diferimento", pDif 1.00 = 100 %). A deferral CST with neither is
 * refused naming gDif: a deferral is never assumed to be zero.
 */
function deferralOf(group: NfeItemIbsCbs, ct: ClassTribFacts | undefined, m: Memoria) {
  if (group.gDif) {
    const gDif = group.gDif;
    return (tax: CbsIbsTax) => gDif[`pDif${tax}`];
  }
  const deferral = ct?.flags ? !!ct.flags.gDif : group.cst === '510' || group.cst === '515';
  if (!deferral) return () => undefined;
  if (ct?.pDif === undefined)
    throw new TaxInputError(
      'item.ibscbs.gDif',
      `CST ${group.cst} (diferimento): informe gDif com o percentual diferido; ${
        ct ? `a tabela oficial não fixa o diferimento do cClassTrib ${ct.code}` : 'informe o cClassTrib ou gDif'
      }.`,
    );
  const pDif = ct.pDif;
  m.add({
    campo: 'gDif',
    descricao: `Diferimento fixado pela tabela oficial de cClassTrib (${ct.code})`,
    formula: 'pDif da tabela para CBS, IBS-UF e IBS-Mun',
    valores: { pDif },
    resultado: toDecimal(pDif),
    baseLegal: `LC 214/2025, ${ct.legalBasis}; tabela cClassTrib da calculadora de referência da RFB (tratamento "Diferimento")`,
  });
  return () => pDif;
}

/** One tax under suspension: the nominal rate shown, nothing due, no gRed/gDif/gDevTrib (the calculator's answer). */
function suspendedTax(nominal: TaxValue): ReturnType<typeof calculateCbsIbsTax> {
  const zero = ZERO;
  const p = toDecimal(nominal);
  return {
    nominal: p,
    effective: p,
    vOp: zero,
    vDif: zero,
    vDevTrib: zero,
    value: zero,
    group: { p: p.toNumber(), v: 0 },
  };
}

/** gTribRegular, gIBSCredPres/gCBSCredPres and gTribCompraGov (NT 2025.002, UB68, UB73, UB82A). */
function addOptionalGroups(
  input: NfeItemInput,
  ctx: NfeItemContext,
  vBC: Decimal,
  refRates: NonNullable<NfeItemContext['cbsIbsRates']>,
  out: GIbsCbs,
  m: Memoria,
): void {
  const group = input.item.ibscbs!;
  const reg = group.gTribRegular;
  if (reg) {
    const rc = ctx.classTribReg;
    const rate = (tax: CbsIbsTax, red: unknown) =>
      applyRateReduction(rc?.specificRates?.[tax] ?? refRates[tax].rate, String(red ?? rc?.pRedIBS ?? 0));
    const pUf = rate('IBSUF', rc?.pRedIBSUF);
    const pMun = rate('IBSMun', rc?.pRedIBSMun);
    const pCbs = rate('CBS', rc?.pRedCBS);
    out.gTribRegular = {
      CSTReg: reg.CSTReg,
      cClassTribReg: reg.cClassTribReg,
      pAliqEfetRegIBSUF: pUf,
      vTribRegIBSUF: percentOf(vBC, pUf).toNumber(),
      pAliqEfetRegIBSMun: pMun,
      vTribRegIBSMun: percentOf(vBC, pMun).toNumber(),
      pAliqEfetRegCBS: pCbs,
      vTribRegCBS: percentOf(vBC, pCbs).toNumber(),
    };
    m.add({
      campo: 'gTribRegular',
      descricao: `Tributação regular (CST ${reg.CSTReg}, cClassTrib ${reg.cClassTribReg}) informada para comparação`,
      formula: 'vBCIBSCBS × alíquota efetiva do regime regular',
      valores: { pAliqEfetRegIBSUF: pUf, pAliqEfetRegIBSMun: pMun, pAliqEfetRegCBS: pCbs },
      resultado: percentOf(vBC, pCbs),
      baseLegal: 'NT 2025.002, grupo gTribRegular (UB68)',
    });
  }
  const cp = group.gCredPres;
  if (cp) {
    const one = (p: unknown) => {
      const v = percentOf(vBC, String(p ?? 0));
      return {
        cCredPres: cp.cCredPres,
        pCredPres: toDecimal(String(p ?? 0)).toNumber(),
        vCredPres: cp.condicaoSuspensiva ? 0 : v.toNumber(),
        vCredPresCondSus: cp.condicaoSuspensiva ? v.toNumber() : 0,
      };
    };
    if (cp.pCredPresIBS !== undefined) out.gIBSCredPres = one(cp.pCredPresIBS);
    if (cp.pCredPresCBS !== undefined) out.gCBSCredPres = one(cp.pCredPresCBS);
    m.add({
      campo: 'gCredPres',
      descricao: `Crédito presumido (cCredPres ${cp.cCredPres})${cp.condicaoSuspensiva ? ' sob condição suspensiva' : ''}`,
      formula: 'vBCIBSCBS × pCredPres',
      valores: { pCredPresIBS: cp.pCredPresIBS, pCredPresCBS: cp.pCredPresCBS },
      resultado: percentOf(vBC, String(cp.pCredPresCBS ?? cp.pCredPresIBS ?? 0)),
      baseLegal: 'LC 214/2025, arts. 168 a 171 e 447 a 450 (créditos presumidos); NT 2025.002, grupo gCredPres',
    });
  }
  const gov = group.gTribCompraGov;
  if (gov) {
    // The tax as it would be without the government-purchase redutor, as the NT asks in gTribCompraGov.
    const full = (tax: CbsIbsTax, red: unknown) =>
      applyRateReduction(ctx.classTrib?.specificRates?.[tax] ?? refRates[tax].rate, String(red ?? 0));
    const ct = ctx.classTrib;
    const pUf = full('IBSUF', ct?.pRedIBSUF ?? ct?.pRedIBS);
    const pMun = full('IBSMun', ct?.pRedIBSMun ?? ct?.pRedIBS);
    const pCbs = full('CBS', ct?.pRedCBS);
    out.gTribCompraGov = {
      pAliqIBSUF: pUf,
      vTribIBSUF: percentOf(vBC, pUf).toNumber(),
      pAliqIBSMun: pMun,
      vTribIBSMun: percentOf(vBC, pMun).toNumber(),
      pAliqCBS: pCbs,
      vTribCBS: percentOf(vBC, pCbs).toNumber(),
    };
  }
}

/** CST 620, monophasic fuels (LC 214/2025, arts. 172 a 180): ad rem per unit of qBCMono, no ad valorem group. */
function addMonophasic(input: NfeItemInput, ctx: NfeItemContext, result: CbsIbsItem, m: Memoria): CbsIbsItem {
  const q = toDecimal(input.item.ibscbs?.qBCMono ?? 0);
  const rates = ctx.monoRates;
  const adRemCBS = toDecimal(rates?.adRemCBS ?? 0);
  const adRemIBSUF = toDecimal(rates?.adRemIBSUF ?? 0);
  const adRemIBSMun = toDecimal(rates?.adRemIBSMun ?? 0);
  // NT 2025.002 has one adRemIBS: vIBSMono = qBCMono × adRemIBS rounded once, as the calculator rounds each tax's
  // `qBCMono × aliquota` to 2 places (CalculoCbsIbsService, `avaliador.evaluate(expressaoTributoCalculado, …, 2)`)
  // and fills vIBSMono from that one figure (MonofasiaPadraoDomain.getMonofasiaIBS). Rounding the state and
  // municipal parts apart could add a cent (10 L: 12,50 + 2,21 = 14,71 against 14,70). The municipal part of the
  // flat fields is what the state part leaves of vIBSMono, so vIBSUF + vIBSMun = vIBSMono.
  const adRemIBS = adRemIBSUF.plus(adRemIBSMun);
  const vIBSMono = round2(q.times(adRemIBS));
  result.vCBS = round2(q.times(adRemCBS));
  result.vIBSUF = round2(q.times(adRemIBSUF));
  result.vIBSMun = vIBSMono.minus(result.vIBSUF);
  result.vBCIBSCBS = ZERO;
  result.groups.gIBSCBSMono = {
    qBCMono: q.toNumber(),
    adRemIBS: adRemIBS.toNumber(),
    adRemCBS: adRemCBS.toNumber(),
    vIBSMono: vIBSMono.toNumber(),
    vCBSMono: result.vCBS.toNumber(),
  };
  m.add({
    campo: 'gIBSCBSMono',
    descricao: `Tributação monofásica de combustíveis (${rates?.unit ?? 'unidade'})`,
    formula: 'qBCMono × adRemIBS; qBCMono × adRemCBS',
    valores: { qBCMono: q, adRemIBS, adRemCBS },
    resultado: result.vCBS.plus(result.vIBSUF).plus(result.vIBSMun),
    baseLegal: 'LC 214/2025, arts. 172 a 180; alíquotas ad rem da calculadora de referência da RFB',
  });
  return result;
}
