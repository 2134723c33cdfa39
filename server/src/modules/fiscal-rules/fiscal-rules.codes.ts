import { registerErrors } from '../../lib/app-error.js';
import { registerAuditCodes } from '../../lib/audit.js';

/** Error and audit codes of the fiscal-rules area (audit module FiscalRules, 4000–4999). */
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
  ruleCreated: 4001,
  ruleUpdated: 4002,
  ruleChecked: 4003,
  ruleUnchecked: 4004,
  productChecked: 4005,
  productUnchecked: 4006,
  productsCheckedAll: 4007,
  productsUncheckedAll: 4008,
  productUnbound: 4009,
  productsLinked: 4010,
} as const;

registerAuditCodes({
  4001: { module: 'FiscalRules', description: 'Regra fiscal cadastrada' },
  4002: { module: 'FiscalRules', description: 'Regra fiscal alterada (nova versão)' },
  4003: { module: 'FiscalRules', description: 'Regra fiscal marcada como conferida' },
  4004: { module: 'FiscalRules', description: 'Regra fiscal desmarcada como conferida' },
  4005: { module: 'FiscalRules', description: 'Produto marcado como conferido na regra fiscal' },
  4006: { module: 'FiscalRules', description: 'Produto desmarcado como conferido na regra fiscal' },
  4007: { module: 'FiscalRules', description: 'Todos os produtos da regra fiscal marcados como conferidos' },
  4008: { module: 'FiscalRules', description: 'Todos os produtos da regra fiscal desmarcados como conferidos' },
  4009: { module: 'FiscalRules', description: 'Produto desvinculado da regra fiscal' },
  4010: { module: 'FiscalRules', description: 'Produtos vinculados à regra fiscal' },
});
