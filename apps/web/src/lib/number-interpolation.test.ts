import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import en from '../locales/en.json';
import ru from '../locales/ru.json';
import { numberInterpolation } from './number-interpolation';

async function translator(lng: string) {
  const instance = i18next.createInstance().use(numberInterpolation);
  await instance.init({
    lng,
    resources: { ru: { translation: ru }, en: { translation: en } },
    interpolation: { escapeValue: false, alwaysFormat: true },
  });
  return instance;
}

describe('numbers in texts', () => {
  it('groups counts as the language does', async () => {
    expect((await translator('ru')).t('sims.total', { count: 4000 })).toBe('Найдено: 4\u00a0000');
    expect((await translator('en')).t('sims.total', { count: 4000 })).toBe('Found: 4,000');
  });

  it('keeps the plural form of the raw count', async () => {
    const ruT = await translator('ru');
    expect(ruT.t('faq.found', { count: 1 })).toBe('Найден 1 вопрос');
    expect(ruT.t('faq.found', { count: 1002 })).toBe('Найдено 1\u00a0002 вопроса');
    expect((await translator('en')).t('faq.found', { count: 1002 })).toBe('1,002 questions found');
  });

  it('leaves identifiers as they are', async () => {
    expect((await translator('ru')).t('globalUnblock.startedText', { qid: 12345, count: 2000 })).toContain('№12345 запущена для 2\u00a0000 SIM');
  });
});
