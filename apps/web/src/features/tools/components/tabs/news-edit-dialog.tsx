import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { NEWS_IMAGE_MAX_BYTES, NEWS_IMAGE_TYPES, NEWS_TITLE_MAX, type NewsAdminItem } from '@cab/contract/content';
import type { Lang } from '@cab/contract/constants';
import { newsImageUrl } from '@cab/contract/news';
import { showSuccessToast } from '@/lib/api';
import { ApiError } from '@/lib/api-error';
import { uploadNewsImage, useCreateNews, useUpdateNews } from '../../api/content-api';
import { RichTextEditor } from '../rich-text-editor';
import { describedBy, FormField } from '@/components/form/form-field';

type NewsTexts = Pick<NewsAdminItem, 'title_ru' | 'text_ru' | 'title_en' | 'text_en'>;
const LANGS: readonly Lang[] = ['ru', 'en'];

/** Writing or fixing one news item: title and rich text in Russian and English, and an optional uploaded image. */
export function NewsEditDialog({ item, onClose }: { item: NewsAdminItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [texts, setTexts] = useState<NewsTexts>({
    title_ru: item?.title_ru ?? '',
    text_ru: item?.text_ru ?? '',
    title_en: item?.title_en ?? '',
    text_en: item?.text_en ?? '',
  });
  const setText = (field: keyof NewsTexts, value: string) => setTexts((current) => ({ ...current, [field]: value }));
  const [imageFile, setImageFile] = useState<string | null>(item?.image_file ?? null);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fileInput = useRef<HTMLInputElement>(null);
  const onError = (error: ApiError) => setErrors(error.fields ?? { _: error.message });
  const create = useCreateNews(onError);
  const update = useUpdateNews(onError);
  const saving = create.isPending || update.isPending;

  const pickImage = async (file: File | undefined) => {
    if (!file) return;
    setErrors((e) => ({ ...e, image_file: '' }));
    // The same limits the server enforces, said before the upload; the server's check is the one that counts.
    if (file.size > NEWS_IMAGE_MAX_BYTES) {
      setErrors((e) => ({ ...e, image_file: t('toolsNews.imageTooLarge') }));
      return;
    }
    setUploading(true);
    try {
      setImageFile((await uploadNewsImage(file)).file);
    } catch (error) {
      setErrors((e) => ({ ...e, image_file: error instanceof ApiError && error.message ? error.message : t('common.unexpectedError') }));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const save = () => {
    setErrors({});
    const done = { onSuccess: () => (showSuccessToast({ key: 'toolsNews.saved' }), onClose()) };
    if (item) update.mutate({ id: item.id, ...texts, image_file: imageFile }, done);
    else create.mutate({ ...texts, image_file: imageFile }, done);
  };

  return (
    <Dialog
      visible
      onHide={onClose}
      header={t(item ? 'toolsNews.editTitle' : 'toolsNews.createTitle')}
      style={{ width: '48rem' }}
      breakpoints={{ '800px': '96vw' }}
      className="tools-dialog"
      data-testid="news-dialog"
      footer={
        <div className="tools-actions">
          <Button type="button" label={t('toolsCommon.cancel')} text onClick={onClose} />
          <Button
            type="button"
            label={t(item ? 'toolsNews.save' : 'toolsNews.publishNew')}
            icon={item ? 'pi pi-save' : 'pi pi-send'}
            loading={saving}
            disabled={uploading}
            onClick={save}
            data-testid="news-save"
          />
        </div>
      }
    >
      <div className="tools-form">
        <p className="tools-card__text">{t('toolsNews.languagesHint')}</p>
        {LANGS.map((lang) => (
          <fieldset key={lang} className="tools-fieldset news-language" data-testid={`news-language-${lang}`}>
            <legend>{t(`toolsNews.languages.${lang}`)}</legend>
            <FormField className="tool-field" id={`news-title-${lang}`} label={t('toolsNews.fields.title')} error={errors[`title_${lang}`]}>
              <InputText
                id={`news-title-${lang}`}
                lang={lang}
                value={texts[`title_${lang}`]}
                onChange={(e) => setText(`title_${lang}`, e.target.value)}
                maxLength={NEWS_TITLE_MAX}
                invalid={Boolean(errors[`title_${lang}`])}
                aria-describedby={describedBy(`news-title-${lang}`, errors[`title_${lang}`])}
                data-testid={`news-title-${lang}`}
              />
            </FormField>
            <FormField className="tool-field" id={`news-text-${lang}`} label={t('toolsNews.fields.text')} hint={t('toolsCommon.sanitized')} error={errors[`text_${lang}`]}>
              <RichTextEditor
                id={`news-text-${lang}`}
                label={`${t('toolsNews.fields.text')} (${t(`toolsNews.languages.${lang}`)})`}
                value={texts[`text_${lang}`]}
                onChange={(html) => setText(`text_${lang}`, html)}
                describedBy={describedBy(`news-text-${lang}`, errors[`text_${lang}`], true)}
              />
            </FormField>
          </fieldset>
        ))}
        <FormField className="tool-field" id="news-image" label={t('toolsNews.fields.image')} hint={t('toolsNews.imageHint')} error={errors.image_file || undefined}>
          <div className="news-image-field">
            {imageFile && <img src={newsImageUrl(imageFile)} alt={t('toolsNews.imageAlt')} className="news-image-field__preview" data-testid="news-image-preview" />}
            <input
              ref={fileInput}
              id="news-image"
              type="file"
              accept={NEWS_IMAGE_TYPES.join(',')}
              className="news-image-field__input"
              aria-describedby={describedBy('news-image', errors.image_file || undefined, true)}
              onChange={(e) => void pickImage(e.target.files?.[0])}
              data-testid="news-image"
            />
            {uploading && <i className="pi pi-spin pi-spinner" aria-label={t('toolsNews.uploading')} />}
            {imageFile && <Button type="button" label={t('toolsNews.removeImage')} icon="pi pi-times" text size="small" onClick={() => setImageFile(null)} data-testid="news-image-remove" />}
          </div>
        </FormField>
        {errors._ && <p className="p-error" role="alert">{errors._}</p>}
      </div>
    </Dialog>
  );
}
