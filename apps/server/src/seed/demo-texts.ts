/** Demo content for a fresh install; real deployments publish their own news. */
export const DEMO_NEWS = [
  {
    titleRu: 'Новый тариф для трекеров',
    textRu: '<p>Для SIM-карт профиля <b>TD</b> доступен пакет 3 ГБ в месяц.</p>',
    titleEn: 'New tracker tariff',
    textEn: '<p>A 3 GB monthly package is now available for <b>TD</b> profile SIMs.</p>',
    image: null,
  },
  {
    titleRu: 'Плановые работы',
    textRu: '<p>28 ноября с 02:00 до 04:00 UTC возможны задержки операций очереди.</p>',
    titleEn: 'Planned maintenance',
    textEn: '<p>On 28 November 02:00–04:00 UTC queue operations may be delayed.</p>',
    image: null,
  },
  {
    titleRu: 'Роуминг',
    textRu: '<p>Изменение настроек роуминга занимает до 3 рабочих дней.</p>',
    titleEn: 'Roaming',
    textEn: '<p>Roaming settings changes take up to 3 working days.</p>',
    image: null,
  },
];

/** One text per language (each user gets theirs); `link` is the object's page (`:sim` is the SIM's id). */
export const DEMO_NOTIFICATIONS = [
  {
    type: 'success',
    category: 'sim',
    link: '/list?blocked=1',
    text: { ru: 'Блокировка 120 SIM-карт завершена', en: 'Blocking of 120 SIM cards finished' },
  },
  { type: 'info', category: 'billing', link: '/docs', text: { ru: 'Выставлен счёт № 1024', en: 'Bill No. 1024 issued' } },
  {
    type: 'warning',
    category: 'sim',
    link: '/sim/:sim',
    text: { ru: 'SIM 89701000000001000774 заблокирована по MSU', en: 'SIM 89701000000001000774 blocked by MSU' },
  },
] as const;

/** The SIM the demo MSU notification is about. */
export const DEMO_NOTIFICATION_ICCID = '89701000000001000774';
