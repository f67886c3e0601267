import type { Lang } from '@cab/contract/constants';
import type { SmsInboxItem } from '@cab/contract/sms-inbox';

const HEADERS: Record<Lang, string[]> = {
  ru: ['Время (UTC)', 'ICCID', 'Номер', 'Название SIM', 'Направление', 'Собеседник', 'Текст', 'Статус', 'Подробности', 'Операция'],
  en: ['Time (UTC)', 'ICCID', 'Number', 'SIM name', 'Direction', 'Other party', 'Text', 'Status', 'Details', 'Operation'],
};

const WORDS: Record<Lang, Record<string, string>> = {
  ru: { in: 'от устройства', out: 'на устройство', queued: 'в очереди', delivered: 'доставлено', failed: 'не доставлено', received: 'получено' },
  en: { in: 'from device', out: 'to device', queued: 'queued', delivered: 'delivered', failed: 'failed', received: 'received' },
};

export const inboxExportHeader = (lang: Lang): string[] => HEADERS[lang];

const isoSecond = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 19).replace('T', ' ');

/** One message as the export's cells, in the header's order; texts pass through the writers' formula guard. */
export function inboxExportCells(item: SmsInboxItem, lang: Lang): Array<string | number | null> {
  const words = WORDS[lang];
  return [
    isoSecond(item.created),
    item.iccid,
    item.msisdn,
    item.sim_name,
    words[item.direction] ?? item.direction,
    item.peer,
    item.text,
    words[item.status] ?? item.status,
    item.detail,
    item.qid,
  ];
}
