import {
  describeCodeProblem,
  describeLayoutProblem,
  describeRateProblem,
  describeValueProblem,
  type LayoutDecimal,
  layoutDecimals,
} from '@app/tax-engine';
import { z } from 'zod';

/**
 * POST /tax/calculate: one NF-e item, with the NF-e layout's tag names so an ERP developer
 * recognises them. Amounts and rates accept numbers or decimal strings ("10.5" or "10,5"): ERPs
 * send both, and a string keeps every digit a binary float would lose.
 */

export function decimalField(label: string, kind: 'valor' | 'percentual') {
  const describe = kind === 'valor' ? describeValueProblem : describeRateProblem;
  return z
    .union([z.number(), z.string()], { message: `${label}: informe um número (ex.: 10.50).` })
    .superRefine((v, ctx) => {
      const problem = describe(label, v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .meta({ description: `${label} (número ou texto decimal)` });
}
export const valor = (label: string) => decimalField(label, 'valor');
export const percentual = (label: string) => decimalField(label, 'percentual');

/** A decimal held to the layout format of its tag (integer digits, decimals, below 100 % for rates). */
export function layoutField(label: string, spec: LayoutDecimal, format: string) {
  return z
    .union([z.number(), z.string()], { message: `${label}: informe um número (ex.: 10.50).` })
    .superRefine((v, ctx) => {
      const problem = describeLayoutProblem(label, v, spec);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .meta({ description: `${label} (número ou texto decimal, leiaute ${format})` });
}
/** vProd, vFrete, vSeg, vOutro, vDesc: 13v2. */
export const valorNfe = (label: string) => layoutField(label, layoutDecimals.valor, '13v2');
/** pIPI, pPIS, pCOFINS: 3v2-4; pIPI may pass 100 % (TIPI). */
export const aliquota = (label: string) => layoutField(label, layoutDecimals.percentual, '3v2-4');
/** pDif of the IBS/CBS gDif (3v2-4): 0 to 100 % inclusive (NT 2025.002: a deferral may be of all of the tax). */
export const percentualAte100 = (label: string) => layoutField(label, layoutDecimals.percentualAte100, '3v2-4');
export const aliquotaIpi = (label: string) => layoutField(label, layoutDecimals.aliquotaIpi, '3v2-4');
export const quantidade = (label: string) => layoutField(label, layoutDecimals.quantidade, '11v0-4');
export const valorUnitario = (label: string) => layoutField(label, layoutDecimals.valorUnitario, '11v0-10');
export const quantidadeTributo = (label: string) => layoutField(label, layoutDecimals.quantidadeTributo, '12v0-4');
export const valorPorUnidade = (label: string) => layoutField(label, layoutDecimals.valorPorUnidade, '11v0-4');

export function codeField(label: string, codes: readonly string[]) {
  return z
    .string({ message: `${label}: informe o código.` })
    .trim()
    .superRefine((v, ctx) => {
      const problem = describeCodeProblem(label, v, codes) ?? (v ? null : `${label}: informe o código.`);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}
