import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES, REQUEST_ACTIONS, type RequestAction } from '@cab/contract/agents';
import { showSuccessToast } from '@/lib/api';
import { Form, fieldErrorText } from '@/components/form/form';
import { useZodForm } from '@/components/form/use-zod-form';
import { useTransition } from '../api/agent-api';
import { readBase64 } from '../model/format';

const MAX_MB = ATTACHMENT_MAX_BYTES / 1024 / 1024;
const MESSAGES = { keys: 'agent.action', values: { max: MAX_MB } };

/** The comment (when the table requires one) and the attachment's size and type; keys under agent.action. */
function actionFormSchema(commentRequired: boolean) {
  return z.object({ comment: z.string(), file: z.custom<File | null>() }).superRefine(({ comment, file }, ctx) => {
    if (commentRequired && !comment.trim()) ctx.addIssue({ code: 'custom', path: ['comment'], message: 'commentRequired' });
    if (!file) return;
    if (file.size > ATTACHMENT_MAX_BYTES) ctx.addIssue({ code: 'custom', path: ['file'], message: 'fileTooLarge' });
    else if (!(ATTACHMENT_TYPES as readonly string[]).includes(file.type)) ctx.addIssue({ code: 'custom', path: ['file'], message: 'fileType' });
  });
}
type ActionFormValues = z.infer<ReturnType<typeof actionFormSchema>>;
const EMPTY: ActionFormValues = { comment: '', file: null };

/** One transition: a comment (required where the table says so) and, optionally, a PDF or image. */
export function ActionDialog({ requestId, action, onHide }: { requestId: number; action: RequestAction | null; onHide: () => void }) {
  const { t } = useTranslation();
  const rule = action ? REQUEST_ACTIONS[action] : null;
  const schema = useMemo(() => actionFormSchema(rule?.comment === 'required'), [rule?.comment]);
  // Checked on submit only, as before; one message at a time, the comment's first.
  const form = useZodForm(schema, { defaultValues: EMPTY, reValidateMode: 'onSubmit' });
  const transition = useTransition((e) => form.setError('root.server', { message: e.fields?.comment ?? e.message }));
  const { errors } = form.formState;
  const error = fieldErrorText(t, errors.comment ?? errors.file, MESSAGES) ?? errors.root?.server?.message;
  const close = () => {
    form.reset(EMPTY);
    onHide();
  };
  const submit = async ({ comment, file }: ActionFormValues) => {
    if (!action) return;
    const attachment = file ? { name: file.name.slice(0, 200), content_base64: await readBase64(file) } : undefined;
    transition.mutate(
      { id: requestId, action, ...(comment.trim() ? { comment: comment.trim() } : {}), ...(attachment ? { attachment } : {}) },
      { onSuccess: () => (showSuccessToast({ key: `agent.action.done.${action}` }), close()) },
    );
  };
  return (
    <Dialog header={action ? t(`agent.actions.${action}`) : ''} visible={action !== null} onHide={close} className="agent-dialog" breakpoints={{ '640px': '95vw' }} data-testid="action-dialog">
      <Form form={form} onSubmit={submit} className="agent-form">
        {action && <p className="agent-card__hint">{t(`agent.action.explain.${action}`)}</p>}
        <div className="agent-form__field">
          <label htmlFor="action-comment">
            {rule?.comment === 'required' ? t('agent.action.commentLabelRequired') : t('agent.action.commentLabel')}
          </label>
          <InputTextarea id="action-comment" rows={4} maxLength={2000} invalid={!!error} data-testid="action-comment" {...form.register('comment')} />
        </div>
        <div className="agent-form__field">
          <label htmlFor="action-file">{t('agent.action.file')}</label>
          <Controller
            control={form.control}
            name="file"
            render={({ field }) => (
              <input
                id="action-file"
                type="file"
                accept="application/pdf,image/png,image/jpeg"
                onChange={(e) => field.onChange(e.target.files?.[0] ?? null)}
                aria-describedby="action-file-hint"
                data-testid="action-file"
              />
            )}
          />
          <small id="action-file-hint">{t('agent.action.fileHint', { max: MAX_MB })}</small>
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
      </Form>
    </Dialog>
  );
}
