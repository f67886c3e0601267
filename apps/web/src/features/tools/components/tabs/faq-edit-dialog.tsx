import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { FAQ_GROUPS, FAQ_QUESTION_MAX, type FaqAdminEntry, type FaqInput } from '@cab/contract/content';
import { showSuccessToast } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';
import { useCreateFaq, useUpdateFaq } from '../../api/content-api';
import { RichTextEditor } from '../rich-text-editor';
import { describedBy, FormField } from '@/components/form/form-field';

const EMPTY: FaqInput = { id: '', group: 'general', position: 100, question_ru: '', question_en: '', answer_ru: '', answer_en: '' };

/** One FAQ question in both languages; its id is the `/faq#id` anchor and cannot change once made. */
export function FaqEditDialog({ entry, onClose }: { entry: FaqAdminEntry | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<FaqInput>(() => {
    if (!entry) return EMPTY;
    const { updated: _updated, ...input } = entry;
    return input;
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onError = (error: ApiError) => setErrors(error.fields ?? { _: error.message });
  const create = useCreateFaq(onError);
  const update = useUpdateFaq(onError);
  const set = <K extends keyof FaqInput>(key: K, value: FaqInput[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const save = () => {
    setErrors({});
    const done = { onSuccess: () => (showSuccessToast({ key: 'toolsFaq.saved' }), onClose()) };
    if (entry) update.mutate(draft, done);
    else create.mutate(draft, done);
  };

  return (
    <Dialog
      visible
      onHide={onClose}
      header={t(entry ? 'toolsFaq.editTitle' : 'toolsFaq.createTitle')}
      style={{ width: '56rem' }}
      breakpoints={{ '900px': '96vw' }}
      className="tools-dialog"
      data-testid="faq-dialog"
      footer={
        <div className="tools-actions">
          <Button type="button" label={t('toolsCommon.cancel')} text onClick={onClose} />
          <Button type="button" label={t('toolsFaq.save')} icon="pi pi-save" loading={create.isPending || update.isPending} onClick={save} data-testid="faq-save" />
        </div>
      }
    >
      <div className="tools-form">
        <div className="tools-form__row">
          <FormField className="tool-field" id="faq-id" label={t('toolsFaq.fields.id')} hint={t('toolsFaq.idHint')} error={errors.id}>
            <InputText id="faq-id" value={draft.id} disabled={entry !== null} maxLength={60} onChange={(e) => set('id', e.target.value.toLowerCase())} aria-describedby={describedBy('faq-id', errors.id, true)} data-testid="faq-id" />
          </FormField>
          <FormField className="tool-field" id="faq-group" label={t('toolsFaq.fields.group')} error={errors.group}>
            <select
              id="faq-group"
              className="p-inputtext tools-select"
              value={draft.group}
              onChange={(e) => set('group', FAQ_GROUPS.find((g) => g === e.target.value) ?? 'general')}
              data-testid="faq-group"
            >
              {FAQ_GROUPS.map((g) => (
                <option key={g} value={g}>
                  {t(`faq.groups.${g}`)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField className="tool-field" id="faq-position" label={t('toolsFaq.fields.position')} error={errors.position}>
            <InputNumber inputId="faq-position" value={draft.position} min={0} max={10_000} useGrouping={false} onValueChange={(e) => set('position', e.value ?? 0)} />
          </FormField>
        </div>
        {(['ru', 'en'] as const).map((lang) => (
          <fieldset key={lang} className="tools-fieldset" lang={lang}>
            <legend>{t(`toolsFaq.lang.${lang}`)}</legend>
            <FormField className="tool-field" id={`faq-question-${lang}`} label={t('toolsFaq.fields.question')} error={errors[`question_${lang}`]}>
              <InputText
                id={`faq-question-${lang}`}
                value={draft[`question_${lang}`]}
                maxLength={FAQ_QUESTION_MAX}
                onChange={(e) => set(`question_${lang}`, e.target.value)}
                aria-describedby={describedBy(`faq-question-${lang}`, errors[`question_${lang}`])}
                data-testid={`faq-question-${lang}`}
              />
            </FormField>
            <FormField className="tool-field" id={`faq-answer-${lang}`} label={t('toolsFaq.fields.answer')} hint={t('toolsCommon.sanitized')} error={errors[`answer_${lang}`]}>
              <RichTextEditor
                id={`faq-answer-${lang}`}
                label={`${t('toolsFaq.fields.answer')} (${lang.toUpperCase()})`}
                value={draft[`answer_${lang}`]}
                onChange={(html) => set(`answer_${lang}`, html)}
                describedBy={describedBy(`faq-answer-${lang}`, errors[`answer_${lang}`], true)}
              />
            </FormField>
          </fieldset>
        ))}
        {errors._ && <p className="p-error" role="alert">{errors._}</p>}
      </div>
    </Dialog>
  );
}
