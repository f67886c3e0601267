import { Controller, useFormContext } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { InputTextarea } from 'primereact/inputtextarea';
import { SelectButton } from 'primereact/selectbutton';
import { SMS_MAX_LENGTH } from '@cab/contract/constants';
import type { SimQueueReason } from '@cab/contract/queue';
import { CheckboxField } from '@/components/form/checkbox-field';
import { useFieldError } from '@/components/form/form';
import { FormField } from '@/components/form/form-field';
import { DropdownField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { groupsQueryOptions } from '@/lib/groups-query';
import type { OperationValues } from './operation-form';

/** A parameter typed as text (numbers too: the schema checks them as typed). */
function ParamField(props: {
  name: 'amount' | 'package' | 'limit_mb' | 'repeat' | 'company_id' | 'imei';
  testId: string;
  numeric?: boolean;
  hint?: string;
}) {
  const { t } = useTranslation();
  return (
    <TextField<OperationValues>
      name={props.name}
      id={`op-${props.name}`}
      label={t(`ops.fields.${props.name}`)}
      hint={props.hint}
      inputMode={props.numeric ? 'numeric' : undefined}
      autoComplete="off"
      testId={props.testId}
    />
  );
}

/** The SMS text with its counter, which the textarea is described by, error or not. */
function SmsField({ smsLength }: { smsLength: number }) {
  const { t } = useTranslation();
  const { register } = useFormContext<OperationValues>();
  const error = useFieldError('text');
  const over = smsLength > SMS_MAX_LENGTH;
  return (
    <FormField id="op-text" label={t('ops.fields.text')} error={error}>
      <InputTextarea
        id="op-text"
        rows={3}
        autoResize
        invalid={Boolean(error)}
        aria-invalid={Boolean(error) || over}
        aria-describedby="op-text-counter"
        data-testid="op-sms-text"
        {...register('text')}
      />
      <small id="op-text-counter" className={`op-field__counter${over ? ' text-danger' : ''}`} data-testid="op-sms-counter">
        {smsLength}/{SMS_MAX_LENGTH}
      </small>
    </FormField>
  );
}

function GroupFields() {
  const { t } = useTranslation();
  const { control } = useFormContext<OperationValues>();
  const groups = useQuery(groupsQueryOptions);
  const options = (groups.data?.items ?? []).map((group) => ({ label: group.name, value: group.id }));
  const actions = [
    { label: t('ops.fields.groupAdd'), value: 'add' },
    { label: t('ops.fields.groupRemove'), value: 'remove' },
  ];
  return (
    <>
      <div className="op-field">
        <Controller
          control={control}
          name="group_action"
          render={({ field }) => (
            <SelectButton
              value={field.value}
              options={actions}
              allowEmpty={false}
              onChange={(event) => field.onChange(event.value as 'add' | 'remove')}
              data-testid="op-group-action"
            />
          )}
        />
      </div>
      <DropdownField<OperationValues, number>
        name="group_id"
        id="op-group"
        label={t('ops.fields.group')}
        options={options}
        loading={groups.isPending}
        placeholder={t('ops.fields.groupPlaceholder')}
        emptyMessage={t('ops.fields.noGroups')}
        filter={options.length > 8}
        testId="op-group"
      />
    </>
  );
}

/** The parameter fields of one operation inside its `<Form>` (spec §5 rules; contract limits). */
export function OperationFields({ reason, smsLength }: { reason: SimQueueReason; smsLength: number }) {
  const { t } = useTranslation();
  switch (reason) {
    case 'queue_sms':
      return <SmsField smsLength={smsLength} />;
    case 'queue_limit':
      return (
        <>
          <ParamField name="limit_mb" testId="op-limit" numeric />
          <ParamField name="repeat" testId="op-repeat" numeric hint={t('ops.fields.repeatHint')} />
        </>
      );
    case 'queue_balance':
      return <ParamField name="amount" testId="op-amount" hint={t('ops.fields.amountHint')} />;
    case 'queue_tariff_package':
      return <ParamField name="package" testId="op-package" />;
    case 'queue_group':
      return <GroupFields />;
    case 'queue_transfer':
      return <ParamField name="company_id" testId="op-company" numeric hint={t('ops.fields.company_idHint')} />;
    case 'queue_imei_lock':
      return (
        <>
          <ParamField name="imei" testId="op-imei" numeric hint={t('ops.fields.imeiHint')} />
          <CheckboxField<OperationValues> name="imei_block" id="op-imei-block" label={t('ops.fields.imei_block')} testId="op-imei-block" />
        </>
      );
    default:
      return null;
  }
}
