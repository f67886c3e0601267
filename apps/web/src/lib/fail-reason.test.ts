import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import ru from '../locales/ru.json';
import { failReasonLabel } from './fail-reason';

describe('failReasonLabel', () => {
  beforeAll(async () => {
    await i18next.init({ lng: 'en', resources: { en: { translation: en }, ru: { translation: ru } } });
  });

  it('puts the HLR text into a sentence, names the HLR codes, and falls back to the code', async () => {
    expect(failReasonLabel(i18next.t, 'hlr_error No such subscriber.')).toBe('The HLR refused: No such subscriber.');
    expect(failReasonLabel(i18next.t, 'hlr_unreachable')).toBe('The HLR did not answer');
    expect(failReasonLabel(i18next.t, 'made_up_code')).toBe('made_up_code');
    await i18next.changeLanguage('ru');
    expect(failReasonLabel(i18next.t, 'hlr_error No such subscriber.')).toBe('HLR отказал: No such subscriber.');
    expect(failReasonLabel(i18next.t, 'sim_not_in_stock')).toBe('SIM-карты нет на складе: нечем завести её в HLR');
  });
});
