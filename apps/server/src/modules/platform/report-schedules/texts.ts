import type { Lang } from '@cab/contract/constants';

type Texts = Record<Lang, string>;

/** The mail of a scheduled run, in the language of the user who saved the schedule. */
export const SCHEDULE_MAIL_SUBJECT: Texts = {
  ru: 'Отчёт «{title}»{period}',
  en: 'Report “{title}”{period}',
};

export const SCHEDULE_MAIL_PERIOD: Texts = { ru: ' за {from} — {to}', en: ' for {from} – {to}' };

export const SCHEDULE_MAIL_ATTACHED: Texts = {
  ru: 'Отчёт «{title}» ({format}, строк: {rows}) по расписанию во вложении.\nФильтр: {filter}\nФайл также хранится в разделе «Загрузки»: {link}',
  en: 'The scheduled report “{title}” ({format}, rows: {rows}) is attached.\nFilter: {filter}\nThe file is also kept under Downloads: {link}',
};

export const SCHEDULE_MAIL_LINKED: Texts = {
  ru: 'Отчёт «{title}» ({format}, строк: {rows}) по расписанию готов. Файл больше {max} МБ, поэтому не вложен: скачайте его в разделе «Загрузки»: {link}\nФильтр: {filter}',
  en: 'The scheduled report “{title}” ({format}, rows: {rows}) is ready. The file is larger than {max} MB, so it is not attached: download it under Downloads: {link}\nFilter: {filter}',
};
