import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { CreatableQueueReason, SimSelection } from '@cab/contract/queue';
import { SMS_MAX_LENGTH } from '@cab/contract/constants';
import { Form } from '@/components/form/form';
import { useZodForm } from '@/components/form/use-zod-form';
import { EMPTY_OPERATION_VALUES, operationParams, operationSchema, type OperationValues } from './operation-form';
import { DESTRUCTIVE_REASONS } from './operation-rules';
import { OperationFields } from './operation-fields';
import { SelectionPreview, type SeeAll } from './selection-preview';
import { useCreateQueue } from './use-create-queue';
import './sim-operations.css';

const ERROR_VALUES = { max: SMS_MAX_LENGTH };

export interface OperationDialogProps {
  /** The operation to confirm; null keeps the dialog closed. */
  reason: CreatableQueueReason | null;
  selection: SimSelection;
  /** What the operation acts on, in words ("12 SIM cards", "group Trackers"). */
  targetLabel: string;
  /** SIMs of an id selection whose profile does not allow the operation (the server skips them). */
  ineligible: number;
  /** Where the preview's "see all" leads; without it the preview lists the first SIMs only. */
  seeAll?: SeeAll;
  onHide: () => void;
  onQueued?: () => void;
}

/** Confirms one queue operation with its parameters and posts it (spec §5 rules, contract limits). */
export function OperationDialog(props: OperationDialogProps) {
  const { t } = useTranslation();
  const { reason } = props;
  return (
    <Dialog
      visible={reason !== null}
      onHide={props.onHide}
      header={reason ? t(`queue.reasons.${reason}`) : ''}
      style={{ width: '32rem' }}
      breakpoints={{ '640px': '95vw' }}
      draggable={false}
      modal
      data-testid="op-dialog"
    >
      {reason && <OperationForm key={reason} {...props} reason={reason} />}
    </Dialog>
  );
}

function OperationForm({
  reason,
  selection,
  targetLabel,
  ineligible,
  seeAll,
  onHide,
  onQueued,
}: OperationDialogProps & { reason: CreatableQueueReason }) {
  const { t } = useTranslation();
  const createQueue = useCreateQueue();
  const form = useZodForm(operationSchema(reason), { defaultValues: EMPTY_OPERATION_VALUES, mode: 'onChange' });
  const text = useWatch({ control: form.control, name: 'text' });
  const destructive = DESTRUCTIVE_REASONS.has(reason);
  // An SMS over its limit can't be sent: the counter turns red and Run stays disabled.
  const tooLong = reason === 'queue_sms' && (text ?? '').trim().length > SMS_MAX_LENGTH;

  const submit = (values: OperationValues) => {
    createQueue.mutate(
      { reason, selection, params: operationParams(reason, values) },
      {
        onSuccess: () => {
          onQueued?.();
          onHide();
        },
      },
    );
  };

  return (
    <Form form={form} onSubmit={submit} errorKeys="ops.errors" errorValues={ERROR_VALUES} className="op-form">
      <p className="op-form__target" data-testid="op-target">
        {t('ops.target', { target: targetLabel })}
      </p>
      <SelectionPreview selection={selection} reason={reason} seeAll={seeAll} onLeave={onHide} />
      {destructive && (
        <div className="inline-message inline-message--danger" role="alert">
          <i className="pi pi-exclamation-triangle" aria-hidden="true" />
          <span>{t(`ops.warning.${reason}`)}</span>
        </div>
      )}
      {ineligible > 0 && (
        <div className="inline-message inline-message--warn" data-testid="op-ineligible">
          <i className="pi pi-info-circle" aria-hidden="true" />
          <span>{t('ops.ineligible', { count: ineligible })}</span>
        </div>
      )}
      <OperationFields reason={reason} smsLength={(text ?? '').trim().length} />
      <div className="op-form__actions">
        <Button type="button" label={t('ops.cancel')} text onClick={onHide} />
        <Button
          type="submit"
          label={t(destructive ? `ops.confirmDestructive.${reason}` : 'ops.confirm')}
          icon={destructive ? 'pi pi-exclamation-triangle' : 'pi pi-check'}
          severity={destructive ? 'danger' : undefined}
          loading={createQueue.isPending}
          disabled={tooLong}
          data-testid="op-confirm"
        />
      </div>
    </Form>
  );
}
