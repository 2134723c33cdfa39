import { findInterstateRate, icmsUfTable } from '../interstate-rate.js';
import { productCheck, showCents } from './money.js';
import type { NfeView } from './nfe-view.js';
import type { RuleContext } from './types.js';
import { text } from './xml-node.js';

/** What the ICMS rules of groups N and NA share (rules-icms-values.ts, rules-icms-dest.ts). */

/** A finding when value is not base × rate / 100 (note (*4) of the annex: to the cent, R$ 0,01 of tolerance). */
export const productOff = (
  value: string | undefined,
  base: string | undefined,
  rate: string | undefined,
  path: string,
) => {
  const c = productCheck(value, base, rate);
  return !c || c.ok ? null : { campo: path, esperado: showCents(c.expected), encontrado: value };
};

/** The Portal's CFOP table row, when the caller passed the tables. */
export const cfopRow = (ctx: RuleContext, cfop: string) => ctx.tabelas?.cfop?.(cfop);

export const isUf = (uf: string | undefined): uf is keyof typeof icmsUfTable => !!uf && uf in icmsUfTable;

/** Origin codes of goods treated as imported (orig 1, 2, 3 and 8). */
export const imported = (orig: string | undefined) => ['1', '2', '3', '8'].includes(orig ?? '');

/** The interstate rate of the emitter's and the recipient's UFs (7 or 12), or undefined. */
export const interRate = (d: NfeView) => {
  const from = text(d.emit, 'enderEmit/UF');
  const to = text(d.dest, 'enderDest/UF');
  return isUf(from) && isUf(to) ? (findInterstateRate(from, to) ?? undefined) : undefined;
};

/** N16-20 and NA09-30 exceptions on the places: delivery outside the emitter's UF, pick-up outside the recipient's. */
export const placesElsewhere = (d: NfeView) => {
  const entrega = text(d.infNFe, 'entrega/UF');
  const retirada = text(d.infNFe, 'retirada/UF');
  return (
    (!!entrega && entrega !== text(d.emit, 'enderEmit/UF')) || (!!retirada && retirada !== text(d.dest, 'enderDest/UF'))
  );
};
