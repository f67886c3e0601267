import type { ReportKind } from '@cab/contract/reports';

/** The columns of each usage report, shared by the screen's rows, generated files and the database's CSV lines. */

/** How a column's values are written: text, a whole number, bytes, seconds, EUR, a UTC day or a UTC time. */
export type ReportColumnType = 'text' | 'int' | 'bytes' | 'seconds' | 'money' | 'date' | 'datetime';

export interface ReportColumn {
  key: string;
  title: { ru: string; en: string };
  type: ReportColumnType;
}

const col = (key: string, ru: string, en: string, type: ReportColumnType): ReportColumn => ({ key, title: { ru, en }, type });

const SIM_COLUMNS = [col('iccid', 'ICCID', 'ICCID', 'text'), col('msisdn', 'Номер', 'Number', 'text')];
const COUNTER_COLUMNS = [
  col('sessions', 'Сессии', 'Sessions', 'int'),
  col('session_seconds', 'Длительность сессий, с', 'Session time, s', 'seconds'),
  col('bytes_up', 'Передано, байт', 'Uploaded, bytes', 'bytes'),
  col('bytes_down', 'Принято, байт', 'Downloaded, bytes', 'bytes'),
  col('bytes', 'Трафик, байт', 'Traffic, bytes', 'bytes'),
  col('sms_in', 'SMS входящие', 'SMS in', 'int'),
  col('sms_out', 'SMS исходящие', 'SMS out', 'int'),
  col('calls_in', 'Звонки входящие', 'Calls in', 'int'),
  col('calls_out', 'Звонки исходящие', 'Calls out', 'int'),
  col('call_seconds', 'Длительность звонков, с', 'Call time, s', 'seconds'),
  col('cost', 'Стоимость, EUR', 'Cost, EUR', 'money'),
];

/** Columns of a report; the day report has ICCID and number only per SIM (`bySim`). */
export function reportColumns(kind: ReportKind, options: { bySim?: boolean } = {}): ReportColumn[] {
  switch (kind) {
    case 'day':
      return [col('day', 'День', 'Day', 'date'), ...(options.bySim ? SIM_COLUMNS : []), ...COUNTER_COLUMNS];
    case 'sessions':
      return [
        ...SIM_COLUMNS,
        col('started', 'Начало', 'Start', 'datetime'),
        col('ended', 'Окончание', 'End', 'datetime'),
        col('duration', 'Длительность, с', 'Duration, s', 'seconds'),
        col('bytes_up', 'Передано, байт', 'Uploaded, bytes', 'bytes'),
        col('bytes_down', 'Принято, байт', 'Downloaded, bytes', 'bytes'),
        col('bytes', 'Трафик, байт', 'Traffic, bytes', 'bytes'),
        col('rat', 'Технология', 'RAT', 'text'),
        col('operator', 'Оператор (MCC-MNC)', 'Operator (MCC-MNC)', 'text'),
        col('country', 'Страна', 'Country', 'text'),
        col('cost', 'Стоимость, EUR', 'Cost, EUR', 'money'),
      ];
    case 'call_sms':
      return [
        ...SIM_COLUMNS,
        col('kind', 'Тип', 'Type', 'text'),
        col('direction', 'Направление', 'Direction', 'text'),
        col('peer', 'Абонент', 'Peer number', 'text'),
        col('started', 'Время', 'Time', 'datetime'),
        col('seconds', 'Длительность, с', 'Duration, s', 'seconds'),
        col('operator', 'Оператор (MCC-MNC)', 'Operator (MCC-MNC)', 'text'),
        col('country', 'Страна', 'Country', 'text'),
        col('cost', 'Стоимость, EUR', 'Cost, EUR', 'money'),
      ];
  }
}
