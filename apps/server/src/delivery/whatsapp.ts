import { DeliveryError, postJson, type DeliveryResult } from './http.js';
import type { OutboundPolicy } from './outbound-guard.js';

export interface WhatsappSettings {
  apiUrl: string;
  phoneNumberId: string | undefined;
  token: string | undefined;
}

/** WhatsApp Cloud API: a text message from our business number to the method's number. */
export async function sendWhatsapp(
  settings: WhatsappSettings,
  number: string,
  text: string,
  options: { timeoutMs: number; policy: OutboundPolicy },
): Promise<DeliveryResult> {
  if (!settings.phoneNumberId || !settings.token) {
    throw new DeliveryError(
      'WhatsApp is not configured: WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_TOKEN must be set',
      null,
      true,
    );
  }
  const url = `${settings.apiUrl.replace(/\/+$/, '')}/${encodeURIComponent(settings.phoneNumberId)}/messages`;
  const body = {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: number.replace(/^\+/, ''),
    type: 'text',
    text: { body: text },
  };
  const { status } = await postJson(url, JSON.stringify(body), {
    ...options,
    headers: { authorization: `Bearer ${settings.token}` },
  });
  return { responseStatus: status };
}
