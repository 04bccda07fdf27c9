import type { ReactElement } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullPageLoader } from '@/components/FullPageLoader';
import { navLinks } from '@/lib/navigation';
import { RootLayout } from './RootLayout';
import { navRoutes } from './routes/nav-routes';
import { NotFound } from './routes/NotFound';
import { NAV_PAGES } from './routes/pages';
import type { RouteHandle } from './routes/route-handle';
import { RouteError } from './routes/RouteError';

export type { RouteHandle };

function redirect(to: string): { element: ReactElement } {
  return { element: <Navigate to={to} replace /> };
}

/** Member-portal §2.1 and command-and-reports §2. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: () => <FullPageLoader />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          // Every screen of the navigation table (member-portal §2.2), gated by its id.
          ...navRoutes(navLinks(), NAV_PAGES),
          // Section addresses lead to their first screen.
          { path: 'vehicles', ...redirect('/structure/vehicles') },
          { path: 'structure', ...redirect('/structure/vehicles') },
          { path: 'command', ...redirect('/command/department') },
          { path: 'supervisor', ...redirect('/supervisor/uof') },
          { path: 'fto', ...redirect('/fto/training-management') },
          {
            // No gate: signed-out visitors see 'Not logged in'.
            path: 'profile',
            lazy: async () => ({ Component: (await import('@/features/profile/components/ProfilePage')).ProfilePage }),
          },
          {
            // No gate (issue 26): visitors read the open forms and are asked to sign in; the
            // calls decide who may apply (never a member on the roster).
            path: 'apply',
            lazy: async () => ({ Component: (await import('@/features/recruitment/components/ApplyPage')).ApplyPage }),
          },
          {
            path: 'apply/status',
            lazy: async () => ({
              Component: (await import('@/features/recruitment/components/ApplicationStatusPage')).ApplicationStatusPage,
            }),
          },
          {
            path: 'apply/:formId',
            lazy: async () => ({ Component: (await import('@/features/recruitment/components/ApplyFormPage')).ApplyFormPage }),
          },
          {
            // No gate: members read their own file, command the files of those it manages; the
            // file's own call decides (its refusal shows there).
            path: 'roster/:id/file',
            lazy: async () => ({
              Component: (await import('@/features/personnel-file/components/PersonnelFilePage')).PersonnelFilePage,
            }),
          },
          {
            // Gated as Command → Analytics; the page itself answers only the root agency's High
            // Command (as the server does).
            path: 'command/analytics/agencies',
            handle: { navId: 'command_analytics' } satisfies RouteHandle,
            lazy: async () => ({
              Component: (await import('@/features/analytics/components/AgenciesOverviewPage')).AgenciesOverviewPage,
            }),
          },
          {
            // No gate: the report's own call decides who may read it (its refusals show there).
            path: 'reports/print/:kind/:id',
            lazy: async () => ({
              Component: (await import('@/features/report-print/components/ReportPrintPage')).ReportPrintPage,
            }),
          },
          // Static: the route gate shows it too (pages that need agency management).
          { path: '*', Component: NotFound },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
