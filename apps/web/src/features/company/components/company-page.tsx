import { useParams } from 'react-router';
import { useCan } from '@/lib/use-can';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Skeleton } from 'primereact/skeleton';
import { TabPanel, TabView } from 'primereact/tabview';
import { PageTitle } from '@/components/page-title';
import { ApiError } from '@/lib/api-error';
import { useMe } from '@/lib/me-query';
import { companyQueryOptions } from '../api/company-api';
import { CompanyDetailsPanel } from './company-details';
import { parseCompanyParam } from './company-param';
import { NotifyMethodsPanel } from './notify-methods-panel';
import { SsoPanel } from './sso-panel';
import { TokensPanel } from './tokens-panel';
import { UsersPanel } from './users-panel';
import '../company.css';
import { QueryStates } from '@/components/query-states';

/** Route module /company/{id} and /company/my: details, users, access tokens (react-router lazy: `Component`). */
export function Component() {
  const { t } = useTranslation();
  const requested = parseCompanyParam(useParams().id);
  const company = useQuery({ ...companyQueryOptions(requested ?? undefined), enabled: requested !== null });
  const me = useMe().data;
  const mayManageTokens = useCan('tokens.manage');
  const showUsers = useCan('users.manage');
  const showNotifyMethods = useCan('notifyMethods.manage');
  const mayEditCompany = useCan('company.edit');
  const notFound = requested === null || (company.error instanceof ApiError && company.error.status === 404);

  if (notFound) {
    return (
      <div className="company-page">
        <PageTitle>{t('pages.company')}</PageTitle>
        <div className="state-view card" role="alert" data-testid="company-not-found">
          <i className="pi pi-building state-view__icon" aria-hidden="true" />
          <h2 className="state-view__title">{t('company.notFound')}</h2>
          <p>{t('company.notFoundHint')}</p>
        </div>
      </div>
    );
  }
  const readOnly = me?.user.company_block === true;
  // Tokens belong to the caller's own company (their calls act in it), so the tab shows only there.
  const showTokens = company.data?.own === true && mayManageTokens;
  // Single sign-on is set for the caller's own company too.
  const showSso = company.data?.own === true && mayEditCompany;
  return (
    <div className="company-page">
      <PageTitle>{t('pages.company')}</PageTitle>
      <QueryStates
        query={company}
        card
        pending={[0, 1, 2, 3, 4, 5].map((key) => (
          <Skeleton key={key} height="2rem" className="mb-2" />
        ))}
      >
        {(data) => (
          <>
            <p className="company-page__name" data-testid="company-name">
              {data.name}
            </p>
            <TabView className="company-tabs" data-testid="company-tabs">
              <TabPanel header={t('company.tabs.details')} leftIcon="pi pi-building">
                <CompanyDetailsPanel company={data} />
              </TabPanel>
              <TabPanel header={t('company.tabs.users')} leftIcon="pi pi-users" visible={showUsers}>
                <UsersPanel companyId={data.id} readOnly={readOnly} />
              </TabPanel>
              <TabPanel header={t('company.tabs.tokens')} leftIcon="pi pi-key" visible={showTokens}>
                <TokensPanel readOnly={readOnly} />
              </TabPanel>
              <TabPanel header={t('notifyMethods.title')} leftIcon="pi pi-bell" visible={showNotifyMethods}>
                <NotifyMethodsPanel companyId={data.own ? 'my' : data.id} />
              </TabPanel>
              <TabPanel header={t('sso.tab')} leftIcon="pi pi-sign-in" visible={showSso}>
                <SsoPanel readOnly={readOnly} />
              </TabPanel>
            </TabView>
          </>
        )}
      </QueryStates>
    </div>
  );
}
