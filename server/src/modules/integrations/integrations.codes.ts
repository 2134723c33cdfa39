import { registerErrors } from '../../lib/app-error.js';
import { registerAuditCodes } from '../../lib/audit.js';

/** Error and audit codes of the ERP sync (decision 032). */
registerErrors({
  API_KEY_ROUTE_REFUSED: { status: 403, message: 'Esta rota não aceita chave de API.' },
  API_KEY_NOT_FOUND: { status: 404, message: 'Chave de API não encontrada.' },
  API_KEY_PARTNER_SCOPE: {
    status: 400,
    message: 'Escolha a empresa da chave: só a equipe do parceiro cria chaves para todas as empresas.',
  },
  INTEGRATION_WRITE_DENIED: { status: 403, message: 'Você não tem permissão de escrita nesta empresa.' },
  WEBHOOK_NOT_FOUND: { status: 404, message: 'Webhook não encontrado.' },
  WEBHOOK_DELIVERY_NOT_FOUND: { status: 404, message: 'Entrega não encontrada.' },
  WEBHOOK_URL_REFUSED: {
    status: 400,
    message: 'A URL do webhook aponta para um endereço não permitido (rede local, loopback ou porta reservada).',
  },
  WEBHOOK_DISABLED: { status: 409, message: 'Webhook desativado: ative-o antes de reenviar.' },
});

export const AUDIT = {
  keyCreated: 2301,
  keyRevoked: 2302,
  webhookCreated: 2303,
  webhookUpdated: 2304,
  webhookDeleted: 2305,
  webhookDisabledByFailures: 2306,
} as const;

registerAuditCodes({
  2301: { module: 'Companies', description: 'Chave de API criada' },
  2302: { module: 'Companies', description: 'Chave de API revogada' },
  2303: { module: 'Companies', description: 'Webhook cadastrado' },
  2304: { module: 'Companies', description: 'Webhook alterado' },
  2305: { module: 'Companies', description: 'Webhook excluído' },
  2306: { module: 'Companies', description: 'Webhook desativado após 24 h de falhas' },
});

export const DISPATCH_WEBHOOKS_JOB = 'dispatch-webhooks';
export const DELIVER_WEBHOOK_JOB = 'deliver-webhook';

/** Requests per minute of one API key (fixed window, counters in PostgreSQL). */
export const API_KEY_RATE_LIMIT = { max: 600, windowMs: 60_000 };
/**
 * Calls with an unknown or revoked key, per client IP: like sign-ins, a machine guessing keys (or an ERP left
 * with a revoked one) is throttled, each new throttle within a day twice as long (429 with Retry-After).
 */
export const API_KEY_FAILURE_LIMIT = { max: 10, windowMs: 60_000 };
/** last_used_at is written at most once a minute per key: a list shows it to the minute. */
export const LAST_USED_RESOLUTION_MS = 60_000;
