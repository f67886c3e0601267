import type { AlertCondition } from '@cab/contract/alerts';
import type { TFunction } from 'i18next';

/** "80% of the data limit", "IMEI changed": a rule's condition in words. */
export function conditionText(t: TFunction, condition: AlertCondition, threshold: number | null, country: string | null): string {
  return t(`alerts.conditionText.${condition}`, { n: threshold ?? 0, country: country ?? '' });
}

/** What a firing measured, with its unit. */
export function firingValueText(t: TFunction, condition: AlertCondition, value: string): string {
  return t(`alerts.valueText.${condition}`, { value });
}
