import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../../lib/audit.js';
import { AUDIT, DELIVER_WEBHOOK_JOB } from '../integrations.codes.js';
import { safePost } from './safe-post.js';
import { webhookHeaders } from './webhook-signature.js';
import * as repo from './webhooks.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Seconds after the n-th failed attempt: the first retry within 10 s, then growing, for 24 h. */
export const RETRY_DELAYS_S = [5, 30, 120, 600, 1800, 3600, 7200, 14_400, 28_800];
export const retryDelaySeconds = (failedAttempts: number) =>
  RETRY_DELAYS_S[Math.min(failedAttempts - 1, RETRY_DELAYS_S.length - 1)]!;

/**
 * One attempt of a delivery (the deliver-webhook job). The HTTP call runs outside any transaction; its
 * outcome is then written with the row locked. A failure queues the next attempt (same webhook-id and
 * body) in that transaction, until the message is 24 h old; a webhook whose deliveries have failed for
 * 24 h is disabled and its owner is told by e-mail.
 */
export async function attemptDelivery(app: FastifyInstance, deliveryId: string): Promise<string> {
  const current = await repo.lockDelivery(app.db, deliveryId);
  if (current?.delivery.status !== 'Pending') return 'nada a fazer';
  if (current.webhook.status !== 'Active') {
    await repo.updateDelivery(app.db, deliveryId, {
      status: 'Failed',
      error: 'Webhook desativado',
      nextAttemptAt: null,
    });
    return 'webhook desativado';
  }
  const { webhook, delivery } = current;
  const headers = webhookHeaders(webhook.secret, delivery.id, delivery.body);
  const result = await safePost(webhook.url, headers, delivery.body, {
    allowPrivate: app.config.webhookAllowPrivate,
    timeoutMs: app.config.webhookTimeoutMs,
  });
  if (result.ok) {
    // The common case in one statement (decision 044): no lock needed to record a success.
    await repo.recordDeliverySuccess(app.db, deliveryId, {
      responseStatus: result.status,
      durationMs: result.durationMs,
    });
    return 'entregue';
  }
  const error = result.error ?? `HTTP ${result.status}`;
  let disabled = false;
  await app.db.transaction(async (tx) => {
    const locked = await repo.lockDelivery(tx, deliveryId);
    if (!locked) return;
    const attempts = locked.delivery.attempts + 1;
    const base = { attempts, responseStatus: result.status, durationMs: result.durationMs, error };
    const age = Date.now() - locked.delivery.createdAt.getTime();
    const delayS = retryDelaySeconds(attempts);
    const retry = age + delayS * 1000 < DAY_MS;
    const startAfter = Math.round(delayS * app.config.webhookRetryScale);
    await repo.updateDelivery(tx, deliveryId, {
      ...base,
      status: retry ? 'Pending' : 'Failed',
      lastAttemptAt: sql`now()` as unknown as Date,
      nextAttemptAt: retry ? new Date(Date.now() + startAfter * 1000) : null,
    });
    if (retry) await app.jobs.send(DELIVER_WEBHOOK_JOB, { deliveryId }, { tx, startAfter });
    const res = await tx.execute<{ failing_since: Date }>(sql`
      UPDATE webhooks SET failing_since = coalesce(failing_since, now())
      WHERE id = ${webhook.id} RETURNING failing_since`);
    const since = res.rows[0]?.failing_since;
    if (since && Date.now() - new Date(since).getTime() >= DAY_MS && locked.webhook.status === 'Active') {
      await tx.execute(sql`
        UPDATE webhooks SET status = 'Disabled', updated_at = now(),
          disabled_reason = 'Desativado automaticamente: entregas falhando há 24 horas'
        WHERE id = ${webhook.id}`);
      const owner = await tx.execute<{ partner_id: string }>(
        sql`SELECT partner_id FROM companies WHERE id = ${webhook.companyId}`,
      );
      await recordAudit(tx, {
        code: AUDIT.webhookDisabledByFailures,
        actor: null,
        companyId: webhook.companyId,
        partnerId: owner.rows[0]?.partner_id ?? null,
        entityId: webhook.id,
        before: { status: 'Active' },
        after: { status: 'Disabled', url: webhook.url },
      });
      disabled = true;
    }
  });
  if (disabled && current.ownerEmail) await mailOwner(app, current.ownerEmail, webhook.url, error);
  return `falhou: ${error}`;
}

async function mailOwner(app: FastifyInstance, to: string, url: string, error: string | null): Promise<void> {
  // The webhook is already disabled; a mail failure is logged, never retried into a second disable.
  await app.mailer
    .send({
      to,
      subject: 'Webhook desativado após 24 horas de falhas',
      text:
        `O webhook ${url} foi desativado porque as entregas falham há 24 horas (último erro: ${error ?? 'desconhecido'}).\n` +
        `Corrija o receptor e ative-o novamente em Integrações: ${app.config.publicUrl}/integrations`,
    })
    .catch((err: Error) => app.log.error({ err: { message: err.message } }, 'webhook: e-mail ao responsável falhou'));
}
