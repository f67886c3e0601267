import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { CABINET_VERSION_MAX, VersionSetRequest, type VersionState } from '@cab/contract/content';
import { showSuccessToast } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';
import { useSetVersion, versionQueryOptions } from '../../api/content-api';
import { ConfirmToolAction } from '../confirm-tool-action';
import { Form } from '@/components/form/form';
import { InputNumberField } from '@/components/form/input-number-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { QueryStates } from '@/components/query-states';

/** An empty field holds null; the contract's VersionSetRequest says what a version may be. */
const versionFormSchema = z.object({ min_version: z.custom<number | null>().pipe(VersionSetRequest.shape.min_version) });
type VersionFormValues = z.input<typeof versionFormSchema>;

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
  // Said on Save only, as before (the input keeps numbers within the contract's range).
  const form = useZodForm(versionFormSchema, {
    defaultValues: { min_version: state.min_version },
    issueToKey: () => 'required',
    reValidateMode: 'onSubmit',
  });
  const value = useWatch({ control: form.control, name: 'min_version' });
  const [confirming, setConfirming] = useState(false);
  const save = useSetVersion((e: ApiError) => form.setError('min_version', { type: 'server', message: e.fields?.min_version ?? e.message }));
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
      <Form form={form} onSubmit={() => setConfirming(true)} errorKeys="toolsVersion" className="tools-form">
        <InputNumberField<VersionFormValues>
          name="min_version"
          id="version-min"
          label={t('toolsVersion.minimum')}
          hint={t('toolsVersion.hint')}
          fieldClassName="tool-field"
          useGrouping={false}
          min={1}
          max={CABINET_VERSION_MAX}
          testId="version-min"
        />
        {aboveBuild && <Message severity="warn" text={t('toolsVersion.aboveBuild', { build: state.build_version })} data-testid="version-warning" />}
        <div className="tools-actions">
          <Button type="submit" label={t('toolsVersion.save')} icon="pi pi-save" loading={save.isPending} disabled={value === state.min_version} data-testid="version-save" />
        </div>
      </Form>
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
