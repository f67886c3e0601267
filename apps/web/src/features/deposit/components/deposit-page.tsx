import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';

/** Route module (react-router lazy convention: the page is the `Component` export). */
export function Component() {
  const { t } = useTranslation();
  return <PageTitle>{t('pages.deposit')}</PageTitle>;
}
