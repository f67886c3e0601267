import { z } from 'zod';
import { SMS_MAX_LENGTH } from '@cab/contract/constants';
import { IMEI_PATTERN, imeiCheckDigitOk } from '@cab/contract/luhn';
import { BALANCE_CHANGE_PATTERN, type QueueParams, type SimQueueReason } from '@cab/contract/queue';

/** Every parameter field of the operation dialogs; each reason validates only its own. */
export interface OperationValues {
  text: string;
  /** Number fields are kept as typed (strings) and checked as whole numbers. */
  limit_mb: string;
  repeat: string;
  amount: string;
  package: string;
  group_id: number | null;
  group_action: 'add' | 'remove';
  company_id: string;
  /** Empty: each SIM is locked to the IMEI it last used. */
  imei: string;
  imei_block: boolean;
}

export const EMPTY_OPERATION_VALUES: OperationValues = {
  text: '',
  limit_mb: '',
  repeat: '0',
  amount: '',
  package: '',
  group_id: null,
  group_action: 'add',
  company_id: '',
  imei: '',
  imei_block: false,
};

/** Messages are i18n keys under `ops.errors`. */
const wholeNumber = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: 'required', abort: true })
    .regex(/^\d+$/, { error: 'wholeNumber' })
    .refine((value) => Number(value) <= max, { error: 'tooLarge' });

const smsText = z
  .string()
  .trim()
  .min(1, { error: 'required', abort: true })
  .max(SMS_MAX_LENGTH, { error: 'smsTooLong' });

/** "+N" / "-N" EUR, two decimals at most, never zero (spec §5). */
export const balanceAmount = z
  .string()
  .trim()
  .min(1, { error: 'required', abort: true })
  .regex(BALANCE_CHANGE_PATTERN, { error: 'amountFormat', abort: true })
  .refine((value) => Number(value) !== 0, { error: 'amountZero' });

type FieldSchemas = { [K in keyof OperationValues]?: z.ZodType<OperationValues[K], OperationValues[K]> };

const FIELDS: Partial<Record<SimQueueReason, FieldSchemas>> = {
  queue_sms: { text: smsText },
  queue_limit: { limit_mb: wholeNumber(1_000_000), repeat: wholeNumber(1000) },
  queue_balance: { amount: balanceAmount },
  queue_tariff_package: {
    package: z.string().trim().min(1, { error: 'required', abort: true }).max(64, { error: 'tooLong' }),
  },
  queue_group: {
    group_id: z
      .number()
      .nullable()
      .refine((id) => id !== null, { error: 'groupRequired' }),
  },
  queue_imei_lock: {
    imei: z
      .string()
      .trim()
      .refine((value) => value === '' || IMEI_PATTERN.test(value), { error: 'imeiFormat', abort: true })
      .refine((value) => value === '' || imeiCheckDigitOk(value), { error: 'imeiCheckDigit' }),
  },
  queue_transfer: {
    company_id: z
      .string()
      .trim()
      .min(1, { error: 'required', abort: true })
      .regex(/^[1-9]\d{0,14}$/, { error: 'companyId' }),
  },
};

const ANY_VALUES = z.object({
  text: z.string(),
  limit_mb: z.string(),
  repeat: z.string(),
  amount: z.string(),
  package: z.string(),
  group_id: z.number().nullable(),
  group_action: z.enum(['add', 'remove']),
  company_id: z.string(),
  imei: z.string(),
  imei_block: z.boolean(),
});

/** The schema of one reason's dialog: its own fields checked, the others taken as they are. */
export function operationSchema(reason: SimQueueReason): z.ZodType<OperationValues, OperationValues> {
  // Each field schema keeps its field's type (FieldSchemas), so the extended object still parses to OperationValues.
  return ANY_VALUES.extend(FIELDS[reason] ?? {}) as unknown as z.ZodType<OperationValues, OperationValues>;
}

/** The `params` of QueueCreateRequest for a reason, from validated values. */
export function operationParams(reason: SimQueueReason, values: OperationValues): QueueParams {
  switch (reason) {
    case 'queue_sms':
      return { text: values.text.trim() };
    case 'queue_limit':
      return { limit_mb: Number(values.limit_mb), repeat: Number(values.repeat || '0') };
    case 'queue_balance':
      return { amount: values.amount.trim() };
    case 'queue_tariff_package':
      return { package: values.package.trim() };
    case 'queue_group':
      return values.group_id === null ? {} : { group_id: values.group_id, group_action: values.group_action };
    case 'queue_transfer':
      return { company_id: Number(values.company_id) };
    case 'queue_imei_lock':
      return { ...(values.imei.trim() ? { imei: values.imei.trim() } : {}), imei_block: values.imei_block };
    default:
      return {};
  }
}

export function hasParams(reason: SimQueueReason): boolean {
  return reason in FIELDS;
}
