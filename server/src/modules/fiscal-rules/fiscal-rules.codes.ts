import { registerErrors } from '../../lib/app-error.js';
import { registerAuditCodes } from '../../lib/audit.js';

/**
 * Error and audit codes of the fiscal-rules area. Its audit events are in the Products range
 * (3071–3089; spec 02 §7 has Users, Companies and Products only): migration 0550 moved the earlier 4001–4010.
 */
registerErrors({
  FISCAL_RULE_NOT_FOUND: { status: 404, message: 'Regra fiscal não encontrada.' },
  FISCAL_RULE_DUPLICATE: { status: 409, message: 'Já existe uma regra fiscal para esse NCM, CEST e UF.' },
  FISCAL_RULE_IDENTITY_LOCKED: {
    status: 400,
    message: 'O NCM, o CEST e a UF de uma regra fiscal não podem ser alterados. Clone a regra para criar outra.',
  },
  FISCAL_RULE_NAME_INVALID: {
    status: 400,
    message: 'O nome da regra fiscal precisa ter no mínimo 5 caracteres e no máximo 300 caracteres!',
  },
  FISCAL_RULE_NOT_CHECKED: { status: 400, message: 'A regra fiscal precisa estar conferida para conferir produtos.' },
  RULE_PRODUCT_NOT_FOUND: { status: 404, message: 'Produto não encontrado!' },
  RULE_PRODUCT_NOT_LINKED: { status: 400, message: 'Produto não está vinculado a uma regra fiscal.' },
  PRODUCT_NOT_CLASSIFIED: { status: 400, message: 'Produto não está classificado' },
  RULE_UF_MISMATCH: { status: 400, message: 'A Regra selecionada não pode ser de uma UF diferente da UF da empresa' },
});

export const AUDIT = {
  ruleCreated: 3071,
  ruleUpdated: 3072,
  ruleChecked: 3073,
  ruleUnchecked: 3074,
  productChecked: 3075,
  productUnchecked: 3076,
  productsCheckedAll: 3077,
  productsUncheckedAll: 3078,
  productUnbound: 3079,
  productsLinked: 3080,
} as const;

registerAuditCodes({
  3071: { module: 'Products', description: 'Regra fiscal cadastrada' },
  3072: { module: 'Products', description: 'Regra fiscal alterada (nova versão)' },
  3073: { module: 'Products', description: 'Regra fiscal marcada como conferida' },
  3074: { module: 'Products', description: 'Regra fiscal desmarcada como conferida' },
  3075: { module: 'Products', description: 'Produto marcado como conferido na regra fiscal' },
  3076: { module: 'Products', description: 'Produto desmarcado como conferido na regra fiscal' },
  3077: { module: 'Products', description: 'Todos os produtos da regra fiscal marcados como conferidos' },
  3078: { module: 'Products', description: 'Todos os produtos da regra fiscal desmarcados como conferidos' },
  3079: { module: 'Products', description: 'Produto desvinculado da regra fiscal' },
  3080: { module: 'Products', description: 'Produtos vinculados à regra fiscal' },
});
