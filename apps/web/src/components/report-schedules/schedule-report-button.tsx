import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import type { GeneratedReportKind } from '@cab/contract/generated-reports';
import { useMe } from '@/lib/me-query';
import { useCan } from '@/lib/use-can';
import { ScheduleDialog, type ScheduleTarget } from './schedule-dialog';
import { scheduledRequestOf } from './schedule-form';

/**
 * "Schedule": have the report on screen (or the SIM list with its filter) generated on a cadence and
 * e-mailed. Shown to whoever may generate files (reports.run), as "Generate file" is.
 */
export function ScheduleReportButton({ kind, request, disabled = false }: { kind: GeneratedReportKind; request: unknown; disabled?: boolean }) {
  const { t } = useTranslation();
  const mayGenerate = useCan('reports.run');
  const userKnown = useMe().data !== undefined;
  const [target, setTarget] = useState<ScheduleTarget | null>(null);
  if (userKnown && !mayGenerate) return null;
  return (
    <>
      {/* Until the user is known the button holds its place unseen: appearing later, it would widen the
          toolbar beside it and shift the table under it (the SIM list's first load at 1440 px). */}
      <Button
        style={userKnown ? undefined : { visibility: 'hidden' }}
        aria-hidden={userKnown ? undefined : true}
        tabIndex={userKnown ? undefined : -1}
        type="button"
        icon="pi pi-calendar-clock"
        label={t('reportSchedules.schedule')}
        outlined
        size="small"
        disabled={disabled}
        onClick={() => setTarget({ kind, request: scheduledRequestOf(request) })}
        data-testid="schedule-report"
      />
      <ScheduleDialog target={target} onHide={() => setTarget(null)} />
    </>
  );
}
