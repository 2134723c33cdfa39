import type { IcmsProblem } from './icms-checks.js';
import { findIcmsSituation } from './icms-situation.js';
import type { NfeItemIcms, NfeItemInput } from './types.js';

const given = (v: unknown) => v !== undefined && v !== null && v !== '';

/** modBCST → the inputs its base needs (MOC 7.0, campo N18; 6 from NT 2019.001). */
export const stBaseInputs: Record<number, readonly ('pMVAST' | 'vPauta' | 'vPMC' | 'qTrib')[]> = {
  0: ['vPMC', 'qTrib'],
  1: ['vPMC', 'qTrib'],
  2: ['vPMC', 'qTrib'],
  3: ['vPMC', 'qTrib'],
  4: ['pMVAST'],
  5: ['vPauta', 'qTrib'],
  6: [],
};

/** modBCST as sent, or 4 (MVA) when only pMVAST is given (the older request shape). */
export function resolveModBCST(icms: NfeItemIcms): number | undefined {
  if (icms.modBCST !== undefined) return icms.modBCST;
  return given(icms.pMVAST) ? 4 : undefined;
}

const stFields = ['modBCST', 'pMVAST', 'pICMSST', 'pRedBCST', 'pFCPST', 'vPauta', 'vPMC'] as const;
export const hasStInput = (icms: NfeItemIcms) => stFields.some((f) => given(icms[f]));

function need(out: IcmsProblem[], icms: NfeItemIcms, qTrib: unknown, fields: readonly string[], why: string) {
  for (const f of fields) {
    const value = f === 'qTrib' ? qTrib : icms[f as keyof NfeItemIcms];
    if (!given(value))
      out.push({ field: f === 'qTrib' ? 'item.qTrib' : `item.icms.${f}`, message: `${f}: informe o campo (${why}).` });
  }
}

/** ST, ST retained before, deferral and monophasic fuel: the inputs each group needs. */
export function checkIcmsStInputs(input: NfeItemInput, out: IcmsProblem[]): void {
  const { icms, qTrib } = input.item;
  const situation = findIcmsSituation(icms.cst, icms.csosn);
  if (!situation) return;
  const code = icms.csosn ? `CSOSN ${icms.csosn}` : `CST ${icms.cst}`;
  const modBC = icms.modBC ?? 3;
  if (situation.ownTax && modBC === 1) need(out, icms, qTrib, ['vPauta', 'qTrib'], 'modBC 1: pauta × quantidade');
  if (situation.ownTax && modBC === 2)
    need(out, icms, qTrib, ['vPMC', 'qTrib'], 'modBC 2: preço tabelado × quantidade');
  if (situation.st === 'always' || (situation.st === 'optional' && hasStInput(icms))) {
    if (!given(icms.pICMSST))
      out.push({ field: 'item.icms.pICMSST', message: `pICMSST: informe a alíquota do ICMS-ST (${code}).` });
    const mod = resolveModBCST(icms);
    if (mod === undefined)
      out.push({
        field: 'item.icms.modBCST',
        message: `modBCST: informe a modalidade da base do ICMS-ST (${code}): 0 a 3 preço/listas, 4 MVA, 5 pauta, 6 valor da operação.`,
      });
    else need(out, icms, qTrib, stBaseInputs[mod] ?? [], `modBCST ${mod}`);
  }
  if (situation.retained && (given(icms.vBCSTRet) || given(icms.pST) || given(icms.vICMSSubstituto)))
    need(out, icms, qTrib, ['vBCSTRet', 'pST', 'vICMSSubstituto'], `ICMS-ST retido anteriormente, ${code}`);
  if (situation.retained && given(icms.pFCPSTRet))
    need(out, icms, qTrib, ['vBCFCPSTRet'], `FCP-ST retido anteriormente, ${code}`);
  if (situation.deferral && given(icms.pICMS)) need(out, icms, qTrib, ['pDif'], `diferimento, ${code}`);
  if (situation.mono === 'own' || situation.mono === 'own-retention' || situation.mono === 'deferred')
    need(out, icms, qTrib, ['qBCMono', 'adRemICMS'], `ICMS monofásico, ${code}`);
  if (situation.mono === 'own-retention')
    need(out, icms, qTrib, ['qBCMonoReten', 'adRemICMSReten'], `ICMS monofásico retido, ${code}`);
  if (situation.mono === 'deferred') need(out, icms, qTrib, ['pDif'], `ICMS monofásico diferido, ${code}`);
  if (situation.mono === 'charged-before')
    need(out, icms, qTrib, ['qBCMonoRet', 'adRemICMSRet'], `ICMS monofásico cobrado anteriormente, ${code}`);
  checkAdRemReduction(icms, out);
}

/**
 * pRedAdRem/motRedAdRem (NT 2023.001, N47/N48) are refused by name rather than dropped: the layout only says
 * "Percentual de redução do valor da alíquota ad rem do ICMS", and neither the layout nor the texts read say
 * whether it reduces adRemICMS, adRemICMSReten or is already inside the rate the issuer sends (decision 048).
 * Dropping it would answer the unreduced figure as if it were right.
 */
function checkAdRemReduction(icms: NfeItemIcms, out: IcmsProblem[]): void {
  for (const f of ['pRedAdRem', 'motRedAdRem'] as const)
    if (given(icms[f]))
      out.push({
        field: `item.icms.${f}`,
        message: `${f}: a redução da alíquota ad rem (grupo ICMS15) não é calculada; envie em adRemICMS e adRemICMSReten as alíquotas já aplicadas, sem ${f}.`,
      });
}
