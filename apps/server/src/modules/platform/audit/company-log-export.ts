import { AUDIT_ACTION_LABELS } from '@cab/contract/company-audit-labels';
import type { CompanyAuditItem } from '@cab/contract/company-audit';
import type { Lang } from '@cab/contract/constants';

const HEADERS: Record<Lang, string[]> = {
  ru: ['Время (UTC)', 'Пользователь', 'E-mail', 'Действие', 'Код действия', 'От имени оператора', 'API-токен', 'IP', 'Браузер', 'Подробности'],
  en: ['Time (UTC)', 'User', 'E-mail', 'Action', 'Action code', 'Operator acting as the user', 'API token', 'IP', 'Browser', 'Details'],
};

export const companyAuditExportHeader = (lang: Lang): string[] => HEADERS[lang];

const isoSecond = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 19).replace('T', ' ');

/** One row as the export's cells, in the header's order; texts pass through the writers' formula guard. */
export function companyAuditExportCells(item: CompanyAuditItem, lang: Lang): Array<string | number | null> {
  return [
    isoSecond(item.created),
    item.user?.name || null,
    item.user?.email ?? null,
    AUDIT_ACTION_LABELS[item.action][lang],
    item.action,
    item.impersonator ? `${item.impersonator.name} <${item.impersonator.email}>` : null,
    item.api_token_id,
    item.ip,
    item.user_agent,
    Object.keys(item.details).length > 0 ? JSON.stringify(item.details) : null,
  ];
}
