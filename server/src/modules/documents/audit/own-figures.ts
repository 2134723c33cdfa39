import { goodsValueOf, prodFormOf, shownTaxesOf } from '@app/tax-engine';
import type { FiscalDocument } from '../read/document-model.js';
import { money, percentCents, rateOf, sameCents, toCents } from './cents.js';
import type { Add } from './finding.js';

/** The company's PIS/COFINS base (decision 058): its documents decide ('auto'), or it chose with or without the ICMS. */
export type PisCofinsBase = 'auto' | 'com-icms' | 'sem-icms';

/** The engine's figures of the item, computed on the document's own codes and rates (null: the engine refused). */
export type Figures = Record<string, number> | null;

export interface OwnFiguresResult {
  /** Taxes whose own figures were found wrong: what is computed from them is not compared again. */
  flagged: Set<'ICMS' | 'PIS/COFINS' | 'IBSCBS'>;
  /** R$ (cents) of PIS + COFINS the item would not have charged without the ICMS in the base (Tema 69). */
  savingCents: number;
}

const t = (taxes: Record<string, string>, key: string) => taxes[key];

/**
 * Whether the document's vProd carries its items' IBS/CBS/IS: the engine's prodFormOf on its vNF, vNFTot and tax
 * totals. 'liquido' (NT 2025.002 v1.31's 2027 form, which SEFAZ may still authorise while VB01-10/20 are alerts)
 * only when vNFTot = vNF + the taxes; otherwise NT 2026.008's gross form from 2027. `date` is the document's.
 */
export const prodFormOfDocument = (doc: FiscalDocument, date: string): 'bruto' | 'liquido' =>
  prodFormOf({ ...doc.taxTotals, vNF: doc.total ?? undefined }, Number(date.slice(0, 4)));

/**
 * The item's prod with vProd as the value of the goods: from 2027 without the IBS, CBS and IS it carries (NT
 * 2026.008 v1.00; the engine's goodsValueOf, the same as the recomputation's request), else as written — also in a
 * document whose form is 'liquido' (prodFormOfDocument), whose vProd has no taxes to take out. `date` is the
 * document's (AAAA-MM-DD). Every base below starts from it.
 */
export function goodsProdOf(
  prod: Record<string, string>,
  taxes: Record<string, string>,
  date: string,
  form: 'bruto' | 'liquido',
): Record<string, string> {
  if (form === 'liquido') return prod;
  const vProd = goodsValueOf(prod.vProd, shownTaxesOf(taxes), Number(date.slice(0, 4)), prod.CFOP);
  return vProd === prod.vProd ? prod : { ...prod, vProd };
}

/**
 * vProd + vFrete + vSeg + vOutro − vDesc: the value of the operation every base below starts from; `prod` is the
 * goods' (goodsProdOf: a 2027+ vProd without its IBS/CBS/IS).
 */
export function operationCents(prod: Record<string, string>): number {
  return toCents(prod.vProd) + toCents(prod.vFrete) + toCents(prod.vSeg) + toCents(prod.vOutro) - toCents(prod.vDesc);
}

/**
 * The item checked against its own figures first (issue 37: one cause, one finding): each tax's value against its
 * own base and rate, the PIS/COFINS base against the two bases the law leaves to the issuer (with or without the
 * ICMS, STF RE 574.706 — Tema 69) and the company's choice, and the IBS/CBS base against NT 2025.002's formula
 * UB16-10 on the item's own vICMS, vPIS and vCOFINS — so a wrong ICMS is one finding, never also PIS, CBS and IBS.
 * `prod` is the goods' (goodsProdOf).
 */
export function checkOwnFigures(
  prod: Record<string, string>,
  taxes: Record<string, string>,
  figures: Figures,
  opts: { base: PisCofinsBase; sale: boolean },
  add: Add,
): OwnFiguresResult {
  const flagged: OwnFiguresResult['flagged'] = new Set();
  checkIcms(taxes, figures, add, flagged);
  const savingCents = checkPisCofins(prod, taxes, figures, opts, add, flagged);
  checkIbsCbs(prod, taxes, figures, add, flagged);
  return { flagged, savingCents };
}

/** vICMS = vBC × pICMS (MOC 4.00, grupo N); without a vBC, the engine's value on the document's codes and rates. */
function checkIcms(taxes: Record<string, string>, figures: Figures, add: Add, flagged: OwnFiguresResult['flagged']) {
  const found = t(taxes, 'ICMS.vICMS');
  if (found === undefined) return;
  const p = rateOf(t(taxes, 'ICMS.pICMS'));
  const vBC = t(taxes, 'ICMS.vBC');
  // Deferral (CST 51) writes vICMS = vICMSOp − vICMSDif: the engine tells it.
  const deferred = t(taxes, 'ICMS.CST') === '51' || t(taxes, 'ICMS.pDif') !== undefined;
  if (vBC !== undefined && p !== null && !deferred) {
    const exp = percentCents(toCents(vBC), p);
    if (!sameCents(toCents(found), exp)) {
      flagged.add('ICMS');
      add('valor-divergente', 'vICMS', money(exp), found, {
        difference: money(toCents(found) - exp),
        ruleCode: 'icms-calculo',
      });
      return;
    }
  }
  if (!figures) return;
  const exp = Math.round(figures.vICMS! * 100);
  if (!sameCents(toCents(found), exp)) {
    flagged.add('ICMS');
    add('valor-divergente', 'vICMS', money(exp), found, {
      difference: money(toCents(found) - exp),
      ruleCode: 'icms-base',
    });
  }
}

type Choice = 'com-icms' | 'sem-icms';

/** The base one tax of the item used: with or without the ICMS, or neither (null); undefined when not a rate. */
function baseOf(
  tax: 'PIS' | 'COFINS',
  taxes: Record<string, string>,
  op: number,
  icms: number,
  difal: number,
): { choice: Choice | null; found: number; rate: number } | undefined {
  const p = rateOf(t(taxes, `${tax}.p${tax}`));
  const v = t(taxes, `${tax}.v${tax}`);
  if (p === null || v === undefined || p === 0) return undefined;
  const found = toCents(v);
  const docBase = t(taxes, `${tax}.vBC`);
  // The document's base when it wrote one; else the base its value was computed on (EFD C170 has no vBC here).
  const fits = (base: number) =>
    docBase !== undefined ? sameCents(toCents(docBase), base) : sameCents(found, percentCents(base, p));
  let choice: Choice | null = null;
  // Without the ICMS, or also without the DIFAL an issuer may take out with it.
  if (fits(op - icms) || (difal > 0 && fits(op - icms - difal))) choice = 'sem-icms';
  if (icms > 0 && fits(op)) choice = 'com-icms';
  return { choice, found, rate: p };
}

function checkPisCofins(
  prod: Record<string, string>,
  taxes: Record<string, string>,
  figures: Figures,
  opts: { base: PisCofinsBase; sale: boolean },
  add: Add,
  flagged: OwnFiguresResult['flagged'],
): number {
  const op = operationCents(prod);
  const icms = toCents(t(taxes, 'ICMS.vICMS'));
  const difal = toCents(t(taxes, 'ICMSUFDest.vICMSUFDest')) + toCents(t(taxes, 'ICMSUFDest.vFCPUFDest'));
  let saving = 0;
  const bases: NonNullable<ReturnType<typeof baseOf>>[] = [];
  for (const tax of ['PIS', 'COFINS'] as const) {
    const b = baseOf(tax, taxes, op, icms, difal);
    if (!b) continue;
    // The law first where it charges nothing: a CST without debit (04–09), or PIS/COFINS extinct from 2027 (EC
    // 132/2023, ADCT art. 126, II) — the engine, on the document's own date and CST, says zero.
    if (figures && figures[`v${tax}`] === 0 && b.found > 0) {
      flagged.add('PIS/COFINS');
      add('valor-divergente', `v${tax}`, '0.00', money(b.found), {
        difference: money(b.found),
        ruleCode: `${tax.toLowerCase()}-lei`,
      });
      continue;
    }
    // vPIS = vBC × pPIS (MOC 4.00, grupos Q e S), on the base the document wrote.
    const docBase = t(taxes, `${tax}.vBC`);
    if (docBase !== undefined) {
      const exp = percentCents(toCents(docBase), b.rate);
      if (!sameCents(b.found, exp)) {
        flagged.add('PIS/COFINS');
        add('valor-divergente', `v${tax}`, money(exp), money(b.found), {
          difference: money(b.found - exp),
          ruleCode: `${tax.toLowerCase()}-calculo`,
        });
        continue;
      }
    }
    if (b.choice === null) {
      flagged.add('PIS/COFINS');
      const exp = percentCents(opts.base === 'com-icms' ? op : op - icms, b.rate);
      add('valor-divergente', `${tax}.vBC`, opts.base === 'com-icms' ? money(op) : money(op - icms), docBase ?? null, {
        difference: money(b.found - exp),
        ruleCode: `${tax.toLowerCase()}-base`,
      });
      continue;
    }
    bases.push(b);
  }
  const choices = new Set(bases.map((b) => b.choice));
  const used: Choice | null = choices.has('com-icms') ? 'com-icms' : choices.has('sem-icms') ? 'sem-icms' : null;
  if (!used || icms === 0) return 0;
  const foundSum = bases.reduce((s, b) => s + b.found, 0);
  if (opts.base !== 'auto' && used !== opts.base) {
    // One finding for both taxes: one cause (the base), against the company's own choice.
    const exp = bases.reduce((s, b) => s + percentCents(opts.base === 'com-icms' ? op : op - icms, b.rate), 0);
    flagged.add('PIS/COFINS');
    add(
      'valor-divergente',
      'PIS/COFINS.vBC',
      opts.base === 'com-icms' ? 'base com o ICMS (escolha da empresa)' : 'base sem o ICMS (escolha da empresa)',
      used === 'com-icms' ? 'base com o ICMS' : 'base sem o ICMS',
      { difference: money(foundSum - exp), ruleCode: 'pis-cofins-base-empresa' },
    );
    return 0;
  }
  if (used === 'com-icms' && opts.sale)
    saving = foundSum - bases.reduce((s, b) => s + percentCents(op - icms, b.rate), 0);
  return Math.max(saving, 0);
}

const IBS_CBS = [
  ['CBS', 'pCBS', 'vCBS'],
  ['IBSUF', 'pIBSUF', 'vIBSUF'],
  ['IBSMun', 'pIBSMun', 'vIBSMun'],
] as const;

/**
 * NT 2025.002, UB16-10: vBC = vProd + vServ + vFrete + vSeg + vOutro + vII + vIS − vDesc − vPIS − vCOFINS − vICMS −
 * vICMSUFDest − vFCP − vFCPUFDest − vICMSMono − vISSQN, each the item's own figure (vProd the goods', without the
 * IBS/CBS/IS a 2027+ vProd carries; vIS as the engine's formula adds it, cbs-ibs-item.ts — no IS before 2027); then
 * each value against the law's rate of the year and cClassTrib (the engine's) on the document's base.
 */
function checkIbsCbs(
  prod: Record<string, string>,
  taxes: Record<string, string>,
  figures: Figures,
  add: Add,
  flagged: OwnFiguresResult['flagged'],
) {
  const docBase = t(taxes, 'IBSCBS.vBC');
  if (docBase === undefined) return;
  const minus = [
    'ICMS.vICMS',
    'PIS.vPIS',
    'COFINS.vCOFINS',
    'ICMSUFDest.vICMSUFDest',
    'ICMS.vFCP',
    'ICMSUFDest.vFCPUFDest',
    'ICMS.vICMSMono',
  ];
  const added = toCents(t(taxes, 'II.vII')) + toCents(t(taxes, 'IS.vIS'));
  const exp = operationCents(prod) + added - minus.reduce((s, k) => s + toCents(t(taxes, k)), 0);
  const base = toCents(docBase);
  const engineBase = figures ? Math.round(figures.vBCIBSCBS! * 100) : 0;
  // The law's value of one tax on a base: the engine's effective rate (reductions and deferral applied).
  const lawValue = (field: string, onBase: number) =>
    figures && engineBase > 0 ? Math.round((onBase * Math.round(figures[field]! * 100)) / engineBase) : null;
  const foundSum = IBS_CBS.reduce((s, [, , v]) => s + toCents(t(taxes, `IBSCBS.${v}`)), 0);
  if (!sameCents(base, Math.max(exp, 0))) {
    flagged.add('IBSCBS');
    const right = IBS_CBS.map(([, , v]) => lawValue(v, Math.max(exp, 0)));
    add('valor-divergente', 'IBSCBS.vBC', money(Math.max(exp, 0)), docBase, {
      difference: right.every((x) => x !== null) ? money(foundSum - right.reduce((s, x) => s! + x!, 0)!) : null,
      ruleCode: 'ibscbs-base',
    });
    return;
  }
  for (const [, pTag, vTag] of IBS_CBS) {
    const found = t(taxes, `IBSCBS.${vTag}`);
    if (found === undefined) continue;
    const p = rateOf(t(taxes, `IBSCBS.${pTag}`));
    const law = lawValue(vTag, base);
    const own = p === null ? null : percentCents(base, p);
    if (law !== null && !sameCents(toCents(found), law)) {
      flagged.add('IBSCBS');
      const lawRate = figures![pTag];
      const rateDiffers = p !== null && lawRate !== undefined && Math.abs(p - lawRate) > 1e-9;
      add(
        rateDiffers ? 'aliquota-divergente' : 'valor-divergente',
        rateDiffers ? pTag : vTag,
        rateDiffers ? String(lawRate) : money(law),
        rateDiffers ? String(p) : found,
        {
          difference: money(toCents(found) - law),
          ruleCode: rateDiffers ? 'ibscbs-aliquota' : 'ibscbs-calculo',
        },
      );
    } else if (law === null && own !== null && !sameCents(toCents(found), own)) {
      flagged.add('IBSCBS');
      add('valor-divergente', vTag, money(own), found, {
        difference: money(toCents(found) - own),
        ruleCode: 'ibscbs-calculo',
      });
    }
  }
}
