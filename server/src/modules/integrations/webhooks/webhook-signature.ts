import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@app/contract';

/** A Standard Webhooks secret: whsec_ + base64 of 24 random bytes (the HMAC key is the decoded bytes). */
export const newWebhookSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64')}`;

/** The webhook-id of every attempt of a delivery. */
export const messageId = (deliveryId: string) => `msg_${deliveryId.replaceAll('-', '')}`;

/** webhook-signature: "v1," + base64 HMAC-SHA256 of "id.timestamp.body" (Standard Webhooks). */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

export function webhookHeaders(secret: string, deliveryId: string, body: string, now = Date.now()) {
  const id = messageId(deliveryId);
  const timestamp = Math.floor(now / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'PlataformaFiscal-Webhooks/1.0',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secret, id, timestamp, body),
  };
}
