import type { Permission } from '@cab/contract/roles';

/** Side menu of spec §2; `name` gives the e2e id `menu-<name>`. */
export interface MenuEntry {
  name: string;
  labelKey: string;
  icon: string;
  to?: string;
  /** Shown only to roles with this permission: the same one that gates the page (app/router.tsx). */
  permission?: Permission;
  children?: MenuEntry[];
}

export const MENU_ENTRIES: MenuEntry[] = [
  { name: 'faq', labelKey: 'sidebar.faq', icon: 'pi-question-circle', to: '/faq' },
  { name: 'home', labelKey: 'sidebar.home', icon: 'pi-home', to: '/home' },
  { name: 'list', labelKey: 'sidebar.list', icon: 'pi-list', to: '/list' },
  { name: 'groups', labelKey: 'sidebar.groups', icon: 'pi-sitemap', to: '/groups' },
  { name: 'operations', labelKey: 'operations.menu', icon: 'pi-history', to: '/operations' },
  { name: 'events', labelKey: 'simEvents.menu', icon: 'pi-bolt', to: '/events' },
  { name: 'alerts', labelKey: 'alerts.menu', icon: 'pi-bell', to: '/alerts' },
  { name: 'sms', labelKey: 'smsInbox.menu', icon: 'pi-comments', to: '/sms' },
  { name: 'orders', labelKey: 'sidebar.orders', icon: 'pi-shopping-cart', to: '/orders' },
  { name: 'docs', labelKey: 'sidebar.docs', icon: 'pi-file', to: '/docs' },
  {
    name: 'report',
    labelKey: 'sidebar.reports',
    icon: 'pi-chart-bar',
    children: [
      { name: 'report-sessions', labelKey: 'sidebar.reportSessions', icon: 'pi-clock', to: '/report/sessions' },
      { name: 'report-day', labelKey: 'sidebar.reportDay', icon: 'pi-calendar', to: '/report/day' },
      { name: 'report-call_sms', labelKey: 'sidebar.reportCallSms', icon: 'pi-comments', to: '/report/call_sms' },
    ],
  },
  { name: 'generated_reports', labelKey: 'sidebar.downloads', icon: 'pi-download', to: '/generated_reports' },
  { name: 'agent', labelKey: 'sidebar.agent', icon: 'pi-briefcase', to: '/agent/info', permission: 'agent.requests' },
  { name: 'audit', labelKey: 'companyAudit.menu', icon: 'pi-shield', to: '/audit', permission: 'audit.read' },
  { name: 'companies', labelKey: 'sidebar.companies', icon: 'pi-building', to: '/companies', permission: 'companies.manage' },
  { name: 'tools', labelKey: 'sidebar.tools', icon: 'pi-wrench', to: '/tools', permission: 'tools.use' },
];
