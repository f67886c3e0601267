/** Demo content for a fresh install; real deployments publish their own news. */
export const DEMO_NEWS = [
  {
    title: 'Новый тариф для трекеров / New tracker tariff',
    image: null,
    text: '<p>Для SIM-карт профиля <b>TD</b> доступен пакет 3 ГБ в месяц.</p><p>A 3 GB monthly package is now available for <b>TD</b> profile SIMs.</p>',
  },
  {
    title: 'Плановые работы / Planned maintenance',
    image: null,
    text: '<p>28 ноября с 02:00 до 04:00 UTC возможны задержки операций очереди.</p><p>On 28 November 02:00–04:00 UTC queue operations may be delayed.</p>',
  },
  {
    title: 'Роуминг / Roaming',
    image: null,
    text: '<p>Изменение настроек роуминга занимает до 3 рабочих дней.</p><p>Roaming settings changes take up to 3 working days.</p>',
  },
];

export const DEMO_NOTIFICATIONS = [
  { type: 'success', category: 'sim', text: 'Блокировка 120 SIM-карт завершена / Blocking of 120 SIM cards finished' },
  { type: 'info', category: 'billing', text: 'Выставлен счёт № 1024 / Bill No. 1024 issued' },
  { type: 'warning', category: 'sim', text: 'SIM 89701000000001000774 заблокирована по MSU / SIM blocked by MSU' },
];
