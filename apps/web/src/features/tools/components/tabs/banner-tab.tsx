import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { MultiSelect } from 'primereact/multiselect';
import { RadioButton } from 'primereact/radiobutton';
import { SelectButton } from 'primereact/selectbutton';
import { Skeleton } from 'primereact/skeleton';
import { BANNER_TEXT_MAX, type BannerInput, type BannerState } from '@cab/contract/content';
import { BANNER_TYPES } from '@cab/contract/me';
import { showSuccessToast } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';
import { formatUnixDate } from '@/lib/format-date';
import { bannerCompaniesQueryOptions, bannerQueryOptions, usePublishBanner, useWithdrawBanner } from '../../api/content-api';
import { ConfirmToolAction } from '../confirm-tool-action';
import { describedBy, FormField } from '@/components/form/form-field';
import { BannerPreview } from './banner-preview';
import { QueryStates } from '@/components/query-states';

/** `datetime-local` text (the browser's zone) ↔ unix seconds. */
function toLocalInput(seconds: number | null): string {
  if (seconds === null) return '';
  const date = new Date(seconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
function fromLocalInput(text: string): number | null {
  if (!text) return null;
  const ms = new Date(text).getTime();
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

const EMPTY: BannerInput = {
  type: 'info',
  text_ru: '',
  text_en: '',
  link: null,
  target: '_blank',
  starts_at: null,
  ends_at: null,
  audience: 'all',
  company_ids: [],
};

function draftOf(state: BannerState | null): BannerInput {
  if (!state) return EMPTY;
  const { type, text_ru, text_en, link, target, starts_at, ends_at, audience, company_ids } = state;
  return { type, text_ru, text_en, link, target, starts_at, ends_at, audience, company_ids };
}

/** Root's header banner: write it in both languages, aim it, preview it, publish or withdraw it. */
export function BannerTab() {
  const banner = useQuery(bannerQueryOptions);
  return (
    <QueryStates query={banner} pending={<Skeleton height="20rem" />}>
      {(data) => <BannerEditor key={data.banner?.revision ?? 0} current={data.banner} />}
    </QueryStates>
  );
}

function BannerEditor({ current }: { current: BannerState | null }) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<BannerInput>(() => draftOf(current));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirm, setConfirm] = useState<'publish' | 'withdraw' | null>(null);
  const companies = useQuery({ ...bannerCompaniesQueryOptions, enabled: draft.audience === 'companies' });
  const onError = (error: ApiError) => setErrors(error.fields ?? { _: error.message });
  const publish = usePublishBanner(onError);
  const withdraw = useWithdrawBanner();
  const set = <K extends keyof BannerInput>(key: K, value: BannerInput[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const status = !current ? 'none' : current.withdrawn ? 'withdrawn' : current.live ? 'live' : 'scheduled';
  const doPublish = () => {
    setErrors({});
    publish.mutate(
      { ...draft, link: draft.link?.trim() ? draft.link.trim() : null, company_ids: draft.audience === 'companies' ? draft.company_ids : [] },
      {
        onSuccess: () => showSuccessToast({ key: 'toolsBanner.published' }),
        onSettled: () => setConfirm(null),
      },
    );
  };

  return (
    <section className="card tools-card" aria-labelledby="banner-title" data-testid="banner-tab">
      <div className="tools-card__head">
        <h2 id="banner-title">{t('toolsBanner.title')}</h2>
        <span className={`tools-status tools-status--${status}`} data-testid="banner-status">
          {t(`toolsBanner.status.${status}`)}
        </span>
      </div>
      <p className="tools-card__text">{t('toolsBanner.text')}</p>
      {current && (
        <p className="tools-card__text" data-testid="banner-current">
          {t('toolsBanner.publishedAt', { date: formatUnixDate(current.published_at, i18n.language) })}
        </p>
      )}

      <form
        className="tools-form"
        onSubmit={(event) => {
          event.preventDefault();
          setConfirm('publish');
        }}
        noValidate
      >
        <FormField className="tool-field" id="banner-type" label={t('toolsBanner.type')} error={errors.type}>
          <SelectButton
            id="banner-type"
            value={draft.type}
            onChange={(e) => {
              const value = e.value as BannerInput['type'] | null;
              if (value) set('type', value);
            }}
            options={BANNER_TYPES.map((type) => ({ label: t(`toolsBanner.types.${type}`), value: type }))}
            allowEmpty={false}
            data-testid="banner-type"
          />
        </FormField>
        <div className="tools-form__row">
          {(['ru', 'en'] as const).map((lang) => {
            const key = `text_${lang}` as const;
            return (
              <FormField className="tool-field" key={lang} id={`banner-${key}`} label={t(`toolsBanner.text_${lang}`)} hint={t('toolsCommon.chars', { n: draft[key].length, max: BANNER_TEXT_MAX })} error={errors[key]}>
                <InputTextarea
                  id={`banner-${key}`}
                  value={draft[key]}
                  onChange={(e) => set(key, e.target.value)}
                  maxLength={BANNER_TEXT_MAX}
                  rows={2}
                  autoResize
                  invalid={Boolean(errors[key])}
                  aria-describedby={describedBy(`banner-${key}`, errors[key], true)}
                  data-testid={`banner-${key}`}
                />
              </FormField>
            );
          })}
        </div>
        <div className="tools-form__row">
          <FormField className="tool-field" id="banner-link" label={t('toolsBanner.link')} hint={t('toolsBanner.linkHint')} error={errors.link}>
            <InputText
              id="banner-link"
              value={draft.link ?? ''}
              onChange={(e) => set('link', e.target.value)}
              maxLength={500}
              placeholder="https://… /docs"
              invalid={Boolean(errors.link)}
              aria-describedby={describedBy('banner-link', errors.link, true)}
              data-testid="banner-link"
            />
          </FormField>
          <FormField className="tool-field" id="banner-target" label={t('toolsBanner.target')} error={errors.target}>
            <SelectButton
              id="banner-target"
              value={draft.target}
              onChange={(e) => {
                const value = e.value as BannerInput['target'] | null;
                if (value) set('target', value);
              }}
              options={[
                { label: t('toolsBanner.targets._blank'), value: '_blank' },
                { label: t('toolsBanner.targets._self'), value: '_self' },
              ]}
              allowEmpty={false}
              disabled={!draft.link?.trim()}
            />
          </FormField>
        </div>
        <div className="tools-form__row">
          <FormField className="tool-field" id="banner-starts" label={t('toolsBanner.startsAt')} hint={t('toolsBanner.startsHint')} error={errors.starts_at}>
            <InputText id="banner-starts" type="datetime-local" value={toLocalInput(draft.starts_at)} onChange={(e) => set('starts_at', fromLocalInput(e.target.value))} aria-describedby={describedBy('banner-starts', errors.starts_at, true)} data-testid="banner-starts" />
          </FormField>
          <FormField className="tool-field" id="banner-ends" label={t('toolsBanner.endsAt')} hint={t('toolsBanner.endsHint')} error={errors.ends_at}>
            <InputText id="banner-ends" type="datetime-local" value={toLocalInput(draft.ends_at)} onChange={(e) => set('ends_at', fromLocalInput(e.target.value))} invalid={Boolean(errors.ends_at)} aria-describedby={describedBy('banner-ends', errors.ends_at, true)} data-testid="banner-ends" />
          </FormField>
        </div>
        <fieldset className="tools-fieldset">
          <legend>{t('toolsBanner.audience')}</legend>
          {(['all', 'companies'] as const).map((audience) => (
            <div key={audience} className="tools-radio">
              <RadioButton inputId={`banner-audience-${audience}`} name="banner-audience" value={audience} checked={draft.audience === audience} onChange={() => set('audience', audience)} />
              <label htmlFor={`banner-audience-${audience}`}>{t(`toolsBanner.audiences.${audience}`)}</label>
            </div>
          ))}
          {draft.audience === 'companies' && (
            <FormField className="tool-field" id="banner-companies" label={t('toolsBanner.companies')} error={errors.company_ids}>
              <MultiSelect
                inputId="banner-companies"
                value={draft.company_ids}
                onChange={(e) => set('company_ids', e.value as number[])}
                options={(companies.data?.items ?? []).filter((c) => !c.registration_step).map((c) => ({ label: c.name, value: c.id }))}
                filter
                display="chip"
                loading={companies.isPending}
                placeholder={t('toolsBanner.companiesPlaceholder')}
                className="tools-multiselect"
                data-testid="banner-companies"
              />
            </FormField>
          )}
        </fieldset>

        <h3 className="tools-subtitle">{t('toolsBanner.preview')}</h3>
        <p className="tools-card__text">{t('toolsBanner.previewHint')}</p>
        <div className="banner-previews" data-testid="banner-preview">
          <BannerPreview type={draft.type} text={draft.text_ru || t('toolsBanner.text_ru')} link={draft.link} lang="ru" />
          <BannerPreview type={draft.type} text={draft.text_en || t('toolsBanner.text_en')} link={draft.link} lang="en" />
        </div>
        {errors._ && <p className="p-error" role="alert">{errors._}</p>}
        <div className="tools-actions">
          <Button type="submit" label={t('toolsBanner.publish')} icon="pi pi-send" loading={publish.isPending} data-testid="banner-publish" />
          <Button
            type="button"
            label={t('toolsBanner.withdraw')}
            icon="pi pi-eye-slash"
            severity="secondary"
            outlined
            disabled={!current || current.withdrawn}
            onClick={() => setConfirm('withdraw')}
            data-testid="banner-withdraw"
          />
        </div>
      </form>
      <ConfirmToolAction
        visible={confirm !== null}
        title={t(`toolsBanner.confirm.${confirm ?? 'publish'}Title`)}
        text={t(`toolsBanner.confirm.${confirm ?? 'publish'}Text`)}
        accept={t(`toolsBanner.${confirm ?? 'publish'}`)}
        danger={confirm === 'withdraw'}
        busy={publish.isPending || withdraw.isPending}
        onHide={() => setConfirm(null)}
        onAccept={() => {
          if (confirm === 'publish') doPublish();
          else withdraw.mutate(undefined, { onSuccess: () => showSuccessToast({ key: 'toolsBanner.withdrawn' }), onSettled: () => setConfirm(null) });
        }}
      />
    </section>
  );
}
