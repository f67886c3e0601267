import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { OPERATIONS_API } from '@cab/contract/operations';
import type { OperationDetail } from '@cab/contract/operations';
import { LoadError } from '@/components/load-error';
import { PageTitle } from '@/components/page-title';
import { RowsSkeleton } from '@/components/rows-skeleton';
import { announceQueued } from '@/lib/operation-notice';
import { downloadWithToken } from '@/lib/download-file';
import { formatCount } from '@/lib/format-count';
import { formatCents } from '@/lib/format-money';
import { formatUnixDate } from '@/lib/format-date';
import { operationQuery, useRetryFailed } from '../api/operations';
import { OperationResults } from './operation-results';
import { OperationStateTag, formatDuration } from './operation-state-tag';
import '../operations.css';

/** Route module /operations/:id — one bulk operation: who, when, parameters, counts, per-SIM results. */
export function Component() {
  const { t } = useTranslation();
  const { id } = useParams();
  const qid = /^\d{1,15}$/.test(id ?? '') ? Number(id) : 0;
  const operation = useQuery({ ...operationQuery(qid), enabled: qid > 0 });

  return (
    <div className="operation-page">
      <Link to="/operations" className="back-link" data-testid="operation-back">
        <i className="pi pi-arrow-left" aria-hidden="true" /> {t('operations.back')}
      </Link>
      {qid === 0 || (operation.isError && !operation.data) ? (
        <>
          <PageTitle>{t('operations.title')}</PageTitle>
          {qid === 0 ? <p role="alert">{t('operations.notFound')}</p> : <LoadError card onRetry={() => void operation.refetch()} />}
        </>
      ) : operation.data ? (
        <OperationView detail={operation.data} />
      ) : (
        <div className="card" aria-busy="true">
          <RowsSkeleton />
        </div>
      )}
    </div>
  );
}

function OperationView({ detail }: { detail: OperationDetail }) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => formatCount(value, i18n.language);
  const params = Object.entries(detail.params).filter(([, value]) => value !== null && value !== '');
  return (
    <>
      <div className="operation-page__head">
        <PageTitle>
          {t(`queue.reasons.${detail.reason}`)} #{detail.qid}
        </PageTitle>
        <OperationStateTag state={detail.state} fail={detail.fail} />
      </div>
      <section className="card operation-summary" aria-label={t('operations.summary')}>
        <dl className="operation-summary__grid">
          <dt>{t('operations.col.user')}</dt>
          <dd>{`${detail.user.first_name} ${detail.user.last_name}`}</dd>
          <dt>{t('operations.col.added')}</dt>
          <dd>{formatUnixDate(detail.added, i18n.language)}</dd>
          <dt>{t('operations.finished')}</dt>
          <dd>{detail.finished ? formatUnixDate(detail.finished, i18n.language) : '—'}</dd>
          <dt>{t('operations.col.duration')}</dt>
          <dd>{formatDuration(detail.duration, t)}</dd>
          <dt>{t('operations.col.count')}</dt>
          <dd data-testid="operation-count">{n(detail.count)}</dd>
          <dt>{t('operations.col.ok')}</dt>
          <dd className="text-success" data-testid="operation-ok">
            {n(detail.ok)}
          </dd>
          {detail.unchanged > 0 && (
            <>
              <dt>{t('operations.col.unchanged')}</dt>
              <dd data-testid="operation-unchanged">{n(detail.unchanged)}</dd>
            </>
          )}
          <dt>{t('operations.col.fail')}</dt>
          <dd className={detail.fail > 0 ? 'text-danger' : ''} data-testid="operation-fail" data-fail={detail.fail}>
            {n(detail.fail)}
          </dd>
          {params.map(([key, value]) => (
            <ParamRow key={key} name={key} value={value} />
          ))}
          {detail.retry_of && (
            <>
              <dt>{t('operations.retryOf')}</dt>
              <dd>
                <Link to={`/operations/${detail.retry_of}`} data-testid="operation-retry-of">
                  #{detail.retry_of}
                </Link>
              </dd>
            </>
          )}
        </dl>
        <div className="operation-summary__actions">
          <Button
            type="button"
            outlined
            icon="pi pi-download"
            label={t('operations.csvAll')}
            onClick={() => void downloadWithToken(`${OPERATIONS_API.resultsCsv.path}?qid=${detail.qid}`, `operation-${detail.qid}.csv`)}
            data-testid="operation-csv"
          />
          <RetryButton detail={detail} />
        </div>
      </section>
      <OperationResults detail={detail} />
    </>
  );
}

function ParamRow({ name, value }: { name: string; value: string | number | boolean | null }) {
  const { t, i18n } = useTranslation();
  const shown = name === 'amountCents' && typeof value === 'number' ? formatCents(value, i18n.language, true) : String(value);
  return (
    <>
      <dt>{t(`operations.params.${name}`, { defaultValue: name })}</dt>
      <dd className="operation-summary__param">{shown}</dd>
    </>
  );
}

/** A new operation over exactly the failed SIMs, after saying how many. */
function RetryButton({ detail }: { detail: OperationDetail }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const retry = useRetryFailed();
  const [open, setOpen] = useState(false);
  if (!detail.can_retry) return null;
  const count = formatCount(detail.retry_count, i18n.language);
  return (
    <>
      <Button type="button" icon="pi pi-replay" label={t('operations.retry', { count })} onClick={() => setOpen(true)} data-testid="operation-retry" />
      <Dialog
        visible={open}
        onHide={() => setOpen(false)}
        header={t('operations.retryTitle')}
        style={{ width: '30rem' }}
        breakpoints={{ '640px': '95vw' }}
        draggable={false}
        modal
        data-testid="operation-retry-dialog"
      >
        <p>{t('operations.retryText', { count, operation: t(`queue.reasons.${detail.reason}`) })}</p>
        <div className="op-form__actions">
          <Button type="button" text label={t('ops.cancel')} onClick={() => setOpen(false)} />
          <Button
            type="button"
            label={t('operations.retryConfirm')}
            icon="pi pi-replay"
            loading={retry.isPending}
            onClick={() =>
              retry.mutate(detail.qid, {
                onSuccess: (created) => {
                  setOpen(false);
                  announceQueued({ qid: created.qid, texts: [{ key: 'ops.queued', values: { count: formatCount(created.count, i18n.language) } }] });
                  void navigate(`/operations/${created.qid}`);
                },
              })
            }
            data-testid="operation-retry-confirm"
          />
        </div>
      </Dialog>
    </>
  );
}
