import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Skeleton } from 'primereact/skeleton';
import type { RoamingSetting, SimRoaming } from '@cab/contract/sim-rules';
import { showSuccessToast } from '@/lib/api';
import { formatUnixDate } from '@/lib/format-date';
import { useSetSimRoaming, useSimRoaming } from '../api/roaming';
import { roamingFormValid, roamingRequestOf, type RoamingFormValue } from '../model/roaming-form';
import { RoamingFields } from './roaming-fields';
import { QueryStates } from '@/components/query-states';

/** A roaming setting in words: "Worldwide", "Zones: Europe, CIS". */
export function useRoamingText() {
  const { t } = useTranslation();
  return (setting: RoamingSetting) =>
    setting.mode === 'zones'
      ? `${t('roaming.mode.zones')}: ${setting.zones.map((zone) => t(`roaming.zone.${zone}`)).join(', ')}`
      : t(`roaming.mode.${setting.mode}`);
}

/** The SIM page's roaming: what the network applied, a pending change (spec: up to 3 working days), the form. */
export function SimRoamingCard({ simId, canEdit }: { simId: number; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const roaming = useSimRoaming(simId);
  const describe = useRoamingText();
  return (
    <section className="card sim-page__section" aria-labelledby="sim-roaming-title" data-testid="sim-roaming">
      <div className="sim-section__head">
        <h2 id="sim-roaming-title">{t('roaming.title')}</h2>
      </div>
      <QueryStates query={roaming} pending={<Skeleton height="4rem" />}>
        {(data) => (
          <>
            <p className="roaming-current">
              {t('roaming.current')}: <strong data-testid="roaming-current">{describe(data)}</strong>
            </p>
            {data.pending && (
              <div className="inline-message inline-message--info" role="status" data-testid="roaming-pending">
                <i className="pi pi-clock" aria-hidden="true" />
                <span>
                  <strong>{t('roaming.pending', { setting: describe(data.pending) })}</strong>{' '}
                  {t('roaming.upTo3Days')}{' '}
                  {t('roaming.pendingDates', {
                    requested: formatUnixDate(data.pending.requested, i18n.language),
                    deadline: formatUnixDate(data.pending.deadline, i18n.language),
                  })}
                </span>
              </div>
            )}
            {canEdit && <RoamingForm simId={simId} roaming={data} />}
          </>
        )}
      </QueryStates>
    </section>
  );
}

function RoamingForm({ simId, roaming }: { simId: number; roaming: SimRoaming }) {
  const { t } = useTranslation();
  const start = roaming.pending ?? roaming;
  const [value, setValue] = useState<RoamingFormValue>({ mode: start.mode, zones: start.zones });
  const save = useSetSimRoaming();
  const request = roamingRequestOf(value);
  const unchanged = request.mode === start.mode && request.zones.join() === start.zones.join();
  return (
    <form
      className="roaming-form"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ id: simId, ...request }, { onSuccess: () => showSuccessToast({ key: 'roaming.requested' }) });
      }}
    >
      <RoamingFields value={value} onChange={setValue} disabled={save.isPending} />
      <p className="muted roaming-form__hint">{t('roaming.upTo3Days')}</p>
      <Button
        type="submit"
        label={t('roaming.save')}
        icon="pi pi-send"
        loading={save.isPending}
        disabled={unchanged || !roamingFormValid(value)}
        data-testid="roaming-save"
      />
    </form>
  );
}
