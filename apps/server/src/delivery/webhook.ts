import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_HEADERS } from '@cab/contract/notify-methods';
import { postJson, type DeliveryResult } from './http.js';
import type { OutboundPolicy } from './outbound-guard.js';

/** A new webhook method's signing key. */
export function createWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('hex')}`;
}

/** `sha256=<hex HMAC-SHA256(secret, timestamp + "." + body)>`; README "Webhook notifications" shows how to verify. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * POSTs the event as JSON, signed over the timestamp and body; the delivery id lets a receiver drop
 * a replayed request it has already seen, the timestamp one older than it accepts.
 */
export async function sendWebhook(
  target: { url: string; secret: string; deliveryId: number },
  event: Record<string, unknown>,
  options: { timeoutMs: number; policy: OutboundPolicy; now?: Date },
): Promise<DeliveryResult> {
  const body = JSON.stringify(event);
  const timestamp = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const { status } = await postJson(target.url, body, {
    timeoutMs: options.timeoutMs,
    policy: options.policy,
    headers: {
      'user-agent': 'sim-cabinet-webhook/1',
      [WEBHOOK_HEADERS.timestamp]: String(timestamp),
      [WEBHOOK_HEADERS.signature]: signWebhook(target.secret, timestamp, body),
      [WEBHOOK_HEADERS.delivery]: String(target.deliveryId),
    },
  });
  return { responseStatus: status };
}
