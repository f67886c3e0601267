import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import type { WithdrawalRequest } from '@cab/contract/agents';
import { formatCents } from '@/lib/format-money';

/**
 * Says that a payout request was sent and what became of the money (held), with a link to the
 * request; it stays until closed, where a toast would be gone before it is read (issue 27.10).
 */
export function RequestSentMessage({ request, onClose }: { request: WithdrawalRequest; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="inline-message inline-message--success" role="status" data-testid="withdraw-sent">
      <i className="pi pi-check-circle" aria-hidden="true" />
      <span className="inline-message__text">
        {t('withdrawSent.text', { id: request.id, amount: formatCents(request.amount_cents, i18n.language) })}{' '}
        <Link to={`/agent/request/${request.id}`} data-testid="withdraw-sent-open">
          {t('withdrawSent.open')}
        </Link>
      </span>
      <Button type="button" icon="pi pi-times" text rounded size="small" aria-label={t('withdrawSent.close')} onClick={onClose} />
    </div>
  );
}
