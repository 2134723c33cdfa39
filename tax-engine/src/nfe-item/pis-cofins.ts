import type { Decimal } from 'decimal.js';
import { isSameValue, percentOf, round2, type TaxValue, toDecimal, ZERO } from '../decimal.js';
import { TaxInputError } from '../input-checks.js';
import type { Memoria } from './memoria.js';
import type { FederalBases, NfeItemInput, PisCofinsRegime } from './types.js';

type Tax = 'PIS' | 'COFINS';
interface Group {
  cst: string;
  rate?: TaxValue;
  qBCProd?: TaxValue;
  vAliqProd?: TaxValue;
}

const exclusionOfIcms = 'exclusão do ICMS da base: STF RE 574.706 (Tema 69)';

/** The provision of each regime's rate and base (the basic rates of CST 01). */
export const pisCofinsRegimeBasis: Record<PisCofinsRegime, Record<Tax, string>> = {
  'nao-cumulativo': {
    PIS: `Lei 10.637/2002, arts. 1º e 2º (não cumulativo, 1,65%); ${exclusionOfIcms}`,
    COFINS: `Lei 10.833/2003, arts. 1º e 2º (não cumulativo, 7,6%); ${exclusionOfIcms}`,
  },
  cumulativo: {
    PIS: `Lei 9.718/1998, arts. 2º e 3º, e Lei 9.715/1998, art. 8º, I (cumulativo, 0,65%); ${exclusionOfIcms}`,
    COFINS: `Lei 9.718/1998, arts. 2º, 3º e 8º (cumulativo, 3%); ${exclusionOfIcms}`,
  },
};
/** The basic rates of each regime (CST 01); COFINS 4 % is the cumulative rate of Lei 10.684/2003, art. 18. */
const basicRates: Record<PisCofinsRegime, Record<Tax, string[]>> = {
  'nao-cumulativo': { PIS: ['1.65'], COFINS: ['7.6'] },
  cumulativo: { PIS: ['0.65'], COFINS: ['3', '4'] },
};

export const pisCofinsDifferentiatedBasis =
  'alíquota diferenciada (incidência concentrada): Lei 10.147/2000, art. 1º (farmacêuticos e higiene pessoal); ' +
  'Lei 10.485/2002, arts. 1º e 3º (veículos e autopeças); Lei 9.718/1998, art. 4º (combustíveis); ' +
  `Lei 13.097/2015, arts. 14 a 36 (bebidas frias); ${exclusionOfIcms}`;
export const pisCofinsPerUnitBasis =
  'alíquota por unidade de medida (qBCProd × vAliqProd): Lei 10.865/2004, art. 23, e Decreto 5.059/2004 (gasolina, ' +
  'diesel, GLP, querosene); Lei 9.718/1998, art. 5º, §4º (álcool); Lei 11.116/2005, art. 3º (biodiesel)';

/** CSTs 04–09: why nothing is charged on the item, and the law that says so. */
const zeroReasons: Record<string, [string, string]> = {
  '04': [
    'monofásica, revenda a alíquota zero',
    'Lei 10.147/2000, art. 2º; Lei 10.485/2002, art. 3º, §2º; Lei 9.718/1998, art. 4º (incidência monofásica)',
  ],
  '05': [
    'substituição tributária',
    'LC 70/1991, art. 3º, e Lei 9.715/1998, art. 5º (cigarros); MP 2.158-35/2001, art. 43 (motocicletas)',
  ],
  '06': ['alíquota zero', 'Lei 10.925/2004, art. 1º; Lei 10.865/2004, art. 28 (alíquota zero)'],
  '07': ['isenta', 'MP 2.158-35/2001, art. 14 (isenção)'],
  '08': ['sem incidência', 'Lei 10.637/2002, art. 5º; Lei 10.833/2003, art. 6º (não incidência)'],
  '09': ['com suspensão', 'Lei 10.925/2004, art. 9º; Lei 10.865/2004, art. 40 (suspensão)'],
};
// toDecimal(r): the parsed rate is remembered, where eq(r) parsed the text again on every item.
const same = (rate: TaxValue, list: string[]) => list.some((r) => isSameValue(toDecimal(rate), toDecimal(r)));

/** The laws of each regime without the basic rate: CSTs 49/99 (outras operações) may carry any rate. */
const regimeLaw: Record<PisCofinsRegime, Record<Tax, string>> = {
  'nao-cumulativo': { PIS: 'Lei 10.637/2002, arts. 1º e 2º', COFINS: 'Lei 10.833/2003, arts. 1º e 2º' },
  cumulativo: { PIS: 'Lei 9.718/1998, arts. 2º e 3º; Lei 9.715/1998', COFINS: 'Lei 9.718/1998, arts. 2º e 3º' },
};

/** CST 49/99: the declared regime, else the one whose basic rate the item uses, else both laws named. */
function otherOperationsBasis(input: NfeItemInput, tax: Tax, rate: TaxValue): string {
  const regime =
    input.operacao.regimePisCofins ??
    (same(rate, basicRates.cumulativo[tax])
      ? 'cumulativo'
      : same(rate, basicRates['nao-cumulativo'][tax])
        ? 'nao-cumulativo'
        : undefined);
  const law = regime
    ? regimeLaw[regime][tax]
    : `${regimeLaw['nao-cumulativo'][tax]} (não cumulativo) ou ${regimeLaw.cumulativo[tax]} (cumulativo), conforme o regime`;
  return `${law}; ${exclusionOfIcms}`;
}

/** The regime that governs a CST 01 item: the explicit field, else the one whose basic rate the item uses. */
function findRegime(input: NfeItemInput, tax: Tax, rate: TaxValue): PisCofinsRegime {
  const lower = tax === 'PIS' ? 'pis' : 'cofins';
  const explicit = input.operacao.regimePisCofins;
  if (explicit) {
    if (!same(rate, basicRates[explicit][tax]))
      throw new TaxInputError(
        `item.${lower}.p${tax}`,
        `p${tax} ${toDecimal(rate).toString()} não é a alíquota básica do regime ${explicit} (${basicRates[explicit][tax].join(' ou ')}%) para o CST 01; use o CST 02 para alíquota diferenciada.`,
      );
    return explicit;
  }
  if (same(rate, basicRates.cumulativo[tax])) return 'cumulativo';
  if (same(rate, basicRates['nao-cumulativo'][tax])) return 'nao-cumulativo';
  throw new TaxInputError(
    'operacao.regimePisCofins',
    `regimePisCofins: p${tax} ${toDecimal(rate).toString()} não é alíquota básica de nenhum regime (CST 01); informe o regime ou use o CST 02 (alíquota diferenciada).`,
  );
}

function calculateOne(
  input: NfeItemInput,
  tax: Tax,
  g: Group,
  base: Decimal,
  subtotal: Decimal,
  vICMS: Decimal,
  m: Memoria,
  bases: FederalBases,
) {
  const lower = tax === 'PIS' ? 'pis' : 'cofins';
  const field = (name: string) => `item.${lower}.${name}`;
  const zero = zeroReasons[g.cst];
  if (zero) {
    m.add({
      campo: `v${tax}`,
      descricao: `${tax} (CST ${g.cst}, ${zero[0]})`,
      formula: 'CST sem débito: zero',
      valores: { cst: g.cst },
      resultado: ZERO,
      baseLegal: zero[1],
    });
    return ZERO;
  }
  const isEntry = Number(g.cst) >= 50 && g.cst !== '99';
  if (isEntry) {
    m.add({
      campo: `v${tax}`,
      descricao: `${tax} (CST ${g.cst}, operação de entrada/crédito)`,
      formula: 'CST de entrada: sem débito na nota',
      valores: { cst: g.cst },
      resultado: ZERO,
      baseLegal: tax === 'PIS' ? 'Lei 10.637/2002, art. 3º (créditos)' : 'Lei 10.833/2003, art. 3º (créditos)',
    });
    return ZERO;
  }
  const byQuantity = g.cst === '03' || (g.rate === undefined && (g.qBCProd !== undefined || g.vAliqProd !== undefined));
  if (byQuantity) {
    if (g.rate !== undefined)
      throw new TaxInputError(
        field(`p${tax}`),
        `p${tax}: o CST 03 é por quantidade (qBCProd × vAliqProd), sem p${tax}.`,
      );
    if (g.vAliqProd === undefined)
      throw new TaxInputError(
        field('vAliqProd'),
        `vAliqProd do ${tax}: informe o valor por unidade para o CST ${g.cst}.`,
      );
    const q = g.qBCProd ?? input.item.qTrib;
    if (q === undefined)
      throw new TaxInputError(
        field('qBCProd'),
        `qBCProd do ${tax}: informe a quantidade (ou qTrib) para o CST ${g.cst}.`,
      );
    const value = round2(toDecimal(q).times(toDecimal(g.vAliqProd)));
    bases[lower] = { qBCProd: toDecimal(q).toFixed(), vAliqProd: toDecimal(g.vAliqProd).toFixed() };
    m.add({
      campo: `v${tax}`,
      descricao: `${tax} por quantidade (CST ${g.cst})`,
      formula: g.qBCProd === undefined ? 'qTrib × vAliqProd (qBCProd não informado)' : 'qBCProd × vAliqProd',
      valores: { qBCProd: toDecimal(q).toString(), vAliqProd: toDecimal(g.vAliqProd).toString() },
      resultado: value,
      baseLegal: pisCofinsPerUnitBasis,
    });
    return value;
  }
  if (g.rate === undefined)
    throw new TaxInputError(field(`p${tax}`), `p${tax}: informe a alíquota do ${tax} para o CST ${g.cst}.`);
  const value = percentOf(base, g.rate);
  bases[lower] = { vBC: base.toFixed() };
  const basis =
    g.cst === '01'
      ? pisCofinsRegimeBasis[findRegime(input, tax, g.rate)][tax]
      : g.cst === '02'
        ? pisCofinsDifferentiatedBasis
        : otherOperationsBasis(input, tax, g.rate);
  m.add({
    campo: `v${tax}`,
    descricao: `${tax} (CST ${g.cst})`,
    formula: `(valor da operação − vICMS) × p${tax}`,
    valores: { valorOperacao: subtotal, vICMS, [`p${tax}`]: toDecimal(g.rate) },
    resultado: value,
    baseLegal: basis,
  });
  return value;
}

/**
 * vPIS and vCOFINS: on the revenue less the ICMS charged on the operation (STF RE 574.706, Tema 69) at a
 * percentage (CST 01, 02, 49, 99), by quantity (CST 03: qBCProd × vAliqProd), or zero with the law of
 * CSTs 04–09. A CST that needs a rate or quantity the item lacks is refused, naming the field. The bases taxed
 * are recorded in `bases.pis` and `bases.cofins`.
 */
export function calculatePisCofins(
  input: NfeItemInput,
  subtotal: Decimal,
  vICMS: Decimal,
  m: Memoria,
  bases: FederalBases = {},
): { vPIS: Decimal; vCOFINS: Decimal } {
  const base = subtotal.minus(vICMS);
  const { pis, cofins } = input.item;
  return {
    vPIS: pis ? calculateOne(input, 'PIS', { ...pis, rate: pis.pPIS }, base, subtotal, vICMS, m, bases) : ZERO,
    vCOFINS: cofins
      ? calculateOne(input, 'COFINS', { ...cofins, rate: cofins.pCOFINS }, base, subtotal, vICMS, m, bases)
      : ZERO,
  };
}
