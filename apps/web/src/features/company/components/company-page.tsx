import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { NotifyMethodsPanel } from './notify-methods-panel';

/** Route module (react-router lazy convention: the page is the `Component` export). */
export function Component() {
  const { t } = useTranslation();
  const { id } = useParams();
  // Mounted here until the company page's "Notification methods" tab exists (merged by the lead).
  const companyId = id && /^\d+$/.test(id) ? Number(id) : 'my';
  return (
    <>
      <PageTitle>{t('pages.company')}</PageTitle>
      <NotifyMethodsPanel companyId={companyId} />
    </>
  );
}
