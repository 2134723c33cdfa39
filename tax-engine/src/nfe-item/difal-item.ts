import type { Decimal } from 'decimal.js';
import { isAboveZero, TaxDecimal, toDecimal, ZERO } from '../decimal.js';
import { calculateDifal } from '../difal.js';
import { TaxInputError } from '../input-checks.js';
import { findInterstateRate, isImportedOrigin } from '../interstate-rate.js';
import type { IcmsSituation } from './icms-situation.js';
import type { Memoria } from './memoria.js';
import type { NfeItemContext, NfeItemInput } from './types.js';

// A sale to a final consumer who is not a taxpayer is LC 87 art. 12, XVI, whose base is art. 13, X and §7º;
// art. 13, IX and §6º are the taxpayer's own DIFAL (art. 12, XIII and XV) — decision 048, text read.
export const difalDoubleBaseBasis =
  'LC 87/1996, art. 13, X, §1º, I, §3º e §7º (LC 190/2022): o ICMS do destino integra a base, estabelecida pela alíquota interna do destino';
export const difalSingleBaseBasis =
  'LC 87/1996, art. 13, X e §3º (LC 190/2022), base única conforme a lei da UF de destino';

export interface DifalItem {
  vBCUFDest: Decimal;
  vICMSUFDest: Decimal;
  vFCPUFDest: Decimal;
}

/** True when the item owes DIFAL: interstate, to a final consumer who is not an ICMS taxpayer, and taxed. */
export function isDifalDue(input: NfeItemInput, situation: IcmsSituation | undefined): boolean {
  const op = input.operacao;
  return op.ufOrigem !== op.ufDestino && op.consumidorFinal && !op.contribuinte && !!situation && !situation.exempt;
}

/**
 * The ICMSUFDest group (EC 87/2015, Convênio ICMS 236/2021, LC 190/2022): the method and the
 * destination rates come from the request or, when it does not say, from the destination's state rule.
 */
export function calculateDifalItem(
  input: NfeItemInput,
  operationValue: Decimal,
  ctx: NfeItemContext,
  m: Memoria,
): DifalItem {
  const op = input.operacao;
  const dest = ctx.destination;
  const zero = ZERO;
  if (op.crt === 1 || op.crt === 4) {
    m.add({
      campo: 'vICMSUFDest',
      descricao: 'DIFAL não devido: remetente optante pelo Simples Nacional (venda a não contribuinte)',
      formula: 'Simples Nacional (CRT 1 ou 4): zero',
      valores: { crt: String(op.crt) },
      resultado: zero,
      baseLegal:
        'STF ADI 5.464 (cláusula nona do Convênio ICMS 93/2015 inconstitucional para o Simples Nacional); LC 123/2006, art. 13, §1º, XIII',
    });
    return { vBCUFDest: zero, vICMSUFDest: zero, vFCPUFDest: zero };
  }
  const method = op.difal ?? dest?.difalMethod;
  if (!method)
    throw new TaxInputError(
      'operacao.difal',
      `difal: não há regra de DIFAL da UF ${op.ufDestino} em vigor na data da operação; informe 'simples' ou 'dupla'.`,
    );
  const internalRate = input.item.icms.pICMSUFDest ?? dest?.internalRate;
  if (internalRate === undefined || internalRate === null)
    throw new TaxInputError(
      'item.icms.pICMSUFDest',
      `pICMSUFDest: a tabela de alíquotas não cobre a UF ${op.ufDestino} na data da operação; informe a alíquota interna.`,
    );
  const fcpRate = input.item.icms.pFCPUFDest ?? dest?.fcpRate;
  if (fcpRate === undefined || fcpRate === null)
    throw new TaxInputError(
      'item.icms.pFCPUFDest',
      `pFCPUFDest: a tabela de alíquotas não cobre o FCP da UF ${op.ufDestino} na data da operação; informe o percentual (0 se não houver).`,
    );
  const legalInterstate =
    findInterstateRate(op.ufOrigem, op.ufDestino, { imported: isImportedOrigin(input.item.origem) }) ?? 0;
  // 2029–2032 (ADCT art. 128): the interstate rate shrinks with the internal ones, so the difference keeps its share.
  const interstateRate =
    ctx.icmsShare === undefined ? legalInterstate : toDecimal(legalInterstate).times(ctx.icmsShare);
  const fcpInGrossUp = method === 'dupla' && (dest?.difalFcpInGrossUp ?? false);
  const r = calculateDifal({
    type: method === 'dupla' ? 2 : 1,
    operationValue,
    interstateRate,
    internalRate,
    fcpRate,
    fcpInGrossUp,
  });
  // The request's method overrides the state's row: the memória must not credit the row with it.
  const source = op.difal
    ? '; método informado na requisição (operacao.difal)'
    : dest
      ? `; regra da UF ${dest.uf}: ${dest.source}`
      : '';
  m.add({
    campo: 'vBCUFDest',
    descricao: method === 'dupla' ? 'Base do DIFAL, base dupla ("por dentro")' : 'Base do DIFAL, base única',
    formula:
      method === 'dupla'
        ? `(valor da operação − valor × pICMSInter) / (1 − ${fcpInGrossUp ? '(pICMSUFDest + pFCPUFDest)' : 'pICMSUFDest'})`
        : 'valor da operação (com IPI)',
    valores: {
      valorOperacao: operationValue,
      pICMSInter: interstateRate,
      pICMSUFDest: internalRate,
      pFCPUFDest: fcpRate,
    },
    resultado: new TaxDecimal(r.base),
    baseLegal: `${method === 'dupla' ? difalDoubleBaseBasis : difalSingleBaseBasis}${source}`,
  });
  m.add({
    campo: 'vICMSUFDest',
    descricao: 'ICMS devido à UF de destino (DIFAL)',
    formula: 'vBCUFDest × pICMSUFDest − ICMS interestadual (nunca negativo)',
    valores: { vBCUFDest: r.base, pICMSUFDest: internalRate, icmsInterestadual: r.icmsOrigin },
    resultado: new TaxDecimal(r.difal),
    baseLegal: 'CF, art. 155, §2º, VII e VIII (EC 87/2015); Convênio ICMS 236/2021, cláusula segunda',
  });
  if (isAboveZero(toDecimal(fcpRate))) {
    m.add({
      campo: 'vFCPUFDest',
      descricao: 'FCP devido à UF de destino',
      formula: 'vBCUFDest × pFCPUFDest',
      valores: { vBCUFDest: r.base, pFCPUFDest: fcpRate },
      resultado: new TaxDecimal(r.fcp),
      baseLegal: 'ADCT, art. 82, §1º (adicional de FCP na alíquota interna da UF de destino); Convênio ICMS 236/2021',
    });
  }
  return {
    vBCUFDest: new TaxDecimal(r.base),
    vICMSUFDest: new TaxDecimal(r.difal),
    vFCPUFDest: new TaxDecimal(r.fcp),
  };
}
