import { useTranslation } from 'react-i18next';
import type { ToastText as ToastTextValue } from '@/lib/toast-bus';

/** A toast's text, translated while it is on screen: a language switch rewrites it. */
export function ToastText({ text }: { text: ToastTextValue | undefined }) {
  const { t } = useTranslation();
  if (text === undefined) return null;
  return <>{typeof text === 'string' ? text : t(text.key, text.values)}</>;
}
