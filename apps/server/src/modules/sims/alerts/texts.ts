import type { AlertCondition } from '@cab/contract/alerts';
import type { Lang } from '@cab/contract/constants';

/** What a firing measured, in words: "data 812 MB (limit 80%)". */
export function firingSentence(condition: AlertCondition, value: string, threshold: number | null, lang: Lang): string {
  const ru = lang === 'ru';
  switch (condition) {
    case 'data_mb':
      return ru ? `данные за месяц ${value} МБ (порог ${threshold} МБ)` : `data this month ${value} MB (threshold ${threshold} MB)`;
    case 'data_percent':
      return ru ? `данные за месяц ${value}% лимита (порог ${threshold}%)` : `data this month ${value}% of the limit (threshold ${threshold}%)`;
    case 'sms_count':
      return ru ? `SMS за месяц: ${value} (порог ${threshold})` : `SMS this month: ${value} (threshold ${threshold})`;
    case 'no_traffic_days':
      return ru ? `нет трафика ${value} дн.` : `no traffic for ${value} days`;
    case 'imei_change':
      return ru ? `IMEI сменился на ${value}` : `IMEI changed to ${value}`;
    case 'country_enter':
      return ru ? `SIM в стране ${value}` : `SIM entered ${value}`;
  }
}

export function firingText(rule: string, iccid: string, sentence: string, blocked: boolean, lang: Lang): string {
  const tail = blocked ? (lang === 'ru' ? ' SIM заблокирована.' : ' The SIM is blocked.') : '';
  return lang === 'ru' ? `Оповещение «${rule}»: SIM ${iccid}, ${sentence}.${tail}` : `Alert "${rule}": SIM ${iccid}, ${sentence}.${tail}`;
}
