import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import {
  NOTIFY_CATEGORIES,
  NOTIFY_DESTINATION_MAX,
  NOTIFY_METHOD_TYPES,
  NOTIFY_METHOD_TYPE_NAMES,
  isValidDestination,
  type NotifyMethod,
  type NotifyMethodType,
} from '@cab/contract/notify-methods';
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
  const [input, setInput] = useState<NotifyMethodInput>(method ? inputOf(method) : EMPTY);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const onError = (error: ApiError) => {
    if (error.fields?.destination) setServerError(error.fields.destination);
    else toastError(error);
  };
  const save = useSaveNotifyMethod(companyId, onError);
  const typeName = NOTIFY_METHOD_TYPE_NAMES[input.type];
  const destination = input.destination.trim();
  const invalid = !isValidDestination(input.type, destination);
  const destinationError = touched && invalid ? t(`notifyMethods.invalid.${typeName}`) : serverError;
  const typeOptions = NOTIFY_METHOD_TYPES.map((type) => ({
    value: type,
    label: t(`notifyMethods.types.${NOTIFY_METHOD_TYPE_NAMES[type]}`),
  }));

  function submit(event: FormEvent): void {
    event.preventDefault();
    setTouched(true);
    if (invalid) return;
    save.mutate(
      { id: method?.id ?? null, input: { ...input, destination } },
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
      <form className="notify-form" onSubmit={submit} noValidate>
        <div className="notify-field">
          <label htmlFor="notify-type">{t('notifyMethods.type')}</label>
          <Dropdown
            inputId="notify-type"
            value={input.type}
            options={typeOptions}
            onChange={(e) => {
              setInput({ ...input, type: e.value as NotifyMethodType });
              setServerError(null);
            }}
            data-testid="notify-type"
          />
        </div>
        <div className="notify-field">
          <label htmlFor="notify-destination">{t('notifyMethods.destination')}</label>
          <InputText
            id="notify-destination"
            value={input.destination}
            maxLength={NOTIFY_DESTINATION_MAX}
            placeholder={t(`notifyMethods.placeholder.${typeName}`)}
            invalid={destinationError !== null}
            aria-invalid={destinationError !== null}
            aria-describedby="notify-destination-hint"
            onChange={(e) => {
              setInput({ ...input, destination: e.target.value });
              setServerError(null);
            }}
            onBlur={() => setTouched(destination !== '' || touched)}
            data-testid="notify-destination"
          />
          {/* The error states the rule itself, so it takes the hint's place. */}
          {destinationError !== null ? (
            <small id="notify-destination-hint" className="p-error" role="alert" data-testid="notify-destination-error">
              {destinationError}
            </small>
          ) : (
            <small id="notify-destination-hint" className="notify-hint">
              {t(`notifyMethods.hint.${typeName}`)}
            </small>
          )}
        </div>
        <fieldset className="notify-flags">
          <legend>{t('notifyMethods.categories')}</legend>
          {NOTIFY_CATEGORIES.map((category) => (
            <div key={category} className="notify-flag">
              <Checkbox
                inputId={`notify-flag-${category}`}
                checked={input[category]}
                onChange={(e) => setInput({ ...input, [category]: e.checked === true })}
                data-testid={`notify-flag-${category}`}
              />
              <label htmlFor={`notify-flag-${category}`}>{t(`notifyMethods.flags.${category}`)}</label>
            </div>
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
      </form>
    </Dialog>
  );
}
