import { Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TabPanel, TabView } from 'primereact/tabview';
import { Skeleton } from 'primereact/skeleton';
import { PageTitle } from '@/components/page-title';
import { TOOL_TABS } from './tool-tabs';
import '../tools.css';

/** Route module /tools (root only; react-router lazy: the `Component` export). The open tab is in the URL. */
export function Component() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const found = TOOL_TABS.findIndex((tab) => tab.key === params.get('tab'));
  const active = found === -1 ? 0 : found;
  // A narrow screen's tab strip keeps the active tab in view through lib/tab-scroll.ts, as on every page.
  return (
    <div className="tools-page">
      <PageTitle>{t('pages.tools')}</PageTitle>
      <TabView
        activeIndex={active}
        scrollable
        renderActiveOnly
        onTabChange={(event) => setParams({ tab: TOOL_TABS[event.index]?.key ?? '' }, { replace: true })}
        className="tools-tabs"
      >
        {TOOL_TABS.map((tab) => (
          <TabPanel
            key={tab.key}
            header={t(tab.titleKey)}
            leftIcon={`pi ${tab.icon}`}
            pt={{ headerAction: { 'data-testid': `tools-tab-${tab.key}` } as Record<string, string> }}
          >
            <Suspense fallback={<Skeleton height="12rem" />}>
              <tab.Component />
            </Suspense>
          </TabPanel>
        ))}
      </TabView>
    </div>
  );
}
