import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { TelephonyCallsCard } from './telephony-calls-card';
import '../tools.css';

/** Route module /tools (root only; react-router lazy: the `Component` export). */
export function Component() {
  const { t } = useTranslation();
  return (
    <div className="tools-page">
      <PageTitle>{t('pages.tools')}</PageTitle>
      <TelephonyCallsCard />
    </div>
  );
}
