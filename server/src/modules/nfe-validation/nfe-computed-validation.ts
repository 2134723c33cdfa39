import {
  type TNfeComputedValidation,
  type TNfeEnvelope,
  type TTaxCalculateRequest,
  todayInBrazil,
  ZTaxItemWithCheckedOperacao,
} from '@app/contract';
import { calculateNfe, nfeShell, nodeToXml, payWith, writeCompletedNfe } from '@app/tax-engine';
import type { DbOrTx } from '../../db/client.js';
import { buildContextFrom } from '../tax/tax-context.js';
import { readIndexedFacts, readSharedFacts } from '../tax/tax-facts-cache.js';
import { nfeTablesOf } from './nfe-tables.js';
import { validateNfeXml } from './nfe-validation.service.js';

/**
 * POST /tax/calculate-nfe with `validar: true`: the invoice the request describes, written as an NF-e by the writer
 * of /nfe/complete (a stand-in issuer and recipient around the request's operation, nfeShell) with the engine's
 * figures, then validated by the same rule book and schema as /nfe/validate. Called after the figures were answered
 * without error, so every item is already accepted; the invoice is computed again here, in one go, to write it.
 */
export async function validateComputedNfe(db: DbOrTx, body: TNfeEnvelope): Promise<TNfeComputedValidation> {
  const operacao = body.operacao;
  const date = operacao.data ?? todayInBrazil();
  const facts = await readSharedFacts(db);
  const itens = body.itens.map(
    (item) => ZTaxItemWithCheckedOperacao.parse({ operacao, item }).item as TTaxCalculateRequest['item'],
  );
  const contexts = itens.map((item) => buildContextFrom(facts.read, { operacao, item }, date));
  const input = { operacao: { ...operacao, data: date }, itens };
  const result = calculateNfe(input, (_, i) => contexts[i]!);
  const nfe = writeCompletedNfe(nfeShell(input), input, result, contexts, Number(date.slice(0, 4)));
  const xml = `<?xml version="1.0" encoding="UTF-8"?>${nodeToXml(payWith(nfe, result.total.ICMSTot.vNF))}`;
  const v = await validateNfeXml(xml, { data: date, tabelas: nfeTablesOf(await readIndexedFacts(db)) });
  return { valida: v.valida, regras: v.regras, rejeicoes: v.rejeicoes, alertas: v.alertas };
}
