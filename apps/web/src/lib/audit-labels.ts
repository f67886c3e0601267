import { AUDIT_ACTION_LABELS } from '@cab/contract/company-audit-labels';
import type { Lang } from '@cab/contract/constants';

/** An audit action as the reader's language names it; an action this build does not know, as it is. */
export function auditActionLabel(action: string, language: string): string {
  const lang: Lang = language === 'en' ? 'en' : 'ru';
  return action in AUDIT_ACTION_LABELS ? AUDIT_ACTION_LABELS[action as keyof typeof AUDIT_ACTION_LABELS][lang] : action;
}

/** An audit row's details as compact key=value pairs; nested values as JSON. */
export function auditDetailsText(details: Record<string, unknown>): string {
  const pairs = Object.entries(details).map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return pairs.length ? pairs.join(', ') : '—';
}
