import { describeCodeProblem, describeRateProblem, describeValueProblem } from '@app/tax-engine';
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

export function codeField(label: string, codes: readonly string[]) {
  return z
    .string({ message: `${label}: informe o código.` })
    .trim()
    .superRefine((v, ctx) => {
      const problem = describeCodeProblem(label, v, codes) ?? (v ? null : `${label}: informe o código.`);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}
