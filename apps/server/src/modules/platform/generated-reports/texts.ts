import type { Lang } from '@cab/contract/constants';

type Texts = Record<Lang, string>;

/** Told to the author (and to the company's notification methods with the "other notifications" flag). */
export const REPORT_READY_TEXT: Texts = {
  ru: 'Отчёт «{title}» ({format}) готов: строк — {rows}. Скачайте его в разделе «Загрузки».',
  en: 'The report “{title}” ({format}) is ready, rows: {rows}. Download it under Downloads.',
};

export const REPORT_FAILED_TEXT: Texts = {
  ru: 'Не удалось сформировать отчёт «{title}» ({format}). Попробуйте ещё раз.',
  en: 'The report “{title}” ({format}) could not be generated. Please try again.',
};

/** The filter summary of a source that has no filter of its own. */
export const NO_FILTER_TEXT: Texts = { ru: 'Без фильтра', en: 'No filter' };
