import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import type { AgentInfo } from '@cab/contract/agents';
import { showSuccessToast } from '@/lib/api';
import { formatCents } from '@/lib/format-money';
import { formatRate, referralLink } from '../model/format';

interface AgentSummaryProps {
  info: AgentInfo;
  /** Root edits the rate; the agent asks for a payout. */
  onEditRate?: () => void;
  onWithdraw?: () => void;
}

/** The referral code and link (copy buttons), the rate and the money figures of the panel. */
export function AgentSummary({ info, onEditRate, onWithdraw }: AgentSummaryProps) {
  const { t, i18n } = useTranslation();
  const link = referralLink(info.referral_code);
  const copy = (text: string) => {
    void navigator.clipboard.writeText(text).then(() => showSuccessToast({ key: 'agent.referral.copied' }));
  };
  const available = Math.max(0, info.balance_cents);
  return (
    <div className="agent-summary">
      <section className="card agent-card agent-card--wide" aria-labelledby="agent-referral-title">
        <h2 className="agent-card__title" id="agent-referral-title">
          {t('agent.referral.title')}
        </h2>
        <p className="agent-card__hint">{t('agent.referral.hint')}</p>
        <div className="agent-copy">
          <span className="agent-copy__label">{t('agent.referral.code')}</span>
          <code className="agent-copy__value" data-testid="agent-referral-code">
            {info.referral_code}
          </code>
          <Button type="button" icon="pi pi-copy" text rounded aria-label={t('agent.referral.copyCode')} onClick={() => copy(info.referral_code)} />
        </div>
        <div className="agent-copy">
          <span className="agent-copy__label">{t('agent.referral.link')}</span>
          <code className="agent-copy__value agent-copy__value--link" data-testid="agent-referral-link">
            {link}
          </code>
          <Button type="button" icon="pi pi-copy" text rounded aria-label={t('agent.referral.copyLink')} onClick={() => copy(link)} data-testid="agent-copy-link" />
        </div>
      </section>
      <section className="card agent-card" aria-labelledby="agent-rate-title">
        <h2 className="agent-card__title" id="agent-rate-title">
          {t('agent.rate.title')}
        </h2>
        <p className="agent-figure" data-testid="agent-rate">
          {formatRate(info.rate_bp, i18n.language)}
        </p>
        <p className="agent-card__hint">{info.rate_is_default ? t('agent.rate.default') : t('agent.rate.own')}</p>
        {onEditRate && <Button type="button" label={t('agent.rate.edit')} icon="pi pi-pencil" text onClick={onEditRate} data-testid="agent-rate-edit" />}
      </section>
      <section className="card agent-card" aria-labelledby="agent-balance-title">
        <h2 className="agent-card__title" id="agent-balance-title">
          {t('agent.balance.title')}
        </h2>
        <p className={info.balance_cents < 0 ? 'agent-figure text-danger' : 'agent-figure'} data-testid="agent-balance">
          {formatCents(info.balance_cents, i18n.language)}
        </p>
        <dl className="agent-facts">
          <dt>{t('agent.balance.held')}</dt>
          <dd data-testid="agent-held">{formatCents(info.held_cents, i18n.language)}</dd>
          <dt>{t('agent.balance.earned')}</dt>
          <dd data-testid="agent-earned">{formatCents(info.earned_cents, i18n.language)}</dd>
          <dt>{t('agent.balance.paidOut')}</dt>
          <dd>{formatCents(info.paid_out_cents, i18n.language)}</dd>
        </dl>
        {onWithdraw && (
          <Button
            type="button"
            label={t('agent.withdraw.open')}
            icon="pi pi-send"
            onClick={onWithdraw}
            disabled={available < info.min_withdrawal_cents}
            data-testid="agent-withdraw-open"
          />
        )}
        {onWithdraw && available < info.min_withdrawal_cents && (
          <p className="agent-card__hint">{t('agent.withdraw.notEnough', { min: formatCents(info.min_withdrawal_cents, i18n.language) })}</p>
        )}
      </section>
    </div>
  );
}
