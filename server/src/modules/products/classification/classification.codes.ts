import { classificationMessages } from '@app/contract';
import { registerErrors } from '../../../lib/app-error.js';
import { registerAuditCodes } from '../../../lib/audit.js';

/**
 * Error and audit codes of classifying a product (issue 9; audit module Products, 3020–3039).
 * Binding one product keeps the codes 3007 (bound and classified) and 3008 (sent to audit).
 */
registerErrors({
  PRODUCT_NOT_IN_AUDIT: { status: 400, message: 'Somente produtos Em Auditoria podem ser auditados.' },
  PRODUCTS_BIND_NOT_ALLOWED: {
    status: 400,
    message: 'Um ou mais produtos marcados não estão Pendentes e não podem ser vinculados.',
  },
  AUDIT_RULE_MISSING: {
    status: 400,
    message: 'O produto global não possui regra fiscal para a UF da empresa: cadastre a regra antes de aprovar.',
  },
  INTEGRATOR_PRODUCT_NOT_FOUND: { status: 404, message: 'Produto não encontrado no serviço fiscal.' },
  PRODUCT_NOT_CLASSIFIED_DETAILS: { status: 400, message: classificationMessages.notClassified },
  BINDING_NOT_FOUND: { status: 404, message: 'Vínculo não encontrado.' },
  BINDING_UNDO_OTHER_SESSION: {
    status: 409,
    message: 'Só é possível desfazer um vínculo na mesma sessão em que ele foi feito.',
  },
  BINDING_ALREADY_UNDONE: { status: 409, message: 'Este vínculo já foi desfeito.' },
  BINDING_UNDO_CHANGED: {
    status: 409,
    message: 'O produto mudou depois do vínculo (auditoria, regra ou cadastro): desfazer não é mais possível.',
  },
  NO_EQUIVALENT_NOT_PENDING: {
    status: 400,
    message: 'Somente um produto Pendente pode ser marcado como sem equivalente na base compartilhada.',
  },
});

export const CLASSIFICATION_AUDIT = {
  auditApproved: 3020,
  auditReturned: 3021,
  bindingUndone: 3022,
  noEquivalent: 3023,
} as const;

registerAuditCodes({
  3020: { module: 'Products', description: 'Vínculo aprovado na auditoria' },
  3021: { module: 'Products', description: 'Produto devolvido na auditoria' },
  3022: { module: 'Products', description: 'Vínculo a um produto global desfeito' },
  3023: { module: 'Products', description: 'Nenhum equivalente na base compartilhada' },
});
