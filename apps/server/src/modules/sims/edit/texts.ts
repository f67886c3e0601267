import type { Lang } from '@cab/contract/constants';
import type { SimEditInvalidReason, SimEditLineStatus } from '@cab/contract/sim-edit';

/** The per-line results of a bulk edit (GET /api/sims/edit/lines_csv): columns, statuses and reasons in words. */
export const SIM_EDIT_CSV: Record<Lang, { header: string[]; status: Record<SimEditLineStatus, string>; reason: Record<SimEditInvalidReason, string> }> = {
  ru: {
    header: ['Строка', 'ICCID', 'Результат', 'Причина'],
    status: { pending: 'Ещё не выполнено', ok: 'Выполнено', unknown_iccid: 'Нет SIM-карты с таким ICCID', other_company: 'SIM-карта другой компании', invalid: 'Недопустимое значение', duplicate: 'SIM-карта уже была в файле выше', unchanged: 'Без изменений: у SIM-карты уже эти значения' },
    reason: {
      iccid_format: 'ICCID — это 18–20 цифр',
      name_too_long: 'Название длиннее 100 символов',
      external_id_too_long: 'Внешний ID длиннее 100 символов',
      labels_format: 'Метка — буквы, цифры, пробел и . _ : / # + -, до 32 символов',
      labels_too_many: 'Больше 10 меток у одной SIM-карты',
      labels_company_limit: 'У компании было бы больше 500 меток',
      line_columns: 'В строке больше ячеек, чем в заголовке',
    },
  },
  en: {
    header: ['Line', 'ICCID', 'Result', 'Reason'],
    status: { pending: 'Not done yet', ok: 'Done', unknown_iccid: 'No SIM card has this ICCID', other_company: "Another company's SIM card", invalid: 'Value not allowed', duplicate: 'The SIM card was on an earlier line', unchanged: 'Unchanged: the SIM card already had these values' },
    reason: {
      iccid_format: 'An ICCID is 18 to 20 digits',
      name_too_long: 'The name is longer than 100 characters',
      external_id_too_long: 'The external ID is longer than 100 characters',
      labels_format: 'A label is letters, digits, space and . _ : / # + -, up to 32 characters',
      labels_too_many: 'More than 10 labels on one SIM card',
      labels_company_limit: 'The company would have more than 500 labels',
      line_columns: 'The line has more cells than the header',
    },
  },
};
