import { cClassTribModelRules } from './rules-cclasstrib-model.js';
import { cfopRules } from './rules-cfop.js';
import { ibsCbsRules } from './rules-ibscbs.js';
import { ibsCbsTotalRules } from './rules-ibscbs-totals.js';
import { ideRules } from './rules-ide.js';
import { ieRules } from './rules-ie.js';
import { itemTotalRules } from './rules-item-total.js';
import { itemRules } from './rules-items.js';
import { nfceRules } from './rules-nfce.js';
import { paymentRules } from './rules-payment.js';
import { totalRules } from './rules-totals.js';
import { tribRegularRules } from './rules-trib-regular.js';
import { ufNcmRules } from './rules-uf-ncm.js';
import type { Rule, RuleGroup, UncheckedRule } from './types.js';

/** Every rule the engine checks, in the order of the layout groups. */
export const RULE_BOOK: readonly Rule[] = [
  ...ideRules,
  ...ieRules,
  ...ufNcmRules,
  ...itemRules,
  ...cfopRules,
  ...nfceRules,
  ...ibsCbsRules,
  ...tribRegularRules,
  ...cClassTribModelRules,
  ...totalRules,
  ...itemTotalRules,
  ...ibsCbsTotalRules,
  ...paymentRules,
];

const u = (id: string, codigo: string, mensagem: string, grupo: RuleGroup, motivo: string): UncheckedRule => ({
  id,
  codigo,
  mensagem,
  grupo,
  motivo,
});

const records = 'Depende da base de dados da SEFAZ (documentos já autorizados): não há como conferir fora dela.';
const registry = 'Depende do cadastro de contribuintes da SEFAZ.';
const reception = 'Depende do Web Service que recebe a nota (UF autorizadora e ambiente da conexão), não do documento.';

/** Rules of the groups above that no offline check can decide, and why. */
export const NOT_CHECKABLE_OFFLINE: readonly UncheckedRule[] = [
  u('2B08-20', '204', 'Rejeição: Duplicidade de NF-e [nRec:999999999999999]', 'B', records),
  u('2B08-10', '539', 'Rejeição: Duplicidade de NF-e com diferença na Chave de Acesso', 'B', records),
  u('B02-10', '226', 'Rejeição: Código da UF do Emitente diverge da UF autorizadora', 'B', reception),
  u('B24-10', '252', 'Rejeição: Ambiente informado diverge do Ambiente de recebimento', 'B', reception),
  u(
    '3BA02-70',
    '1095',
    'Rejeição: Chave de acesso referenciada deve existir e não estar cancelada [nRef: xxx]',
    'B',
    records,
  ),
  u('11BC01-20', '1147', 'Rejeição: NF-e referenciada de pagamento antecipado inexistente', 'B', records),
  u('1C17-10', '230', 'Rejeição: IE do emitente não cadastrada', 'C', registry),
  u('1C17-20', '231', 'Rejeição: IE do emitente não vinculada ao CNPJ', 'C', registry),
  u('7C21-10', '481', 'Rejeição: Código Regime Tributário do emitente diverge do cadastro na SEFAZ', 'C', registry),
  u('5E17-10', '233', 'Rejeição: IE do destinatário não cadastrada', 'E', registry),
  u('5E17-20', '234', 'Rejeição: IE do destinatário não vinculada ao CNPJ', 'E', registry),
  u(
    'F03',
    '213',
    'Rejeição: CNPJ-Base do Emitente difere do CNPJ-Base do Certificado Digital',
    'A',
    'Assinatura digital: exige o certificado e sua cadeia ICP-Brasil; a validação aqui acontece antes da assinatura (o ERP assina).',
  ),
];

/**
 * Rules of these groups known by id and code but not implemented yet, with the reason (exceptions not confirmed in
 * the consulted text, or a table the engine does not carry). Listed in the conformance table so nobody takes their
 * absence for a pass.
 */
export const NOT_IMPLEMENTED: readonly UncheckedRule[] = [
  u(
    'UB16-10',
    '1104',
    'Rejeição: Valor da Base de cálculo do IBS e CBS difere do somatório dos valores que a compõem [nItem: 999]',
    'UB',
    'Texto da regra (composição da base por ano) não lido na NT 2025.002; removida pela NT 2026.008.',
  ),
  u(
    'UB23-10',
    '1031',
    'Rejeição: Valor do Diferimento da UF difere do calculado [nItem: 999]',
    'UB',
    'Texto da regra (fórmula do diferimento e sua tolerância) não lido na NT 2025.002.',
  ),
];
