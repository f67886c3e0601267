import { DeliveryError, postJson, type DeliveryResult } from './http.js';
import type { OutboundPolicy } from './outbound-guard.js';

export interface TelegramSettings {
  apiUrl: string;
  botToken: string | undefined;
}

/** Telegram Bot API `sendMessage` to the chat key (chat id or @channel) the user got from our bot. */
export async function sendTelegram(
  settings: TelegramSettings,
  chatId: string,
  text: string,
  options: { timeoutMs: number; policy: OutboundPolicy },
): Promise<DeliveryResult> {
  if (!settings.botToken)
    throw new DeliveryError('Telegram is not configured: TELEGRAM_BOT_TOKEN is not set', null, true);
  const url = `${settings.apiUrl.replace(/\/+$/, '')}/bot${settings.botToken}/sendMessage`;
  const { status, text: answer } = await postJson(url, JSON.stringify({ chat_id: chatId, text }), options);
  // The Bot API may answer 200 with ok:false; only ok:true means the message was taken.
  if (!isOk(answer)) throw new DeliveryError('telegram_not_ok', status);
  return { responseStatus: status };
}

function isOk(answer: string): boolean {
  try {
    const parsed: unknown = JSON.parse(answer);
    return typeof parsed === 'object' && parsed !== null && 'ok' in parsed && parsed.ok === true;
  } catch {
    return false;
  }
}
