import { useRef } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import {
  NOTIFY_CATEGORIES,
  NOTIFY_DESTINATION_MAX,
  NOTIFY_METHOD_TYPES,
  NOTIFY_METHOD_TYPE_NAMES,
  NotifyMethodCreateRequest,
  isValidDestination,
  type NotifyMethod,
  type NotifyMethodType,
} from '@cab/contract/notify-methods';
import { CheckboxField } from '@/components/form/checkbox-field';
import { Form } from '@/components/form/form';
import { FormField } from '@/components/form/form-field';
import { TextField } from '@/components/form/text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import type { ApiError } from '@/lib/api-error';
import { showSuccessToast } from '@/lib/api';
import { useSaveNotifyMethod, type CompanyRef, type NotifyMethodInput } from '../api/notify-methods-api';
import { toastError } from '@/lib/toast-bus';

interface NotifyMethodDialogProps {
  companyId: CompanyRef;
  /** The method being edited; null adds a new one. */
  method: NotifyMethod | null;
  onClose: () => void;
}

const EMPTY: NotifyMethodInput = { type: 0, destination: '', sim: true, billing: true, notify: true };

/**
 * The contract's fields; the destination is checked by the contract's per-type rule, whose message
 * (a key under notifyMethods) names the type's own format.
 */
const notifyMethodSchema = NotifyMethodCreateRequest.omit({ company_id: true })
  .extend({ destination: z.string().trim() })
  .superRefine((value, ctx) => {
    if (isValidDestination(value.type, value.destination)) return;
    ctx.addIssue({ code: 'custom', path: ['destination'], message: `invalid.${NOTIFY_METHOD_TYPE_NAMES[value.type]}` });
  });

/** Only the editable fields: the server rejects unknown ones. */
function inputOf(method: NotifyMethod): NotifyMethodInput {
  return {
    type: method.type,
    destination: method.destination,
    sim: method.sim,
    billing: method.billing,
    notify: method.notify,
  };
}

/** Add or edit one method: type, destination checked per type (spec §5), and the three category flags. */
export function NotifyMethodDialog({ companyId, method, onClose }: NotifyMethodDialogProps) {
  const { t } = useTranslation();
  const form = useZodForm(notifyMethodSchema, { defaultValues: method ? inputOf(method) : EMPTY });
  // As before: the destination is checked once it was left filled in (or on Save), then as it changes.
  const touched = useRef(false);
  // Read while rendering, so the dialog is told when a Save was tried.
  const { isSubmitted } = form.formState;
  const recheck = () => {
    if (touched.current || isSubmitted) void form.trigger('destination');
  };
  const onError = (error: ApiError) => {
    if (error.fields?.destination) form.setError('destination', { type: 'server', message: error.fields.destination });
    else toastError(error);
  };
  const save = useSaveNotifyMethod(companyId, onError);
  const type = useWatch({ control: form.control, name: 'type' });
  const typeName = NOTIFY_METHOD_TYPE_NAMES[type];
  const typeOptions = NOTIFY_METHOD_TYPES.map((value) => ({
    value,
    label: t(`notifyMethods.types.${NOTIFY_METHOD_TYPE_NAMES[value]}`),
  }));

  function submit(input: NotifyMethodInput): void {
    save.mutate(
      { id: method?.id ?? null, input },
      {
        onSuccess: () => {
          showSuccessToast({ key: 'notifyMethods.saved' });
          onClose();
        },
      },
    );
  }

  return (
    <Dialog
      visible
      onHide={onClose}
      header={t(method ? 'notifyMethods.editTitle' : 'notifyMethods.addTitle')}
      style={{ width: '32rem' }}
      breakpoints={{ '640px': '95vw' }}
      data-testid="notify-method-dialog"
    >
      <Form form={form} onSubmit={submit} errorKeys="notifyMethods" className="notify-form">
        <FormField id="notify-type" label={t('notifyMethods.type')} className="notify-field">
          <Controller
            control={form.control}
            name="type"
            render={({ field }) => (
              <Dropdown
                inputId="notify-type"
                value={field.value}
                options={typeOptions}
                onChange={(e) => {
                  field.onChange(e.value as NotifyMethodType);
                  recheck();
                }}
                data-testid="notify-type"
              />
            )}
          />
        </FormField>
        <TextField<NotifyMethodInput>
          name="destination"
          id="notify-destination"
          label={t('notifyMethods.destination')}
          hint={t(`notifyMethods.hint.${typeName}`)}
          fieldClassName="notify-field"
          maxLength={NOTIFY_DESTINATION_MAX}
          placeholder={t(`notifyMethods.placeholder.${typeName}`)}
          registerOptions={{
            onChange: recheck,
            onBlur: (event: { target: { value: string } }) => {
              if (event.target.value.trim() === '') return;
              touched.current = true;
              recheck();
            },
          }}
          testId="notify-destination"
        />
        <fieldset className="notify-flags">
          <legend>{t('notifyMethods.categories')}</legend>
          {NOTIFY_CATEGORIES.map((category) => (
            <CheckboxField<NotifyMethodInput>
              key={category}
              name={category}
              id={`notify-flag-${category}`}
              label={t(`notifyMethods.flags.${category}`)}
              className="notify-flag"
              testId={`notify-flag-${category}`}
            />
          ))}
        </fieldset>
        <div className="notify-form__actions">
          <Button type="button" label={t('notifyMethods.cancel')} outlined onClick={onClose} />
          <Button
            type="submit"
            label={t('notifyMethods.save')}
            icon="pi pi-check"
            loading={save.isPending}
            data-testid="notify-save"
          />
        </div>
      </Form>
    </Dialog>
  );
}
