import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Timeline } from 'primereact/timeline';
import { AGENT_API } from '@cab/contract/agents';
import type { RequestAction, RequestEvent } from '@cab/contract/agents';
import { EmptyState } from '@/components/empty-state';
import { PageTitle } from '@/components/page-title';
import { downloadWithToken } from '@/lib/download-file';
import { formatUnixDate } from '@/lib/format-date';
import { toastError } from '@/lib/toast-bus';
import { useRequest } from '../api/agent-api';
import { formatCents } from '@/lib/format-money';
import { ActionDialog } from './action-dialog';
import { RequestStateTag } from './request-state-tag';
import '../agent.css';
import { QueryStates } from '@/components/query-states';

/** Route module /agent/request/{id}: the request, what the caller may do now, and its timeline. */
export function Component() {
  const { t, i18n } = useTranslation();
  const { id } = useParams();
  const requestId = Number(id);
  const query = useRequest(requestId);
  const [action, setAction] = useState<RequestAction | null>(null);

  if (!Number.isInteger(requestId) || requestId <= 0) {
    return <EmptyState icon="pi-inbox" title={t('agent.request.notFound')} hint={t('agent.request.notFoundHint')} testId="request-not-found" />;
  }
  return (
    <div className="agent-page">
      <div className="agent-page__head">
        <PageTitle>{query.data ? t('agent.request.title', { id: query.data.request.id }) : t('pages.agentRequest')}</PageTitle>
        <Link to="/agent/info" className="agent-back">
          <i className="pi pi-arrow-left" aria-hidden="true" /> {t('agent.request.back')}
        </Link>
      </div>
      <QueryStates query={query} card rows={4}>
        {(detail) => (
          <>
            <section className="card agent-section agent-request" aria-labelledby="request-summary-title">
              <h2 className="agent-card__title" id="request-summary-title">
                {t('agent.request.summary')}
              </h2>
              <dl className="agent-facts agent-facts--wide">
                <dt>{t('agent.requests.state')}</dt>
                <dd>
                  <RequestStateTag state={detail.request.state} />
                </dd>
                <dt>{t('agent.requests.amount')}</dt>
                <dd className="agent-figure" data-testid="request-amount">
                  {formatCents(detail.request.amount_cents, i18n.language)}
                </dd>
                <dt>{t('agent.requests.agent')}</dt>
                <dd>{detail.request.agent_name}</dd>
                <dt>{t('agent.withdraw.method')}</dt>
                <dd>{t(`agent.methods.${detail.request.method}`)}</dd>
                {detail.request.iban && (
                  <>
                    <dt>IBAN</dt>
                    <dd>
                      <code>{detail.request.iban}</code>
                    </dd>
                  </>
                )}
                {detail.request.holder && (
                  <>
                    <dt>{t('agent.withdraw.holder')}</dt>
                    <dd>{detail.request.holder}</dd>
                  </>
                )}
                {detail.request.details && (
                  <>
                    <dt>{t('agent.withdraw.details')}</dt>
                    <dd className="agent-text">{detail.request.details}</dd>
                  </>
                )}
                <dt>{t('agent.requests.created')}</dt>
                <dd>{formatUnixDate(detail.request.created, i18n.language)}</dd>
              </dl>
              {detail.actions.length > 0 && (
                <div className="agent-actions" data-testid="request-actions">
                  {detail.actions.map((name) => (
                    <Button
                      key={name}
                      type="button"
                      label={t(`agent.actions.${name}`)}
                      severity={name === 'decline' ? 'danger' : undefined}
                      outlined={name === 'decline'}
                      onClick={() => setAction(name)}
                      data-testid={`request-action-${name}`}
                    />
                  ))}
                </div>
              )}
              {detail.actions.length === 0 && <p className="agent-card__hint">{t(`agent.request.waiting.${detail.request.state}`)}</p>}
            </section>
            <section className="card agent-section" aria-labelledby="request-history-title">
              <h2 className="agent-card__title" id="request-history-title">
                {t('agent.request.history')}
              </h2>
              <Timeline value={detail.events} content={(event: RequestEvent) => <TimelineEntry event={event} />} className="agent-timeline" data-testid="request-timeline" />
            </section>
            <ActionDialog requestId={detail.request.id} action={action} onHide={() => setAction(null)} />
          </>
        )}
      </QueryStates>
    </div>
  );
}

function TimelineEntry({ event }: { event: RequestEvent }) {
  const { t, i18n } = useTranslation();
  const download = async () => {
    if (!event.attachment) return;
    const ok = await downloadWithToken(`${AGENT_API.requestsFile.path}?id=${event.attachment.id}`, event.attachment.name);
    if (!ok) toastError({ key: 'common.cantLoad' }, 3000);
  };
  return (
    <div className="agent-event" data-testid="timeline-entry">
      <div className="agent-event__head">
        <strong>{event.action ? t(`agent.actions.${event.action}`) : t('agent.request.created')}</strong>
        <span className="agent-event__meta">
          {formatUnixDate(event.at, i18n.language)} · {event.author || t(`agent.sides.${event.side}`)} ({t(`agent.sides.${event.side}`)})
        </span>
      </div>
      <div className="agent-event__state">
        {t('agent.request.stateIs')} <strong>{t(`agent.states.${event.to_state}`)}</strong>
      </div>
      {event.comment && <p className="agent-text">{event.comment}</p>}
      {event.attachment && (
        <Button type="button" icon="pi pi-paperclip" label={event.attachment.name} link className="agent-attachment" onClick={() => void download()} data-testid="timeline-attachment" />
      )}
    </div>
  );
}
