import i18next from 'i18next';

const KNOWN = new Set(['refused_address', 'timeout', 'connection_failed', 'delivery_failed', 'telegram_not_ok']);

/**
 * The delivery log keeps a fixed reason code (never a receiver's body or a socket error); this says
 * it in the user's language. Anything else (e.g. a missing bot setting) is shown as the server wrote it.
 */
export function deliveryReason(lastError: string | null): string {
  if (!lastError) return '—';
  const http = /^http_(\d{3})$/.exec(lastError);
  if (http) return i18next.t('notifyMethods.reasons.http', { status: http[1] });
  return KNOWN.has(lastError) ? i18next.t(`notifyMethods.reasons.${lastError}`) : lastError;
}
