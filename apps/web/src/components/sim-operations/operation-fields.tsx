import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { SelectButton } from 'primereact/selectbutton';
import { SMS_MAX_LENGTH } from '@cab/contract/constants';
import type { SimQueueReason } from '@cab/contract/queue';
import { groupsQueryOptions } from '@/lib/groups-query';
import type { OperationValues } from './operation-form';

interface FieldsProps {
  reason: SimQueueReason;
  control: Control<OperationValues>;
  register: UseFormRegister<OperationValues>;
  errors: FieldErrors<OperationValues>;
  smsLength: number;
}

function FieldError({ message }: { message: string | undefined }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <small className="p-error op-field__error" role="alert">
      {t(`ops.errors.${message}`, { max: SMS_MAX_LENGTH })}
    </small>
  );
}

function TextField(props: {
  name: 'amount' | 'package' | 'limit_mb' | 'repeat' | 'company_id';
  testId: string;
  numeric?: boolean;
  register: UseFormRegister<OperationValues>;
  errors: FieldErrors<OperationValues>;
  hint?: string;
}) {
  const { t } = useTranslation();
  const id = `op-${props.name}`;
  const error = props.errors[props.name]?.message;
  return (
    <div className="op-field">
      <label htmlFor={id}>{t(`ops.fields.${props.name}`)}</label>
      <InputText
        id={id}
        inputMode={props.numeric ? 'numeric' : undefined}
        autoComplete="off"
        invalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        data-testid={props.testId}
        {...props.register(props.name)}
      />
      {props.hint && <small className="op-field__hint">{props.hint}</small>}
      <FieldError message={error} />
    </div>
  );
}

function GroupFields({ control, errors }: Pick<FieldsProps, 'control' | 'errors'>) {
  const { t } = useTranslation();
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
      <div className="op-field">
        <label htmlFor="op-group">{t('ops.fields.group')}</label>
        <Controller
          control={control}
          name="group_id"
          render={({ field }) => (
            <Dropdown
              inputId="op-group"
              value={field.value}
              options={options}
              loading={groups.isPending}
              placeholder={t('ops.fields.groupPlaceholder')}
              emptyMessage={t('ops.fields.noGroups')}
              filter={options.length > 8}
              invalid={Boolean(errors.group_id)}
              onChange={(event) => field.onChange(event.value as number)}
              data-testid="op-group"
            />
          )}
        />
        <FieldError message={errors.group_id?.message} />
      </div>
    </>
  );
}

/** The parameter fields of one operation (spec §5 rules; contract limits). */
export function OperationFields({ reason, control, register, errors, smsLength }: FieldsProps) {
  const { t } = useTranslation();
  switch (reason) {
    case 'queue_sms':
      return (
        <div className="op-field">
          <label htmlFor="op-text">{t('ops.fields.text')}</label>
          <InputTextarea
            id="op-text"
            rows={3}
            autoResize
            invalid={Boolean(errors.text)}
            aria-invalid={Boolean(errors.text) || smsLength > SMS_MAX_LENGTH}
            aria-describedby="op-text-counter"
            data-testid="op-sms-text"
            {...register('text')}
          />
          <small
            id="op-text-counter"
            className={`op-field__counter${smsLength > SMS_MAX_LENGTH ? ' text-danger' : ''}`}
            data-testid="op-sms-counter"
          >
            {smsLength}/{SMS_MAX_LENGTH}
          </small>
          <FieldError message={errors.text?.message} />
        </div>
      );
    case 'queue_limit':
      return (
        <>
          <TextField name="limit_mb" testId="op-limit" numeric register={register} errors={errors} />
          <TextField
            name="repeat"
            testId="op-repeat"
            numeric
            register={register}
            errors={errors}
            hint={t('ops.fields.repeatHint')}
          />
        </>
      );
    case 'queue_balance':
      return (
        <TextField
          name="amount"
          testId="op-amount"
          register={register}
          errors={errors}
          hint={t('ops.fields.amountHint')}
        />
      );
    case 'queue_tariff_package':
      return <TextField name="package" testId="op-package" register={register} errors={errors} />;
    case 'queue_group':
      return <GroupFields control={control} errors={errors} />;
    case 'queue_transfer':
      return (
        <TextField
          name="company_id"
          testId="op-company"
          numeric
          register={register}
          errors={errors}
          hint={t('ops.fields.company_idHint')}
        />
      );
    default:
      return null;
  }
}
