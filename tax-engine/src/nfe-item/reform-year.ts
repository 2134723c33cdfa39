import { type TaxValue, toDecimal, ZERO } from '../decimal.js';
import type { Memoria } from './memoria.js';
import type { NfeItemContext, NfeItemInput, UfRuleFacts } from './types.js';

/** The year of the rules: `ano`, else the year of `data`, else 2026 (the test year). */
export function findTaxYear(op: NfeItemInput['operacao']): number {
  if (op.ano) return op.ano;
  if (op.data) return Number(op.data.slice(0, 4));
  return 2026;
}

/** Share of the ICMS rates (and of its benefits) kept in 2029–2032 (ADCT art. 128, EC 132/2023). */
const icmsShareByYear: Record<number, number> = { 2029: 0.9, 2030: 0.8, 2031: 0.7, 2032: 0.6 };

/**
 * Share of the state's ICMS rates in force in a year: 1 up to 2028, 9/10 … 6/10 in 2029–2032 (ADCT art. 128),
 * 0 from 2033 (art. 129). The ST calculator and the item pipeline read the same table.
 */
export function findIcmsShare(year: number): number {
  if (year >= 2033) return 0;
  return icmsShareByYear[year] ?? 1;
}

const scale = (v: TaxValue | undefined, share: number) => (v === undefined ? undefined : toDecimal(v).times(share));

function scaleRule(rule: UfRuleFacts | undefined, share: number): UfRuleFacts | undefined {
  if (!rule) return rule;
  return {
    ...rule,
    internalRate: toDecimal(rule.internalRate).times(share),
    fcpRate: toDecimal(rule.fcpRate).times(share),
  };
}

/**
 * The item's ICMS rates and the states' facts of a year 2029–2032: the year's fraction of each (ADCT art. 128), as the
 * item is computed with them; unchanged in other years. The NF-e writer shows the same rates the values came from.
 */
export function icmsOfYear(
  input: NfeItemInput,
  ctx: NfeItemContext,
): { icms: NfeItemInput['item']['icms']; ctx: NfeItemContext; share?: number } {
  const share = icmsShareByYear[findTaxYear(input.operacao)];
  const i = input.item.icms;
  if (share === undefined) return { icms: i, ctx };
  return {
    icms: {
      ...i,
      pICMS: scale(i.pICMS, share),
      pICMSST: scale(i.pICMSST, share),
      pFCP: scale(i.pFCP, share),
      pFCPST: scale(i.pFCPST, share),
      pICMSUFDest: scale(i.pICMSUFDest, share),
      pFCPUFDest: scale(i.pFCPUFDest, share),
    },
    ctx: {
      ...ctx,
      origin: scaleRule(ctx.origin, share),
      destination: scaleRule(ctx.destination, share),
      icmsShare: share,
    },
    share,
  };
}

/**
 * The taxes the reform retires, applied to the item before the year's calculation (EC 132/2023, ADCT arts. 126–129):
 *  - from 2027 PIS and COFINS are extinct: a PIS/COFINS group sent is answered with 0 (art. 126, II);
 *  - from 2027 IPI is zero, except for products of incentivised industrialisation in the Zona Franca de Manaus
 *    (art. 126, III, "a"), which the request says with `item.zfm`;
 *  - 2029–2032 the ICMS rates (FCP included, an addition to the rate: ADCT art. 82) are 9/10, 8/10, 7/10 and 6/10
 *    of the state's rates, and its benefits shrink in the same proportion (art. 128, caput and §1º): a base
 *    reduction or deferral keeps its percentage, so its value falls with the rate;
 *  - from 2033 ICMS is extinct (art. 129): the item carries no ICMS (CST 41 / CSOSN 400) nor DIFAL.
 * Returns the item and context of the year; every change is a memória step.
 */
export function applyReformYear(
  input: NfeItemInput,
  ctx: NfeItemContext,
  m: Memoria,
): { input: NfeItemInput; ctx: NfeItemContext } {
  const year = findTaxYear(input.operacao);
  if (year < 2027) return { input, ctx };
  const zero = ZERO;
  const item = { ...input.item };
  let next = ctx;
  for (const [tax, group] of [
    ['PIS', item.pis],
    ['COFINS', item.cofins],
  ] as const) {
    if (!group) continue;
    m.add({
      campo: `v${tax}`,
      descricao: `${tax} extinto a partir de 2027 (substituído pela CBS)`,
      formula: 'zero',
      valores: { ano: String(year), cst: group.cst },
      resultado: zero,
      baseLegal: 'EC 132/2023, art. 126, II, do ADCT (extinção do PIS e da COFINS a partir de 2027)',
    });
  }
  item.pis = undefined;
  item.cofins = undefined;
  if (item.ipi && !item.zfm) {
    m.add({
      campo: 'vIPI',
      descricao: 'IPI com alíquota zero a partir de 2027 (produto sem industrialização incentivada na ZFM)',
      formula: 'zero',
      valores: { ano: String(year), cst: item.ipi.cst, pIPI: item.ipi.pIPI },
      resultado: zero,
      baseLegal: 'EC 132/2023, art. 126, III, "a", do ADCT; LC 214/2025, Livro III, Título I (Zona Franca de Manaus)',
    });
    item.ipi = undefined;
  }
  const yearly = icmsOfYear({ ...input, item }, ctx);
  const share = yearly.share;
  if (share !== undefined) {
    const i = item.icms;
    item.icms = yearly.icms;
    next = yearly.ctx;
    m.add({
      campo: 'pICMS',
      descricao: `ICMS de ${year}: ${share * 10}/10 das alíquotas da legislação estadual, benefícios na mesma proporção`,
      formula: 'alíquota do ano = alíquota da UF × fração do ano',
      valores: { fracao: String(share), pICMS: i.pICMS, pICMSAno: item.icms.pICMS, pICMSST: i.pICMSST },
      resultado: toDecimal(item.icms.pICMS ?? 0),
      baseLegal: 'EC 132/2023, art. 128, caput e §1º, do ADCT',
    });
  }
  if (year >= 2033) {
    const i = item.icms;
    item.icms = i.csosn ? { csosn: '400' } : { cst: i.cst && i.cst.length === 3 ? `${i.cst[0]}41` : '41' };
    next = { ...ctx, origin: scaleRule(ctx.origin, 0), destination: scaleRule(ctx.destination, 0) };
    m.add({
      campo: 'vICMS',
      descricao: 'ICMS extinto a partir de 2033',
      formula: 'zero',
      valores: { ano: String(year), cst: i.cst ?? i.csosn },
      resultado: zero,
      baseLegal: 'EC 132/2023, art. 129, do ADCT',
    });
  }
  return { input: { ...input, item }, ctx: next };
}
