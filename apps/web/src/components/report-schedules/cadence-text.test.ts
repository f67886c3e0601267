import { beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import { describeCadence, hourText, splitRecipients, weekdayName } from './cadence-text';

beforeAll(async () => {
  await i18next.init({ lng: 'en', resources: { ru: { translation: ru }, en: { translation: en } } });
});

describe('describeCadence', () => {
  it('says the cadence, the day and the UTC hour in English', () => {
    const t = i18next.getFixedT('en');
    expect(describeCadence({ cadence: 'daily', hour: 6 }, t, 'en')).toBe('Every day at 06:00 UTC');
    expect(describeCadence({ cadence: 'weekly', weekday: 1, hour: 7 }, t, 'en')).toBe('Every Monday at 07:00 UTC');
    expect(describeCadence({ cadence: 'weekly', weekday: 7, hour: 23 }, t, 'en')).toBe('Every Sunday at 23:00 UTC');
    expect(describeCadence({ cadence: 'monthly', month_day: 5, hour: 0 }, t, 'en')).toBe('Monthly on day 5 at 00:00 UTC');
    expect(describeCadence({ cadence: 'monthly', month_day: 31, hour: 3 }, t, 'en')).toBe(
      'Monthly on day 31 (the last day of a shorter month) at 03:00 UTC',
    );
  });

  it('and in Russian', () => {
    const t = i18next.getFixedT('ru');
    expect(describeCadence({ cadence: 'daily', hour: 6 }, t, 'ru')).toBe('Каждый день в 06:00 UTC');
    expect(describeCadence({ cadence: 'weekly', weekday: 3, hour: 9 }, t, 'ru')).toBe('Еженедельно, среда, в 09:00 UTC');
    expect(describeCadence({ cadence: 'monthly', month_day: 30, hour: 12 }, t, 'ru')).toBe(
      'Ежемесячно, 30-го числа (в коротком месяце — в последний день), в 12:00 UTC',
    );
  });
});

describe('parts', () => {
  it('names ISO weekdays and pads hours', () => {
    expect([1, 5, 6, 7].map((d) => weekdayName(d, 'en'))).toEqual(['Monday', 'Friday', 'Saturday', 'Sunday']);
    expect(weekdayName(1, 'ru')).toBe('понедельник');
    expect(hourText(0)).toBe('00:00');
    expect(hourText(17)).toBe('17:00');
  });

  it('splits recipients on lines, commas, semicolons and spaces', () => {
    expect(splitRecipients(' a@x.io,b@x.io\n\nc@x.io; d@x.io  ')).toEqual(['a@x.io', 'b@x.io', 'c@x.io', 'd@x.io']);
    expect(splitRecipients('  ')).toEqual([]);
  });
});
