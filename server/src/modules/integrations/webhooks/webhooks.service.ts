import type { TWebhook, TWebhookCreated, TWebhookDelivery } from '@app/contract';
import { eq, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { type WebhookDeliveryRow, type WebhookRow, webhooks } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/actor.js';
import { AppError } from '../../../lib/app-error.js';
import { recordAudit } from '../../../lib/audit.js';
import { findLastSeq } from '../changes/changes.repository.js';
import { assertWriteAccess, findManagedCompany, iso } from '../integration-access.js';
import { AUDIT } from '../integrations.codes.js';
import { checkHost, RefusedAddressError } from './safe-post.js';
import { messageId, newWebhookSecret } from './webhook-signature.js';
import * as repo from './webhooks.repository.js';

/** Queues one delivery attempt inside the caller's transaction (decision 027). */
export type QueueDelivery = (deliveryId: string, tx: Tx) => Promise<unknown>;

// A new webhook starts after everything already committed: (last seq, any id).
const END_OF_COMMIT = Number.MAX_SAFE_INTEGER;

async function refusePrivateUrl(url: string, allowPrivate: boolean): Promise<void> {
  try {
    await checkHost(new URL(url).hostname, allowPrivate);
  } catch (err) {
    if (err instanceof RefusedAddressError) throw new AppError('WEBHOOK_URL_REFUSED');
    throw new AppError('WEBHOOK_URL_REFUSED', 'O servidor da URL do webhook não foi encontrado.');
  }
}

const auditView = (w: WebhookRow) => ({ url: w.url, events: w.events, status: w.status });

export async function createWebhook(
  db: Db,
  actor: Actor,
  body: { companyId: string; url: string; events: string[] },
  allowPrivate: boolean,
): Promise<TWebhookCreated> {
  const company = await findManagedCompany(db, actor, body.companyId);
  await refusePrivateUrl(body.url, allowPrivate);
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    const row = await repo.insertWebhook(tx, {
      companyId: company.id,
      url: body.url,
      events: body.events,
      secret,
      cursorSeq: await findLastSeq(tx, company.id),
      cursorId: END_OF_COMMIT,
      createdBy: actor.id,
    });
    await recordAudit(tx, {
      code: AUDIT.webhookCreated,
      actor,
      partnerId: company.partnerId,
      companyId: company.id,
      entityId: row.id,
      after: auditView(row),
    });
    return { id: row.id, secret };
  });
}

function toWebhook(w: WebhookRow, companyName: string): TWebhook {
  return {
    id: w.id,
    companyId: w.companyId,
    companyName,
    url: w.url,
    events: w.events as TWebhook['events'],
    status: w.status,
    disabledReason: w.disabledReason,
    failingSince: iso(w.failingSince),
    createdAt: iso(w.createdAt)!,
  };
}

export async function listWebhooks(db: Db, actor: Actor, companyId?: string): Promise<TWebhook[]> {
  assertWriteAccess(actor);
  let filter: SQL | undefined;
  // A company-scoped key lists its one company's webhooks, whatever its creator may reach (decision 032).
  const scope = companyId ?? actor.apiKey?.companyId ?? undefined;
  if (scope) filter = eq(webhooks.companyId, (await findManagedCompany(db, actor, scope)).id);
  else if (actor.role === 'Member') filter = repo.companiesOfMember(actor.id);
  else if (actor.role !== 'Admin') filter = repo.companiesOfPartner(actor.partnerId ?? '');
  const rows = await repo.findWebhooks(db, filter);
  return rows.map((r) => toWebhook(r.webhook, r.companyName));
}

/** The webhook, when the actor manages its company; 404 otherwise (foreign ids cannot be probed). */
async function findManagedWebhook(db: Db, actor: Actor, id: string) {
  const webhook = await repo.findWebhook(db, id);
  if (!webhook) throw new AppError('WEBHOOK_NOT_FOUND');
  const company = await findManagedCompany(db, actor, webhook.companyId).catch((err: AppError) => {
    throw err.code === 'COMPANY_NOT_FOUND' ? new AppError('WEBHOOK_NOT_FOUND') : err;
  });
  return { webhook, company };
}

export async function updateWebhook(
  db: Db,
  actor: Actor,
  id: string,
  body: { url?: string; events?: string[]; enabled?: boolean },
  allowPrivate: boolean,
): Promise<TWebhook> {
  const { webhook, company } = await findManagedWebhook(db, actor, id);
  if (body.url !== undefined) await refusePrivateUrl(body.url, allowPrivate);
  const set: Partial<WebhookRow> = {};
  if (body.url !== undefined) set.url = body.url;
  if (body.events !== undefined) set.events = body.events;
  if (body.enabled === false) Object.assign(set, { status: 'Disabled', disabledReason: 'Desativado manualmente' });
  if (body.enabled === true) Object.assign(set, { status: 'Active', disabledReason: null, failingSince: null });
  return db.transaction(async (tx) => {
    const row = await repo.updateWebhook(tx, id, set);
    await recordAudit(tx, {
      code: AUDIT.webhookUpdated,
      actor,
      partnerId: company.partnerId,
      companyId: company.id,
      entityId: id,
      before: auditView(webhook),
      after: auditView(row),
    });
    return toWebhook(row, company.nomeFantasia);
  });
}

export async function deleteWebhook(db: Db, actor: Actor, id: string): Promise<void> {
  const { webhook, company } = await findManagedWebhook(db, actor, id);
  await db.transaction(async (tx) => {
    await repo.deleteWebhook(tx, id);
    await recordAudit(tx, {
      code: AUDIT.webhookDeleted,
      actor,
      partnerId: company.partnerId,
      companyId: company.id,
      entityId: id,
      before: auditView(webhook),
    });
  });
}

export function toDelivery(d: WebhookDeliveryRow): TWebhookDelivery {
  return {
    id: d.id,
    webhookId: messageId(d.id),
    event: d.event,
    status: d.status,
    attempts: d.attempts,
    responseStatus: d.responseStatus,
    durationMs: d.durationMs,
    error: d.error,
    createdAt: iso(d.createdAt)!,
    lastAttemptAt: iso(d.lastAttemptAt),
    nextAttemptAt: iso(d.nextAttemptAt),
  };
}

export async function listDeliveries(db: Db, actor: Actor, id: string): Promise<TWebhookDelivery[]> {
  await findManagedWebhook(db, actor, id);
  return (await repo.findDeliveries(db, id, 100)).map(toDelivery);
}

/** POST /webhooks/{id}/test: a 'webhook.test' message through the same delivery path. */
export async function sendTestDelivery(
  db: Db,
  actor: Actor,
  id: string,
  queue: QueueDelivery,
): Promise<TWebhookDelivery> {
  const { webhook } = await findManagedWebhook(db, actor, id);
  if (webhook.status !== 'Active') throw new AppError('WEBHOOK_DISABLED');
  const body = JSON.stringify({
    type: 'webhook.test',
    timestamp: new Date().toISOString(),
    data: { companyId: webhook.companyId },
  });
  return db.transaction(async (tx) => {
    const [created] = await repo.insertDeliveries(tx, [{ webhookId: id, event: 'webhook.test', body }]);
    await queue(created!.id, tx);
    return toDelivery((await repo.findDelivery(tx, id, created!.id))!);
  });
}

/** "Reenviar": the same message (same webhook-id and body) attempted again now. */
export async function redeliver(
  db: Db,
  actor: Actor,
  id: string,
  deliveryId: string,
  queue: QueueDelivery,
): Promise<TWebhookDelivery> {
  const { webhook } = await findManagedWebhook(db, actor, id);
  const delivery = await repo.findDelivery(db, id, deliveryId);
  if (!delivery) throw new AppError('WEBHOOK_DELIVERY_NOT_FOUND');
  if (webhook.status !== 'Active') throw new AppError('WEBHOOK_DISABLED');
  return db.transaction(async (tx) => {
    await repo.updateDelivery(tx, deliveryId, { status: 'Pending', nextAttemptAt: new Date(), error: null });
    await queue(deliveryId, tx);
    return toDelivery((await repo.findDelivery(tx, id, deliveryId))!);
  });
}
