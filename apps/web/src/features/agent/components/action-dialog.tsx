import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES, REQUEST_ACTIONS, type RequestAction } from '@cab/contract/agents';
import { showSuccessToast } from '@/lib/api';
import { useTransition } from '../api/agent-api';
import { readBase64 } from '../model/format';

/** One transition: a comment (required where the table says so) and, optionally, a PDF or image. */
export function ActionDialog({ requestId, action, onHide }: { requestId: number; action: RequestAction | null; onHide: () => void }) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const transition = useTransition((e) => setError(e.fields?.comment ?? e.message));
  const rule = action ? REQUEST_ACTIONS[action] : null;
  const close = () => {
    setComment('');
    setFile(null);
    setError(undefined);
    onHide();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!action || !rule) return;
    if (rule.comment === 'required' && !comment.trim()) {
      setError(t('agent.action.commentRequired'));
      return;
    }
    if (file && file.size > ATTACHMENT_MAX_BYTES) {
      setError(t('agent.action.fileTooLarge', { max: ATTACHMENT_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    if (file && !(ATTACHMENT_TYPES as readonly string[]).includes(file.type)) {
      setError(t('agent.action.fileType'));
      return;
    }
    setError(undefined);
    const attachment = file ? { name: file.name.slice(0, 200), content_base64: await readBase64(file) } : undefined;
    transition.mutate(
      { id: requestId, action, ...(comment.trim() ? { comment: comment.trim() } : {}), ...(attachment ? { attachment } : {}) },
      { onSuccess: () => (showSuccessToast({ key: `agent.action.done.${action}` }), close()) },
    );
  };
  return (
    <Dialog header={action ? t(`agent.actions.${action}`) : ''} visible={action !== null} onHide={close} className="agent-dialog" breakpoints={{ '640px': '95vw' }} data-testid="action-dialog">
      <form className="agent-form" noValidate onSubmit={(e) => void submit(e)}>
        {action && <p className="agent-card__hint">{t(`agent.action.explain.${action}`)}</p>}
        <div className="agent-form__field">
          <label htmlFor="action-comment">
            {rule?.comment === 'required' ? t('agent.action.commentLabelRequired') : t('agent.action.commentLabel')}
          </label>
          <InputTextarea id="action-comment" value={comment} onChange={(e) => setComment(e.target.value)} rows={4} maxLength={2000} invalid={!!error} data-testid="action-comment" />
        </div>
        <div className="agent-form__field">
          <label htmlFor="action-file">{t('agent.action.file')}</label>
          <input
            id="action-file"
            type="file"
            accept="application/pdf,image/png,image/jpeg"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            aria-describedby="action-file-hint"
            data-testid="action-file"
          />
          <small id="action-file-hint">{t('agent.action.fileHint', { max: ATTACHMENT_MAX_BYTES / 1024 / 1024 })}</small>
        </div>
        {error && (
          <p className="p-error" role="alert" data-testid="action-error">
            {error}
          </p>
        )}
        <div className="agent-form__actions">
          <Button type="button" label={t('agent.cancel')} text onClick={close} />
          <Button
            type="submit"
            label={action ? t(`agent.actions.${action}`) : ''}
            severity={action === 'decline' ? 'danger' : undefined}
            loading={transition.isPending}
            data-testid="action-submit"
          />
        </div>
      </form>
    </Dialog>
  );
}
