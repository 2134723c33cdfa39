import { isSameValue, toDecimal } from '../decimal.js';
import { TaxInputError } from '../input-checks.js';
import { findInterstateRate, isImportedOrigin } from '../interstate-rate.js';
import { findIcmsSituation, reliefReasonsByCst } from './icms-situation.js';
import { checkIcmsStInputs } from './icms-st-checks.js';
import type { NfeItemInput } from './types.js';

export interface IcmsProblem {
  /** Path of the request field, as the API names it (operacao.crt, item.icms.pRedBC). */
  field: string;
  message: string;
}

const given = (v: unknown) => v !== undefined && v !== null && v !== '';
const simplesCrt = (crt?: number) => crt === 1 || crt === 4;

/** CRT against CST/CSOSN (MOC 7.0, regras de validação N12-10/N12a-10): Simples takes CSOSN, regime normal CST. */
function checkCrt(input: NfeItemInput, out: IcmsProblem[]): void {
  const { crt } = input.operacao;
  const { cst, csosn } = input.item.icms;
  if (crt === undefined) return;
  if (simplesCrt(crt) && cst)
    out.push({
      field: 'operacao.crt',
      message: `crt ${crt} (Simples Nacional) usa CSOSN: o CST ${cst} é do regime normal. Informe item.icms.csosn.`,
    });
  if (!simplesCrt(crt) && csosn)
    out.push({
      field: 'operacao.crt',
      message: `crt ${crt} (regime normal) usa CST: o CSOSN ${csosn} é do Simples Nacional. Informe item.icms.cst.`,
    });
}

/** Interstate rate of Res. Senado 22/1989 and 13/2012 (4 % for origins 1, 2, 3 and 8). */
function checkInterstateRate(input: NfeItemInput, out: IcmsProblem[]): void {
  const op = input.operacao;
  const { pICMS } = input.item.icms;
  if (!given(pICMS) || toDecimal(pICMS).isZero()) return;
  const imported = isImportedOrigin(input.item.origem);
  const expected = findInterstateRate(op.ufOrigem, op.ufDestino, { imported });
  if (expected === null || isSameValue(toDecimal(pICMS), toDecimal(expected))) return;
  const why = imported
    ? `mercadoria de origem ${input.item.origem} (importada): 4% pela Resolução do Senado 13/2012`
    : `Resolução do Senado 22/1989: ${expected}% de ${op.ufOrigem} para ${op.ufDestino}`;
  out.push({
    field: 'item.icms.pICMS',
    message: `pICMS ${toDecimal(pICMS).toString()}% não é a alíquota interestadual desta operação (${why}).`,
  });
}

function checkReductionAndRelief(input: NfeItemInput, cst: string, out: IcmsProblem[]): void {
  const { pRedBC, motDesICMS } = input.item.icms;
  if ((cst === '20' || cst === '70') && (!given(pRedBC) || toDecimal(pRedBC).isZero()))
    out.push({
      field: 'item.icms.pRedBC',
      message: `pRedBC: informe o percentual de redução da base de cálculo (obrigatório no CST ${cst}).`,
    });
  if (cst === '00' && given(pRedBC) && !toDecimal(pRedBC).isZero())
    out.push({
      field: 'item.icms.pRedBC',
      message: 'pRedBC não se aplica ao CST 00 (tributada integralmente): base reduzida é o CST 20.',
    });
  if (!given(motDesICMS)) return;
  const reasons = reliefReasonsByCst[cst];
  if (!reasons)
    out.push({
      field: 'item.icms.motDesICMS',
      message: `motDesICMS não se aplica ao CST ${cst} (sem ICMS desonerado).`,
    });
  else if (!reasons.includes(String(Number(motDesICMS))))
    out.push({
      field: 'item.icms.motDesICMS',
      message: `motDesICMS ${motDesICMS} não existe para o CST ${cst}. Use um dos motivos: ${reasons.join(', ')}.`,
    });
}

function checkSimplesCredit(input: NfeItemInput, out: IcmsProblem[]): void {
  const { csosn, pCredSN } = input.item.icms;
  const situation = findIcmsSituation(input.item.icms.cst, csosn);
  if (given(pCredSN) && !situation?.simplesCredit)
    out.push({ field: 'item.icms.pCredSN', message: 'pCredSN só se aplica aos CSOSN 101, 201 e 900.' });
  if ((csosn === '101' || csosn === '201') && !given(pCredSN))
    out.push({
      field: 'item.icms.pCredSN',
      message: `pCredSN: informe a alíquota do crédito do Simples Nacional (obrigatória no CSOSN ${csosn}).`,
    });
}

/**
 * Every ICMS input the NF-e would reject or the engine could not compute, as field + Portuguese message
 * (issue 21 §3). The contract's request schema reports them all as a 400; the engine refuses the first.
 */
export function describeIcmsProblems(input: NfeItemInput): IcmsProblem[] {
  const out: IcmsProblem[] = [];
  const op = input.operacao;
  if (!op.contribuinte && !op.consumidorFinal)
    out.push({
      field: 'operacao.consumidorFinal',
      message:
        'consumidorFinal: a venda a destinatário não contribuinte é sempre a consumidor final (indFinal = 1; rejeição 696 da NF-e).',
    });
  checkCrt(input, out);
  const { cst } = input.item.icms;
  if (cst) checkReductionAndRelief(input, cst.slice(-2), out);
  checkSimplesCredit(input, out);
  checkInterstateRate(input, out);
  checkIcmsStInputs(input, out);
  return out;
}

/** The engine's own guard: nothing is computed from an input describeIcmsProblems refuses. */
export function assertIcmsInput(input: NfeItemInput): void {
  const [first] = describeIcmsProblems(input);
  if (first) throw new TaxInputError(first.field, first.message);
}
