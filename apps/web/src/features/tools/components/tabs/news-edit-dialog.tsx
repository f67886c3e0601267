import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { NEWS_IMAGE_MAX_BYTES, NEWS_IMAGE_TYPES, NEWS_TITLE_MAX, type NewsAdminItem } from '@cab/contract/content';
import { newsImageUrl } from '@cab/contract/news';
import { showSuccessToast } from '@/lib/api';
import { ApiError } from '@/lib/api-error';
import { uploadNewsImage, useCreateNews, useUpdateNews } from '../../api/content-api';
import { RichTextEditor } from '../rich-text-editor';
import { describedBy, FormField } from '@/components/form/form-field';

/** Writing or fixing one news item: title, an optional uploaded image, and rich text. */
export function NewsEditDialog({ item, onClose }: { item: NewsAdminItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(item?.title ?? '');
  const [text, setText] = useState(item?.text ?? '');
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
    if (item) update.mutate({ id: item.id, title, text, image_file: imageFile }, done);
    else create.mutate({ title, text, image_file: imageFile }, done);
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
        <FormField className="tool-field" id="news-title" label={t('toolsNews.fields.title')} error={errors.title}>
          <InputText
            id="news-title"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            maxLength={NEWS_TITLE_MAX}
            invalid={Boolean(errors.title)}
            aria-describedby={describedBy('news-title', errors.title)}
            data-testid="news-title"
          />
        </FormField>
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
        <FormField className="tool-field" id="news-text" label={t('toolsNews.fields.text')} hint={t('toolsCommon.sanitized')} error={errors.text}>
          <RichTextEditor id="news-text" label={t('toolsNews.fields.text')} value={text} onChange={setText} describedBy={describedBy('news-text', errors.text, true)} />
        </FormField>
        {errors._ && <p className="p-error" role="alert">{errors._}</p>}
      </div>
    </Dialog>
  );
}
