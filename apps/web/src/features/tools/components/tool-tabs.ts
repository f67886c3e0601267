import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The tabs of root's Tools page, in order. One entry per tool; each tab is its own lazily loaded file
 * under `tabs/`, so a tool's editor code loads only when its tab is opened. `key` is the URL's
 * `?tab=` value and the e2e id `tools-tab-<key>`; `titleKey` is an i18n key.
 */
export interface ToolTab {
  key: string;
  titleKey: string;
  icon: string;
  Component: LazyExoticComponent<ComponentType>;
}

export const TOOL_TABS: ToolTab[] = [
  {
    key: 'telephony',
    titleKey: 'toolsTabs.telephony',
    icon: 'pi-phone',
    Component: lazy(() => import('./tabs/telephony-tab').then((m) => ({ default: m.TelephonyTab }))),
  },
  {
    key: 'global-unblock',
    titleKey: 'toolsTabs.globalUnblock',
    icon: 'pi-unlock',
    Component: lazy(() => import('./tabs/global-unblock-tab').then((m) => ({ default: m.GlobalUnblockTab }))),
  },
  {
    key: 'network',
    titleKey: 'toolsTabs.network',
    icon: 'pi-wifi',
    Component: lazy(() => import('./tabs/network-tab').then((m) => ({ default: m.NetworkTab }))),
  },
  {
    key: 'sim-stock',
    titleKey: 'simStock.tab',
    icon: 'pi-box',
    Component: lazy(() => import('./tabs/sim-stock-tab').then((m) => ({ default: m.SimStockTab }))),
  },
  {
    key: 'country-rules',
    titleKey: 'toolsTabs.countryRules',
    icon: 'pi-globe',
    Component: lazy(() => import('./tabs/country-rules-tab').then((m) => ({ default: m.CountryRulesTab }))),
  },
  {
    key: 'banner',
    titleKey: 'toolsBanner.tab',
    icon: 'pi-flag',
    Component: lazy(() => import('./tabs/banner-tab').then((m) => ({ default: m.BannerTab }))),
  },
  {
    key: 'news',
    titleKey: 'toolsNews.tab',
    icon: 'pi-megaphone',
    Component: lazy(() => import('./tabs/news-tab').then((m) => ({ default: m.NewsTab }))),
  },
  {
    key: 'version',
    titleKey: 'toolsVersion.tab',
    icon: 'pi-refresh',
    Component: lazy(() => import('./tabs/version-tab').then((m) => ({ default: m.VersionTab }))),
  },
  {
    key: 'faq',
    titleKey: 'toolsFaq.tab',
    icon: 'pi-question-circle',
    Component: lazy(() => import('./tabs/faq-tab').then((m) => ({ default: m.FaqTab }))),
  },
];
