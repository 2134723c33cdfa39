import { round2, type TaxValue, toDecimal, ufs } from '@app/tax-engine';
import { z } from 'zod';
import { quantidade, valorUnitario } from './fields.js';

/**
 * The dates and cross-field limits of one item (issue 21 §2–3): what SEFAZ or the calendar would refuse is a
 * 400 naming the field, before anything is computed.
 */

/** Five years back (what a tax audit reaches, CTN art. 173) and the last year of the reform's transition. */
export const firstYear = 2021;
export const lastYear = 2033;
/** CBS/IBS exist from 2026 (LC 214/2025, art. 343 ff.; EC 132/2023, ADCT art. 125). */
export const firstCbsIbsYear = 2026;
/**
 * Last year whose CBS/IBS rates the engine holds (findCbsIbsRates: 2026 test year, 2027–2028). The transition
 * years' rates (2029–2033) come with the reform work; until then such a group is refused rather than computed
 * with 2026's rates. Raise this when those rates are in the engine.
 */
export const lastCbsIbsYearWithRates = 2033;
export const yearRangeMessage = (label: string) => `${label}: o cálculo cobre os anos de ${firstYear} a ${lastYear}.`;

/** A UF, with the field in the message: "UF inválida." alone does not say which of the two is wrong. */
export const ufField = (label: 'ufOrigem' | 'ufDestino') =>
  z.enum(ufs, { message: `${label}: UF inválida (use a sigla, ex.: SP).` });

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The last date asked about: a whole invoice asks about its operação's date once per item (issue 21 figures). */
let lastDate: { text: string; real: boolean } = { text: '', real: false };

/** True for a day that exists (2026-02-30 does not). */
export function isRealDate(text: string): boolean {
  if (text !== lastDate.text) lastDate = { text, real: checkRealDate(text) };
  return lastDate.real;
}

function checkRealDate(text: string): boolean {
  const m = isoDate.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

export const dataField = z.string({ message: 'data: use AAAA-MM-DD.' }).superRefine((v, ctx) => {
  if (!isoDate.test(v)) ctx.addIssue({ code: 'custom', message: 'data: use AAAA-MM-DD (ex.: 2026-03-15).' });
  else if (!isRealDate(v))
    ctx.addIssue({ code: 'custom', message: `data: ${v.split('-').reverse().join('/')} não existe no calendário.` });
  else if (v < `${firstYear}-01-01` || v > `${lastYear}-12-31`)
    ctx.addIssue({ code: 'custom', message: `data: o cálculo cobre datas de 01/01/${firstYear} a 31/12/${lastYear}.` });
});

/** qCom/vUnCom/uCom and qTrib/vUnTrib/uTrib (grupo I of the layout). */
export const ZTaxQuantities = {
  qCom: quantidade('qCom').optional(),
  vUnCom: valorUnitario('vUnCom').optional(),
  uCom: z.string().trim().min(1).max(6, { message: 'uCom: até 6 caracteres.' }).optional(),
  qTrib: quantidade('qTrib').optional(),
  vUnTrib: valorUnitario('vUnTrib').optional(),
  uTrib: z.string().trim().min(1).max(6, { message: 'uTrib: até 6 caracteres.' }).optional(),
};

type Maybe = TaxValue | undefined;
interface LimitsInput {
  operacao: { ano?: number; data?: string };
  item: {
    vProd: TaxValue;
    vDesc?: Maybe;
    qCom?: Maybe;
    vUnCom?: Maybe;
    qTrib?: Maybe;
    vUnTrib?: Maybe;
    ibscbs?: unknown;
  };
}

const money = (v: TaxValue) => toDecimal(v).toFixed(2);

export function checkItemLimits(req: LimitsInput, ctx: z.RefinementCtx): void {
  const { ano, data } = req.operacao;
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  const dataYear = data && isRealDate(data) ? Number(data.slice(0, 4)) : undefined;
  if (ano !== undefined && dataYear !== undefined && ano !== dataYear)
    issue(['operacao', 'ano'], `ano ${ano} não confere com a data ${data!.split('-').reverse().join('/')}.`);
  const year = ano ?? dataYear;
  if (req.item.ibscbs && year !== undefined && year < firstCbsIbsYear)
    issue(
      ['item', 'ibscbs'],
      `ibscbs: a CBS e o IBS só existem a partir de ${firstCbsIbsYear} (LC 214/2025); retire o grupo para ${year}.`,
    );
  if (req.item.ibscbs && year !== undefined && year > lastCbsIbsYearWithRates)
    issue(
      ['item', 'ibscbs'],
      `ibscbs: as alíquotas de CBS/IBS de ${year} (LC 214/2025, transição) ainda não estão no motor; o cálculo vai até ${lastCbsIbsYearWithRates}.`,
    );
  const it = req.item;
  if (it.vDesc !== undefined && toDecimal(it.vDesc).gt(toDecimal(it.vProd)))
    issue(
      ['item', 'vDesc'],
      `vDesc (${money(it.vDesc)}) não pode ser maior que o valor do item, vProd (${money(it.vProd)}).`,
    );
  // MOC rule 629: vProd must be qCom × vUnCom, with a tolerance of one cent; qTrib and vUnTrib come in pairs.
  const pairs = [
    ['qCom', 'vUnCom', it.qCom, it.vUnCom],
    ['qTrib', 'vUnTrib', it.qTrib, it.vUnTrib],
  ] as const;
  for (const [qName, vName, q, v] of pairs) {
    if ((q === undefined) !== (v === undefined)) {
      issue(
        ['item', q === undefined ? qName : vName],
        `${q === undefined ? qName : vName}: informe junto com ${q === undefined ? vName : qName}.`,
      );
      continue;
    }
    if (q === undefined || v === undefined || qName === 'qTrib') continue;
    const product = round2(toDecimal(q).times(toDecimal(v)));
    if (product.minus(toDecimal(it.vProd)).abs().gt(0.01))
      issue(
        ['item', 'vProd'],
        `vProd (${money(it.vProd)}) difere de qCom × vUnCom (${product.toFixed(2)}): a NF-e seria rejeitada (regra 629).`,
      );
  }
}
