import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { apiKeys, webhookDeliveries, webhooks } from '../db/schema/index.js';
import { hashToken, newToken } from '../lib/tokens.js';
import { newWebhookSecret } from '../modules/integrations/webhooks/webhook-signature.js';

const DEMO_COMPANY = 'MERCADINHO BOA VISTA';
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

/**
 * Demo: the 'Integrações' screen of the demo company opens with an ERP's keys (one used minutes ago,
 * one partner-wide), a webhook with a delivery log (delivered, retrying, failed) and a disabled one. The
 * keys are random and never printed: a demo user creates their own to try the feed. Runs once.
 */
export async function seedDemoIntegrations(db: Db): Promise<void> {
  const found = await db.execute<{ id: string; partner_id: string; owner: string | null }>(sql`
    SELECT c.id, c.partner_id,
      (SELECT u.id FROM users u WHERE u.partner_id = c.partner_id AND u.role = 'PartnerOwner' ORDER BY u.email LIMIT 1) AS owner
    FROM companies c WHERE c.nome_fantasia = ${DEMO_COMPANY}
      AND NOT EXISTS (SELECT 1 FROM webhooks w WHERE w.company_id = c.id)
    LIMIT 1`);
  const company = found.rows[0];
  if (!company?.owner) return;
  const key = (name: string, companyId: string | null, lastUsedAt: Date | null, createdAt: Date) => {
    const raw = `erp_${newToken(30)}`;
    return {
      name,
      keyHash: hashToken(raw),
      keyPrefix: raw.slice(0, 10),
      createdBy: company.owner!,
      partnerId: company.partner_id,
      companyId,
      lastUsedAt,
      createdAt,
    };
  };
  await db
    .insert(apiKeys)
    .values([
      key('ERP Protheus — matriz', company.id, minutesAgo(3), minutesAgo(60 * 24 * 12)),
      key('Integrador do grupo', null, minutesAgo(60 * 5), minutesAgo(60 * 24 * 40)),
      key('Homologação TOTVS', company.id, null, minutesAgo(60 * 2)),
    ]);
  const [active] = await db
    .insert(webhooks)
    .values({
      companyId: company.id,
      url: 'https://erp.mercadinhoboavista.com.br/webhooks/fiscal',
      events: ['product.created', 'product.changed', 'product.rule_version_changed'],
      secret: newWebhookSecret(),
      cursorSeq: Number.MAX_SAFE_INTEGER,
      createdBy: company.owner,
      createdAt: minutesAgo(60 * 24 * 10),
    })
    .returning();
  await db.insert(webhooks).values({
    companyId: company.id,
    url: 'https://bi.mercadinhoboavista.com.br/hooks/produtos',
    events: ['product.deleted'],
    secret: newWebhookSecret(),
    status: 'Disabled',
    disabledReason: 'Desativado automaticamente: entregas falhando há 24 horas',
    cursorSeq: Number.MAX_SAFE_INTEGER,
    createdBy: company.owner,
    createdAt: minutesAgo(60 * 24 * 30),
  });
  const body = (type: string, code: string, ncm: string) =>
    JSON.stringify({
      type,
      timestamp: new Date().toISOString(),
      data: { companyId: company.id, internalCode: code, after: { ncm } },
    });
  const d = (event: string, code: string, m: number, over: Partial<typeof webhookDeliveries.$inferInsert>) => ({
    webhookId: active!.id,
    event,
    body: body(event, code, '09012100'),
    createdAt: minutesAgo(m),
    lastAttemptAt: minutesAgo(m),
    attempts: 1,
    ...over,
  });
  await db.insert(webhookDeliveries).values([
    d('product.changed', 'CAF-500', 2, { status: 'Succeeded', responseStatus: 200, durationMs: 84 }),
    d('product.created', 'ARR-5KG', 9, { status: 'Succeeded', responseStatus: 204, durationMs: 121 }),
    d('product.changed', 'FEI-1KG', 14, {
      status: 'Pending',
      attempts: 3,
      responseStatus: 503,
      durationMs: 2011,
      error: 'HTTP 503',
      nextAttemptAt: new Date(Date.now() + 90_000),
    }),
    d('product.rule_version_changed', 'OLEO-900', 60 * 26, {
      status: 'Failed',
      attempts: 9,
      responseStatus: null,
      durationMs: 10_000,
      error: 'tempo esgotado',
    }),
    d('webhook.test', '-', 60 * 24 * 10, { status: 'Succeeded', responseStatus: 200, durationMs: 95 }),
  ]);
}
