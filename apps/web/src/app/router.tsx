import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import type { Permission } from '@cab/contract/roles';
import { loadAllTexts } from '@/lib/i18n';
import { setNavigator } from '@/lib/navigation';
import { GuestLayout } from './guards/guest-layout';
import { RequireSession } from './guards/require-session';
import { RouteError } from './guards/route-error';

type LazyPage = () => Promise<{ Component: React.ComponentType }>;

/** A route's module, once every text of the language is there too (only the sign-in route does without). */
async function withAllTexts<T>(load: () => Promise<T>): Promise<T> {
  const [loaded] = await Promise.all([load(), loadAllTexts()]);
  return loaded;
}

/**
 * Every route is its own chunk (ARCHITECTURE §9); modules export `Component`. Only the sign-in
 * route draws with its own texts alone (`allTexts: false`), which came with the entry.
 */
function page(path: string, load: LazyPage, { allTexts = true } = {}): RouteObject {
  return { path, lazy: allTexts ? () => withAllTexts(load) : load };
}

/** Routes only a role with `permission` may open (guards/permission-gate.tsx); the gate is its own chunk. */
function gated(permission: Permission, children: RouteObject[]): RouteObject {
  return {
    lazy: () =>
      withAllTexts(() => import('./guards/permission-gate')).then(({ PermissionGate }) => ({ Component: () => <PermissionGate permission={permission} /> })),
    children,
  };
}

const shellRoutes: RouteObject[] = [
  page('home', () => import('@/features/home/components/home-page')),
  page('faq', () => import('@/features/faq/components/faq-page')),
  page('list', () => import('@/features/sims/components/sim-list-page')),
  page('sim/:id', () => import('@/features/sims/components/sim-page')),
  page('report', () => import('@/features/reports/components/reports-page')),
  page('report/sessions', () => import('@/features/reports/components/report-sessions-page')),
  page('report/day', () => import('@/features/reports/components/report-day-page')),
  page('report/call_sms', () => import('@/features/reports/components/report-call-sms-page')),
  page('docs', () => import('@/features/docs/components/docs-page')),
  page('deposit', () => import('@/features/deposit/components/deposit-page')),
  gated('agent.requests', [
    page('agent/info', () => import('@/features/agent/components/agent-info-page')),
    page('agent/request/:id', () => import('@/features/agent/components/agent-request-page')),
  ]),
  page('profile', () => import('@/features/profile/components/profile-page')),
  page('company/:id', () => import('@/features/company/components/company-page')),
  page('generated_reports', () => import('@/features/generated-reports/components/generated-reports-page')),
  page('notifies', () => import('@/features/notifications/components/notifies-page')),
  page('groups', () => import('@/features/groups/components/groups-page')),
  page('orders', () => import('@/features/orders/components/orders-page')),
  page('operations', () => import('@/features/operations/components/operations-page')),
  page('sms', () => import('@/features/sms/components/sms-inbox-page')),
  page('operations/:id', () => import('@/features/operations/components/operation-page')),
  page('events', () => import('@/features/events/components/events-page')),
  page('alerts', () => import('@/features/alerts/components/alerts-page')),
  gated('companies.manage', [page('companies', () => import('@/features/companies/components/companies-page'))]),
  gated('audit.read', [page('audit', () => import('@/features/audit/components/audit-page'))]),
  gated('tools.use', [page('tools', () => import('@/features/tools/components/tools-page'))]),
];

export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="/home" replace /> },
      {
        element: <GuestLayout />,
        children: [
          page('login', () => import('@/features/auth/components/login-page'), { allTexts: false }),
          page('login/sso', () => import('@/features/auth/components/sso-return-page')),
          page('register', () => import('@/features/register/components/register-page')),
          page('forgot', () => import('@/features/forgot/components/forgot-page')),
        ],
      },
      // Menu texts name the wizard /registration (spec §2).
      { path: 'registration', element: <Navigate to="/register" replace /> },
      {
        element: <RequireSession />,
        children: [{ lazy: () => withAllTexts(() => import('./shell/shell-layout')), children: shellRoutes }],
      },
      { path: '*', element: <Navigate to="/home" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);

setNavigator((to) => void router.navigate(to));
