import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { operationPagePath } from '@cab/contract/operations';
import type { SmsMessageStatus } from '@cab/contract/sms-messages';
import './sms.css';

/** What the SIM page's messages and the SMS inbox both show of a message. */
export interface SmsShown {
  direction: 'in' | 'out';
  status: SmsMessageStatus;
  detail: string | null;
  qid: number | null;
}

const STATUS_TONE: Record<SmsMessageStatus, string> = { queued: '', delivered: 'sms-status--ok', failed: 'sms-status--fail', received: '' };

/**
 * The i18n keys that may name a failed message's reason, most specific first: the SMSC's own
 * reasons, then the network's (the simulator fails a message as it fails any operation). The
 * detail's first word is the reason; the whole detail is the fallback.
 */
export function smsFailReasonKeys(detail: string): string[] {
  const code = detail.split(' ')[0] ?? '';
  return [`smsMessages.failReason.${code}`, `operations.failReason.${code}`];
}

export function SmsDirection({ direction }: { direction: 'in' | 'out' }) {
  const { t } = useTranslation();
  return (
    <span className="sms-direction">
      <i className={`pi ${direction === 'in' ? 'pi-arrow-down-left' : 'pi-arrow-up-right'}`} aria-hidden="true" />
      {t(`smsMessages.direction.${direction}`)}
    </span>
  );
}

/** Received, or the delivery state with why it failed and the operation that sent it. */
export function SmsStatus({ message }: { message: SmsShown }) {
  const { t } = useTranslation();
  const failure = message.detail && message.status === 'failed' ? t(smsFailReasonKeys(message.detail), { defaultValue: message.detail }) : null;
  return (
    <span className={`sms-status ${STATUS_TONE[message.status]}`} data-testid="sim-message-status">
      {t(`smsMessages.status.${message.status}`)}
      {failure ? ` · ${failure}` : ''}
      {message.qid !== null && (
        <>
          {' · '}
          <Link to={operationPagePath(message.qid)}>
            {t('smsMessages.operation')} #{message.qid}
          </Link>
        </>
      )}
    </span>
  );
}
