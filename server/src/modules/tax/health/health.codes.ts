import { registerErrors } from '../../../lib/app-error.js';
import { registerAuditCodes } from '../../../lib/audit.js';

/** Catalogue health check (issue 14): audit codes 3070–3079 of the Products module. */
registerAuditCodes({
  3070: { module: 'Products', description: 'Verificação de saúde fiscal do catálogo iniciada' },
});

registerErrors({
  HEALTH_CHECK_RUNNING: {
    status: 409,
    message: 'Já existe uma verificação de saúde fiscal em andamento para esta empresa.',
  },
});

export const HEALTH_CHECK_JOB = 'catalogue-health-check';
export const AUDIT_HEALTH_CHECK_STARTED = 3070;
