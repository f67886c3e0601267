import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { CABINET_VERSION_MAX, type VersionState } from '@cab/contract/content';
import { showSuccessToast } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';
import { useSetVersion, versionQueryOptions } from '../../api/content-api';
import { ConfirmToolAction } from '../confirm-tool-action';
import { describedBy, FormField } from '@/components/form/form-field';
import { QueryStates } from '@/components/query-states';

/** The least cabinet version allowed: raising it shows every older open cabinet the update dialog at once. */
export function VersionTab() {
  const version = useQuery(versionQueryOptions);
  return (
    <QueryStates query={version} pending={<Skeleton height="12rem" />}>
      {(data) => <VersionEditor key={data.min_version} state={data} />}
    </QueryStates>
  );
}

function VersionEditor({ state }: { state: VersionState }) {
  const { t } = useTranslation();
  const [value, setValue] = useState<number | null>(state.min_version);
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const save = useSetVersion((e: ApiError) => setError(e.fields?.min_version ?? e.message));
  const aboveBuild = value !== null && value > state.build_version;

  return (
    <section className="card tools-card" aria-labelledby="version-title" data-testid="version-tab">
      <h2 id="version-title">{t('toolsVersion.title')}</h2>
      <p className="tools-card__text">{t('toolsVersion.text')}</p>
      <dl className="tools-facts">
        <div>
          <dt>{t('toolsVersion.current')}</dt>
          <dd data-testid="version-current">{state.min_version}</dd>
        </div>
        <div>
          <dt>{t('toolsVersion.build')}</dt>
          <dd data-testid="version-build">{state.build_version}</dd>
        </div>
      </dl>
      <form
        className="tools-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setError(undefined);
          if (value === null) {
            setError(t('toolsVersion.required'));
            return;
          }
          setConfirming(true);
        }}
      >
        <FormField className="tool-field" id="version-min" label={t('toolsVersion.minimum')} hint={t('toolsVersion.hint')} error={error}>
          <InputNumber
            inputId="version-min"
            value={value}
            onChange={(e) => setValue(e.value ?? null)}
            useGrouping={false}
            min={1}
            max={CABINET_VERSION_MAX}
            invalid={Boolean(error)}
            aria-describedby={describedBy('version-min', error, true)}
            data-testid="version-min"
          />
        </FormField>
        {aboveBuild && <Message severity="warn" text={t('toolsVersion.aboveBuild', { build: state.build_version })} data-testid="version-warning" />}
        <div className="tools-actions">
          <Button type="submit" label={t('toolsVersion.save')} icon="pi pi-save" loading={save.isPending} disabled={value === state.min_version} data-testid="version-save" />
        </div>
      </form>
      <ConfirmToolAction
        visible={confirming}
        title={t('toolsVersion.confirmTitle')}
        text={t(aboveBuild ? 'toolsVersion.confirmAbove' : 'toolsVersion.confirmText', { version: value ?? '' })}
        accept={t('toolsVersion.save')}
        danger={aboveBuild}
        busy={save.isPending}
        onHide={() => setConfirming(false)}
        onAccept={() => {
          if (value === null) return;
          save.mutate({ min_version: value }, { onSuccess: () => showSuccessToast({ key: 'toolsVersion.saved' }), onSettled: () => setConfirming(false) });
        }}
      />
    </section>
  );
}
