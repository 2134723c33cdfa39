import type { DbOrTx } from '../db/client.js';
import { auditEvents } from '../db/schema/index.js';
import type { Actor } from './actor.js';

export type AuditModule = 'Users' | 'Companies' | 'Products' | 'FiscalRules' | 'Tickets';

/**
 * Audit codes by module (Users 1000–1999, Companies 2000–2999, Products 3000–3999,
 * FiscalRules 4000–4999, Tickets 5000–5999). The descriptives call lists them; each area
 * registers its own codes next to its code with `registerAuditCodes`.
 */
export const auditCodes: Record<number, { module: AuditModule; description: string }> = {
  1001: { module: 'Users', description: 'Usuário cadastrado' },
  1002: { module: 'Users', description: 'Usuário alterado' },
  1003: { module: 'Users', description: 'Senha cadastrada' },
  1004: { module: 'Users', description: 'E-mail de alteração de senha enviado' },
  1005: { module: 'Users', description: 'Acesso a empresa concedido' },
  1006: { module: 'Users', description: 'Acesso a empresa removido' },
  1007: { module: 'Users', description: 'Login realizado' },
  1008: { module: 'Users', description: 'Logout realizado' },
  1009: { module: 'Users', description: 'Tentativa de login com senha incorreta' },
  2001: { module: 'Companies', description: 'Empresa cadastrada' },
  2002: { module: 'Companies', description: 'Empresa alterada' },
  2003: { module: 'Companies', description: 'Empresa excluída' },
  2004: { module: 'Companies', description: 'Conta do integrador verificada' },
};

export function registerAuditCodes(codes: Record<number, { module: AuditModule; description: string }>): void {
  Object.assign(auditCodes, codes);
}

export interface AuditInput {
  code: number;
  actor: (Pick<Actor, 'id' | 'name'> & Partial<Pick<Actor, 'partnerId'>>) | null;
  partnerId?: string | null;
  companyId?: string | null;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
  description?: string;
}

/** Writes one audit event, inside the caller's transaction when given one. */
export async function recordAudit(db: DbOrTx, input: AuditInput): Promise<void> {
  const def = auditCodes[input.code];
  if (!def) throw new Error(`audit code ${input.code} not registered`);
  await db.insert(auditEvents).values({
    code: input.code,
    module: def.module,
    description: input.description ?? def.description,
    actorId: input.actor?.id ?? null,
    actorName: input.actor?.name ?? null,
    // An event without a partner of its own (global content: rules, the global base) is kept under the
    // acting staff's partner, so that partner's log export holds what its people did; Admin's stay global.
    partnerId: input.partnerId !== undefined ? input.partnerId : (input.actor?.partnerId ?? null),
    companyId: input.companyId ?? null,
    entityId: input.entityId ?? null,
    before: stripSecrets(input.before),
    after: stripSecrets(input.after),
  });
}

/** Password hashes and tokens never reach the audit log. */
function stripSecrets(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object') return value;
  const { passwordHash: _p, tokenHash: _t, ...rest } = value as Record<string, unknown>;
  return rest;
}
