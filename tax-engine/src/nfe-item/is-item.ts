import type { Decimal } from 'decimal.js';
import { percentOf, round2, toDecimal, ZERO } from '../decimal.js';
import type { Memoria } from './memoria.js';
import type { GIs, NfeItemContext, NfeItemInput } from './types.js';

/** CST IS that charge the tax (000 tributado); the others (imunidade, suspensão, alíquota zero…) carry none. */
const taxedIsCst = '000';

/**
 * The Imposto Seletivo of the item (LC 214/2025, Livro II; NT 2025.002 grupo UB01), charged from 2027: ad valorem on
 * the operation value and/or ad rem per unit (cigarettes: both). Rates from the request, else the calculator's table
 * by NCM — the latter are estimates, since ordinary law has not fixed them yet.
 */
export function calculateIsItem(
  input: NfeItemInput,
  ctx: NfeItemContext,
  m: Memoria,
): { vIS: Decimal; IS?: GIs; estimado: boolean } {
  const zero = ZERO;
  const g = ctx.isByYear === undefined ? input.item.is : (ctx.isByYear ?? undefined);
  if (!g) return { vIS: zero, estimado: false };
  const it = input.item;
  const vBCIS = round2(
    toDecimal(it.vProd)
      .plus(toDecimal(it.vFrete))
      .plus(toDecimal(it.vSeg))
      .plus(toDecimal(it.vOutro))
      .minus(toDecimal(it.vDesc)),
  );
  const taxed = g.CSTIS === taxedIsCst;
  const fromTable = g.pIS === undefined && g.pISEspec === undefined && !!ctx.isRates;
  const pIS = taxed ? toDecimal(g.pIS ?? ctx.isRates?.pIS ?? 0) : zero;
  const pISEspec = taxed ? toDecimal(g.pISEspec ?? ctx.isRates?.pISEspec ?? 0) : zero;
  const qTrib = toDecimal(g.qTrib ?? 0);
  const vIS = taxed ? percentOf(vBCIS, pIS).plus(round2(qTrib.times(pISEspec))) : zero;
  m.add({
    campo: 'vIS',
    descricao: `Imposto Seletivo (CST ${g.CSTIS}, cClassTrib ${g.cClassTribIS})${fromTable ? ', alíquota estimada' : ''}`,
    formula: taxed ? 'vBCIS × pIS + qTrib × pISEspec' : 'CST sem Imposto Seletivo devido: zero',
    valores: { vBCIS, pIS, pISEspec, qTrib, uTrib: g.uTrib ?? ctx.isRates?.uTrib ?? '' },
    resultado: vIS,
    baseLegal: `LC 214/2025, arts. 409 a 434 (Imposto Seletivo)${fromTable ? '; alíquotas da calculadora de referência da RFB (estimativa)' : ''}`,
  });
  return {
    vIS,
    estimado: taxed && fromTable,
    IS: {
      CSTIS: g.CSTIS,
      cClassTribIS: g.cClassTribIS,
      vBCIS: vBCIS.toNumber(),
      pIS: pIS.toNumber(),
      pISEspec: pISEspec.toNumber(),
      uTrib: g.uTrib ?? ctx.isRates?.uTrib ?? '',
      qTrib: qTrib.toNumber(),
      vIS: vIS.toNumber(),
    },
  };
}
