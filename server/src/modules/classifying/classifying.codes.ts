import { globalCurationMessages, pendingMessages } from '@app/contract';
import { registerErrors } from '../../lib/app-error.js';
import { registerAuditCodes } from '../../lib/audit.js';

/** Error and audit codes of classifying at scale (issue 10: Products 3040–3069). */
registerErrors({
  PENDING_CONFIRMATION_WRONG: { status: 400, message: pendingMessages.confirmationWrong },
  PENDING_ONLY: { status: 400, message: pendingMessages.onlyPending },
  GLOBAL_CODE_TAKEN: { status: 409, message: globalCurationMessages.codeTaken },
  GLOBAL_GTIN_TAKEN: { status: 409, message: 'O GTIN já pertence a outro produto global.' },
  GLOBAL_NCM_NOT_IN_FORCE: { status: 400, message: globalCurationMessages.ncmNotInForce },
  GLOBAL_CEST_MISMATCH: { status: 400, message: globalCurationMessages.cestMismatch },
  GLOBAL_IMPORT_TOO_LARGE: { status: 413, message: globalCurationMessages.fileTooLarge },
  GLOBAL_IMPORT_LAYOUT: { status: 400, message: globalCurationMessages.header },
  FANOUT_NOT_FOUND: { status: 404, message: 'Classificação em lote não encontrada.' },
});

export const AUDIT = {
  pendingDeleted: 3040,
  globalCreated: 3041,
  globalUpdated: 3042,
  globalImported: 3043,
  classifiedByGlobal: 3044,
  changeCheck: 3045,
} as const;

registerAuditCodes({
  3040: { module: 'Products', description: 'Produto pendente excluído (produtos pendentes globais)' },
  3041: { module: 'Products', description: 'Produto global cadastrado' },
  3042: { module: 'Products', description: 'Produto global alterado' },
  3043: { module: 'Products', description: 'Base global de produtos importada' },
  3044: { module: 'Products', description: 'Produtos pendentes classificados pela base global (GTIN)' },
  3045: { module: 'Products', description: 'Consulta de produtos alterados realizada' },
});
