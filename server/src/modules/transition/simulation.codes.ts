import { registerErrors } from '../../lib/app-error.js';
import { registerAuditCodes } from '../../lib/audit.js';

/** Transition simulator (issue 25 §4): audit code 3780 of the Products module (numbered after its migration). */
registerAuditCodes({
  3780: { module: 'Products', description: 'Simulação da reforma tributária iniciada' },
});

registerErrors({
  SIMULATION_NOT_FOUND: { status: 404, message: 'Simulação não encontrada.' },
  SIMULATION_RUNNING: {
    status: 409,
    message: 'Já existe uma simulação da reforma em andamento para esta empresa. Aguarde o fim dela.',
  },
  SIMULATION_NOT_DONE: { status: 409, message: 'A simulação ainda não terminou.' },
});

export const SIMULATION_JOB = 'transition-simulation';
export const AUDIT_SIMULATION_STARTED = 3780;
