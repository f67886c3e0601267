import type { Lang } from '@cab/contract/constants';
import type { NewsEditInput } from '@cab/contract/content';
import { isBlankHtml, sanitizeHtml } from '../../../formats/sanitize-html.js';
import { AppError, type FieldProblem } from '../../../http/errors.js';

/** A news item's texts as stored: '' where a language was not written. */
export interface NewsTexts {
  titleRu: string;
  textRu: string;
  titleEn: string;
  textEn: string;
}

/**
 * The texts to store: HTML sanitized, each language whole (title and text) or empty, at least one
 * written. Problems are answered per field, so the editor marks the right one.
 */
export function cleanNewsTexts(input: Pick<NewsEditInput, 'title_ru' | 'text_ru' | 'title_en' | 'text_en'>): NewsTexts {
  const fields: Record<string, FieldProblem> = {};
  const language = (lang: Lang, title: string, html: string) => {
    const text = sanitizeHtml(html);
    const hasText = !isBlankHtml(text);
    if (title && !hasText) fields[`text_${lang}`] = 'required';
    if (!title && hasText) fields[`title_${lang}`] = 'required';
    return { title, text: hasText ? text : '' };
  };
  const ru = language('ru', input.title_ru, input.text_ru);
  const en = language('en', input.title_en, input.text_en);
  // Nothing written at all: Russian is asked for first, as the cabinet's default language.
  if (!ru.title && !ru.text && !en.title && !en.text) Object.assign(fields, { title_ru: 'required', text_ru: 'required' });
  if (Object.keys(fields).length) throw new AppError('validation_failed', fields);
  return { titleRu: ru.title, textRu: ru.text, titleEn: en.title, textEn: en.text };
}

/** What a reader of `lang` sees: their language, or the other one when it was not written in theirs. */
export function newsInLang(texts: NewsTexts, lang: Lang): { title: string; text: string } {
  const ru = { title: texts.titleRu, text: texts.textRu };
  const en = { title: texts.titleEn, text: texts.textEn };
  const [own, other] = lang === 'en' ? [en, ru] : [ru, en];
  return own.title ? own : other;
}
