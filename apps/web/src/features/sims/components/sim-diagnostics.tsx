import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Skeleton } from 'primereact/skeleton';
import type { DiagnosisCheck } from '@cab/contract/sim-diagnostics';
import { QueryStates } from '@/components/query-states';
import { useCreateQueue } from '@/components/sim-operations/use-create-queue';
import { failReasonLabel } from '@/lib/fail-reason';
import { formatUnixDate } from '@/lib/format-date';
import { useCan } from '@/lib/use-can';
import { useSimDiagnosis } from '../api/sim-diagnosis';

const ICON: Record<DiagnosisCheck['verdict'], string> = {
  ok: 'pi pi-check-circle',
  problem: 'pi pi-exclamation-triangle',
  unknown: 'pi pi-question-circle',
};

/**
 * "Why is this SIM not connecting?": every check in order, each a sentence with what to do, and a
 * reset of its connectivity (disconnect and reconnect) for those who may operate SIMs.
 */
export function SimDiagnostics({ simId }: { simId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const diagnosis = useSimDiagnosis(simId, open);
  const canReset = useCan('sims.operate', { writes: true });
  return (
    <section className="card sim-page__section" aria-labelledby="sim-diagnostics-title" data-testid="sim-diagnostics">
      <div className="sim-section__head">
        <h2 id="sim-diagnostics-title">{t('simDiagnostics.title')}</h2>
        {canReset && <ResetConnectivity simId={simId} />}
      </div>
      {!open ? (
        <Button
          label={t('simDiagnostics.run')}
          icon="pi pi-search"
          outlined
          onClick={() => setOpen(true)}
          data-testid="sim-diagnostics-run"
        />
      ) : (
        <QueryStates query={diagnosis} pending={<Skeleton height="10rem" />}>
          {(data) => (
            <>
              <p className="sim-diagnostics__summary" data-testid="sim-diagnostics-summary">
                {data.problems === 0 ? t('simDiagnostics.noProblems') : t('simDiagnostics.problems', { count: data.problems })}
              </p>
              <ol className="sim-diagnostics" aria-label={t('simDiagnostics.title')}>
                {data.checks.map((check) => (
                  <CheckLine key={check.check} check={check} />
                ))}
              </ol>
            </>
          )}
        </QueryStates>
      )}
    </section>
  );
}

function CheckLine({ check }: { check: DiagnosisCheck }) {
  const { t, i18n } = useTranslation();
  const params: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(check.params)) {
    if (value === null) continue;
    if (name === 'at' || name === 'since' || name === 'deadline') params[name] = formatUnixDate(Number(value), i18n.language);
    else if (name === 'type') params[name] = t(`sims.blockTypes.${value}`, { defaultValue: String(value) });
    else if (name === 'operation') params[name] = t(`queue.reasons.${value}`, { defaultValue: String(value) });
    else if (name === 'reason' && check.check === 'last_failure') params[name] = failReasonLabel(t, String(value));
    else if (name === 'data' || name === 'voice') params[name] = t(`simDiagnostics.access.${value}`, { defaultValue: String(value) });
    else params[name] = value;
  }
  const variant = [check.params.state, check.params.never && 'never', check.params.online && 'online'].find((v): v is string => typeof v === 'string');
  const base = `simDiagnostics.${check.check}.${check.verdict}`;
  const sentence = t(variant ? [`${base}_${variant}`, base] : base, params);
  const todo = check.verdict === 'problem' ? t([`${base}_${variant ?? ''}_todo`, `${base}_todo`], { ...params, defaultValue: '' }) : '';
  return (
    <li className={`sim-diagnostics__line sim-diagnostics__line--${check.verdict}`} data-testid={`sim-check-${check.check}`} data-verdict={check.verdict}>
      <i className={ICON[check.verdict]} aria-hidden="true" />
      <span>
        <span className="visually-hidden">{t(`simDiagnostics.verdict.${check.verdict}`)}: </span>
        {sentence}
        {check.params.reason && check.check === 'block' ? ` ${t('simDiagnostics.block.reason', { reason: check.params.reason })}` : ''}
        {todo && <span className="sim-diagnostics__todo"> {todo}</span>}
      </span>
    </li>
  );
}

/** Disconnect and reconnect in one queue operation: the device attaches anew. */
function ResetConnectivity({ simId }: { simId: number }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const create = useCreateQueue();
  return (
    <>
      <Button
        label={t('simDiagnostics.reset')}
        icon="pi pi-replay"
        size="small"
        outlined
        loading={create.isPending}
        disabled={create.isPending}
        onClick={() => setAsking(true)}
        data-testid="sim-reset-connectivity"
      />
      <ConfirmDialog
        visible={asking}
        onHide={() => setAsking(false)}
        header={t('simDiagnostics.resetTitle')}
        message={t('simDiagnostics.resetText')}
        acceptLabel={t('simDiagnostics.reset')}
        rejectLabel={t('simDiagnostics.cancel')}
        accept={() => create.mutate({ reason: 'queue_reconnect', selection: { ids: [simId] } })}
      />
    </>
  );
}
