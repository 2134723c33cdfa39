import type { Decimal } from 'decimal.js';
import { round2, TaxDecimal, type TaxValue, toDecimal } from '../decimal.js';
import { findIcmsShare } from '../nfe-item/reform-year.js';
import type { MemoriaStep, NfeItemInput } from '../nfe-item/types.js';
import type { SimplesDas } from './simples-das.js';

/** Who sells: what the company itself pays decides what of the NF-e item is its burden. */
export interface TransitionCompany {
  /**
   * Receita bruta of the 12 months before (LC 123/2006, art. 18, §1º): the company is in the Simples Nacional
   * (Anexo I, commerce) and its DAS shares of ICMS, PIS and COFINS (CBS and IBS from 2027) are its burden.
   */
  rbt12?: TaxValue;
  /** False for a seller that is not an IPI taxpayer (commerce): the item's IPI is not its burden. Default true. */
  contribuinteIpi?: boolean;
}

/** Burden fields beyond the NF-e item's taxes, each part of vTotal. */
export const transitionExtraFields = [
  'vICMSAnterior',
  'vDASICMS',
  'vDASPIS',
  'vDASCOFINS',
  'vDASCBS',
  'vDASIBS',
] as const;
export type TransitionExtraField = (typeof transitionExtraFields)[number];

const dasFields = transitionExtraFields.slice(1);

/** PIS/COFINS CSTs under which the resale owes none (monophasic, ST, rate zero, exempt, outside, suspended). */
const noPisCofinsOnResale = new Set(['04', '05', '06', '07', '08', '09']);
/** CST ICMS / CSOSN whose ICMS was charged before the sale: ST retained (60/500) and monophasic fuel (61). */
const chargedBefore = (icms: NfeItemInput['item']['icms']) =>
  icms.csosn === '500' || ['60', '61'].includes((icms.cst ?? '').slice(-2));

const legal = {
  carried:
    'LC 87/1996, art. 6º e art. 8º, §5º (ICMS retido por substituição, cobrado antes da venda e embutido no custo); ' +
    'NT 2016.002 (vICMSEfet); EC 132/2023, arts. 128 e 129 do ADCT (9/10 em 2029 … 6/10 em 2032, extinto em 2033)',
  ipi: 'Decreto 7.212/2010 (RIPI), arts. 24 e 35: o IPI é devido pelo estabelecimento industrial ou equiparado; a revenda do comércio não o paga',
  simplesPisCofins: 'LC 123/2006, art. 13, IV e V: PIS e COFINS do optante são recolhidos no DAS',
  compensated:
    'LC 214/2025, art. 346: em 2026 a CBS (0,9 %) e o IBS (0,1 %) destacados são compensados com o PIS e a COFINS devidos, não somam à carga',
  simples2026:
    'LC 214/2025, arts. 343 a 348: as alíquotas de teste de 2026 não se aplicam aos optantes pelo Simples Nacional',
  das: 'LC 123/2006, art. 18, caput e §1º-A, e Anexo I (comércio), na redação da LC 155/2016',
  dasSt:
    'LC 123/2006, art. 18, §4º-A, I, e §14: a receita sujeita a ST ou tributação monofásica sai da parcela do tributo no DAS',
  dasReform:
    'LC 214/2025, art. 41: o optante recolhe CBS e IBS no DAS (a parcela do PIS/COFINS passa à CBS; a do ICMS, ao IBS na proporção em que o ICMS se extingue, ADCT arts. 128 e 129)',
  regular:
    'LC 214/2025, art. 41, §3º: o optante pode apurar a CBS e o IBS pelo regime regular, e o comprador aproveita o crédito integral',
};

export interface BurdenRow {
  values: Record<string, number>;
  vCBSIBSCompensado: number;
  vNaoDevido: number;
  /** Simples Nacional from 2027: the CBS and IBS of the item had the company chosen the regular regime. */
  cbsIbsRegular: Decimal | null;
}

/**
 * What the company bears on the item in one year, from the engine's NF-e answer: the ICMS charged before the sale
 * (phased out with the ICMS), the taxes it does not pay left out, 2026's compensated CBS/IBS apart, and, in the
 * Simples Nacional, the DAS shares. `steps` (the year's memória, when kept) receives one step per change.
 */
export function findBurden(
  ano: number,
  answer: Record<string, number>,
  input: Pick<NfeItemInput, 'item'>,
  operationValue: Decimal,
  company: TransitionCompany,
  das: SimplesDas | null,
  steps: MemoriaStep[] | null,
): BurdenRow {
  const v = { ...answer };
  const add = (
    campo: string,
    descricao: string,
    formula: string,
    valores: Record<string, TaxValue>,
    r: TaxValue,
    baseLegal: string,
  ) =>
    steps?.push({
      passo: steps.length + 1,
      campo,
      descricao,
      formula,
      valores: Object.fromEntries(Object.entries(valores).map(([k, x]) => [k, String(x)])),
      resultado: toDecimal(r).toFixed(2),
      baseLegal,
    });
  const share = findIcmsShare(ano);
  const { icms } = input.item;
  const stItem = chargedBefore(icms);
  let naoDevido = new TaxDecimal(0);
  let compensado = 0;

  v.vICMSAnterior = 0;
  if (stItem) {
    const chain = new TaxDecimal(v.vICMSSubstituto ?? 0).plus(v.vICMSSTRet ?? 0).plus(v.vFCPSTRet ?? 0);
    const base =
      (v.vICMSEfet ?? 0) > 0 ? new TaxDecimal(v.vICMSEfet!) : chain.gt(0) ? chain : new TaxDecimal(v.vICMSMonoRet ?? 0);
    v.vICMSAnterior = round2(base.times(share)).toNumber();
    if (base.gt(0))
      add(
        'vICMSAnterior',
        'ICMS cobrado antes da venda (ST retida ou monofásico), embutido no custo da mercadoria',
        'vICMSEfet (ou vICMSSubstituto + vICMSSTRet + vFCPSTRet, ou vICMSMonoRet) × fração do ICMS no ano',
        {
          vICMSEfet: v.vICMSEfet ?? 0,
          vICMSSTRet: v.vICMSSTRet ?? 0,
          vICMSMonoRet: v.vICMSMonoRet ?? 0,
          fracao: share,
        },
        v.vICMSAnterior,
        legal.carried,
      );
  }
  if (company.contribuinteIpi === false && v.vIPI) {
    add(
      'vIPI',
      'IPI destacado não é carga de quem não é contribuinte do IPI',
      'fora da carga',
      { vIPI: v.vIPI },
      0,
      legal.ipi,
    );
    naoDevido = naoDevido.plus(v.vIPI);
    v.vIPI = 0;
  }
  if (das && (v.vPIS || v.vCOFINS)) {
    add(
      'vPIS',
      'PIS e COFINS do item não são pagos à parte no Simples Nacional',
      'fora da carga',
      { vPIS: v.vPIS ?? 0, vCOFINS: v.vCOFINS ?? 0 },
      0,
      legal.simplesPisCofins,
    );
    naoDevido = naoDevido.plus(v.vPIS ?? 0).plus(v.vCOFINS ?? 0);
    v.vPIS = 0;
    v.vCOFINS = 0;
  }
  const cbsIbs = round2(new TaxDecimal(v.vCBS ?? 0).plus(v.vIBSUF ?? 0).plus(v.vIBSMun ?? 0));
  const cbsIbsValues = { vCBS: v.vCBS ?? 0, vIBSUF: v.vIBSUF ?? 0, vIBSMun: v.vIBSMun ?? 0 };
  if (ano === 2026 && cbsIbs.gt(0)) {
    if (das) {
      add(
        'vCBS',
        'CBS e IBS de teste de 2026 não se aplicam ao Simples Nacional',
        'fora da carga',
        cbsIbsValues,
        0,
        legal.simples2026,
      );
      naoDevido = naoDevido.plus(cbsIbs);
    } else {
      add(
        'vCBS',
        'CBS e IBS de 2026 compensados com o PIS e a COFINS',
        'fora da carga',
        cbsIbsValues,
        cbsIbs,
        legal.compensated,
      );
      compensado = cbsIbs.toNumber();
    }
  }
  if (ano === 2026 || das) v.vCBS = v.vIBSUF = v.vIBSMun = 0;

  for (const f of dasFields) v[f] = 0;
  if (das) {
    const ef = das.aliquotaEfetiva;
    const part = (pct: Decimal, fraction: number) =>
      round2(operationValue.times(ef).times(pct).times(fraction).div(10_000));
    const { icms: pIcms, pis: pPis, cofins: pCofins } = das.reparticao;
    const dasValues = {
      faixa: das.faixa,
      rbt12: das.rbt12.toFixed(2),
      aliquotaNominal: das.aliquotaNominal.toFixed(2),
      parcelaDeduzir: das.parcelaDeduzir.toFixed(2),
      aliquotaEfetiva: ef.toDecimalPlaces(4).toFixed(4),
      valorOperacao: operationValue.toFixed(2),
    };
    v.vDASICMS = stItem ? 0 : part(pIcms, share).toNumber();
    if (ano <= 2026) {
      v.vDASPIS = noPisCofinsOnResale.has(input.item.pis?.cst ?? '') ? 0 : part(pPis, 1).toNumber();
      v.vDASCOFINS = noPisCofinsOnResale.has(input.item.cofins?.cst ?? '') ? 0 : part(pCofins, 1).toNumber();
    } else {
      v.vDASCBS = part(pPis.plus(pCofins), 1).toNumber();
      v.vDASIBS = part(pIcms, 1 - share).toNumber();
    }
    add(
      'vDAS',
      `DAS do Simples Nacional, faixa ${das.faixa} do Anexo I: parcelas de ICMS, PIS e COFINS (CBS e IBS a partir de 2027)`,
      'alíquota efetiva = (RBT12 × alíquota nominal − parcela a deduzir) ÷ RBT12; parcela = valor × efetiva × repartição',
      { ...dasValues, ...Object.fromEntries(dasFields.map((f) => [f, v[f] ?? 0])) },
      dasFields.reduce((t, f) => t.plus(v[f] ?? 0), new TaxDecimal(0)),
      `${legal.das}${stItem ? `; ${legal.dasSt}` : ''}${ano > 2026 ? `; ${legal.dasReform}` : ''}`,
    );
  }
  const cbsIbsRegular = das && ano >= 2027 ? cbsIbs : null;
  if (cbsIbsRegular)
    add(
      'vTotalRegular',
      'Outro caminho do optante: CBS e IBS pelo regime regular, fora do DAS (débitos da venda, sem os créditos das compras)',
      'total sem vDASCBS e vDASIBS + vCBS + vIBSUF + vIBSMun do item',
      { ...cbsIbsValues, vDASCBS: v.vDASCBS ?? 0, vDASIBS: v.vDASIBS ?? 0 },
      cbsIbsRegular,
      legal.regular,
    );
  return { values: v, vCBSIBSCompensado: compensado, vNaoDevido: round2(naoDevido).toNumber(), cbsIbsRegular };
}
