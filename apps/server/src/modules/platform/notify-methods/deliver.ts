import type { Config } from '../../../config.js';
import { DeliveryError, type DeliveryResult } from '../../../delivery/http.js';
import type { Mailer } from '../../../delivery/mail.js';
import { sendTelegram } from '../../../delivery/telegram.js';
import { sendWebhook } from '../../../delivery/webhook.js';
import { sendWhatsapp } from '../../../delivery/whatsapp.js';
import type { DeliveryRow, MethodRow } from './repository.js';

export interface DeliverDeps {
  config: Pick<
    Config,
    | 'TELEGRAM_API_URL'
    | 'TELEGRAM_BOT_TOKEN'
    | 'WHATSAPP_API_URL'
    | 'WHATSAPP_PHONE_NUMBER_ID'
    | 'WHATSAPP_TOKEN'
    | 'NOTIFY_TIMEOUT_MS'
    | 'OUTBOUND_ALLOW_HOSTS'
  >;
  mailer: Mailer;
}

/** The event every channel carries (webhooks get it whole as JSON). */
export interface DeliveryEvent {
  id: number | null;
  /** Shared by every user's copy of one event; null for a test-send. A receiver may dedupe on it. */
  event_key: string | null;
  type: string;
  category: string;
  text: string;
  created_at: string;
  company_id: number;
  test?: boolean;
}

export function isDeliveryEvent(payload: unknown): payload is DeliveryEvent {
  return typeof payload === 'object' && payload !== null && 'text' in payload && typeof payload.text === 'string';
}

const MAIL_SUBJECT_CHARS = 80;

/** Sends one delivery over its method's channel; throws DeliveryError when it did not arrive. */
export async function deliverOnce(
  deps: DeliverDeps,
  method: MethodRow,
  delivery: DeliveryRow,
): Promise<DeliveryResult> {
  const event = delivery.payload;
  if (!isDeliveryEvent(event)) throw new DeliveryError('the delivery has no event to send', null, true);
  // Every HTTP channel goes through the outbound guard with the operator's allow-list.
  const http = { timeoutMs: deps.config.NOTIFY_TIMEOUT_MS, policy: { allowHosts: deps.config.OUTBOUND_ALLOW_HOSTS } };
  switch (method.type) {
    case 0: {
      const firstLine = event.text.split('\n')[0] ?? '';
      await deps.mailer.send({
        to: method.destination,
        subject: `SIM cabinet: ${firstLine.slice(0, MAIL_SUBJECT_CHARS)}`,
        text: event.text,
      });
      return { responseStatus: null };
    }
    case 1:
      if (!method.secret) throw new DeliveryError('the webhook method has no signing secret', null, true);
      return sendWebhook(
        { url: method.destination, secret: method.secret, deliveryId: delivery.id },
        { ...event },
        http,
      );
    case 2:
      return sendWhatsapp(
        {
          apiUrl: deps.config.WHATSAPP_API_URL,
          phoneNumberId: deps.config.WHATSAPP_PHONE_NUMBER_ID,
          token: deps.config.WHATSAPP_TOKEN,
        },
        method.destination,
        event.text,
        http,
      );
    case 3:
      return sendTelegram(
        { apiUrl: deps.config.TELEGRAM_API_URL, botToken: deps.config.TELEGRAM_BOT_TOKEN },
        method.destination,
        event.text,
        http,
      );
    default:
      throw new DeliveryError(`unknown method type ${method.type}`, null, true);
  }
}
