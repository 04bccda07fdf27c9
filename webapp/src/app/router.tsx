import type { ReactElement } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullPageLoader } from '@/components/FullPageLoader';
import { navItem } from '@/lib/navigation';
import { RootLayout } from './RootLayout';
import { NotFound } from './routes/NotFound';
import type { RouteHandle } from './routes/route-handle';
import { RouteError } from './routes/RouteError';

export type { RouteHandle } from './routes/route-handle';

/** A lazily loaded placeholder titled with the navigation label of `navId`. */
function placeholder(navId: string) {
  const label = navItem(navId)?.label ?? navId;
  return {
    lazy: async () => {
      const { PlaceholderPage } = await import('@/components/PlaceholderPage');
      return { Component: () => <PlaceholderPage title={label} /> };
    },
    handle: { navId } satisfies RouteHandle,
  };
}

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
          {
            index: true,
            handle: { navId: 'home' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('@/features/home/components/HomePage')).HomePage }),
          },
          {
            path: 'roster',
            handle: { navId: 'roster' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('@/features/roster/components/RosterPage')).RosterPage }),
          },
          {
            path: 'about',
            handle: { navId: 'about' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('@/features/about/components/AboutPage')).AboutPage }),
          },
          { path: 'vehicles', ...redirect('/structure/vehicles') },
          {
            path: 'structure',
            children: [
              { index: true, ...redirect('/structure/vehicles') },
              { path: 'vehicles', ...placeholder('structure_vehicles') },
              { path: 'equipment', ...placeholder('structure_equipment') },
              { path: 'uniforms', ...placeholder('structure_uniforms') },
            ],
          },
          { path: 'sops', ...placeholder('sops') },
          {
            // No gate: signed-out visitors see 'Not logged in'.
            path: 'profile',
            lazy: async () => ({ Component: (await import('@/features/profile/components/ProfilePage')).ProfilePage }),
          },
          { path: 'report/use-of-force-report', ...placeholder('reports_use_of_force_report') },
          { path: 'reports/arrest', ...placeholder('reports_arrest_report') },
          { path: 'report/ticket-report', ...placeholder('reports_ticket_report') },
          {
            path: 'command',
            children: [
              { index: true, ...redirect('/command/department') },
              {
                path: 'department',
                handle: { navId: 'command_department_management' } satisfies RouteHandle,
                lazy: async () => ({
                  Component: (await import('@/features/department/components/DepartmentPage')).DepartmentPage,
                }),
              },
              { path: 'messages', ...placeholder('command_message_management') },
              { path: 'sops', ...placeholder('command_sops') },
              { path: 'vehicles', ...placeholder('command_vehicle_permissions') },
              { path: 'equipment', ...placeholder('command_equipment_management') },
              { path: 'uniforms', ...placeholder('command_uniform_management') },
              {
                path: 'logs',
                handle: { navId: 'command_logs' } satisfies RouteHandle,
                lazy: async () => ({ Component: (await import('@/features/logs/components/LogsPage')).LogsPage }),
              },
              {
                path: 'branding',
                handle: { navId: 'command_branding' } satisfies RouteHandle,
                lazy: async () => ({
                  Component: (await import('@/features/branding/components/BrandingPage')).BrandingPage,
                }),
              },
              {
                // The gate answers 'Page not found' without agency management.
                path: 'agencies',
                handle: { navId: 'command_agencies' } satisfies RouteHandle,
                lazy: async () => ({
                  Component: (await import('@/features/agencies/components/AgenciesPage')).AgenciesPage,
                }),
              },
              {
                path: 'permissions',
                handle: { navId: 'command_navigation_permissions' } satisfies RouteHandle,
                lazy: async () => ({
                  Component: (await import('@/features/permissions/components/PermissionsPage')).PermissionsPage,
                }),
              },
            ],
          },
          {
            path: 'supervisor',
            children: [
              { index: true, ...redirect('/supervisor/uof') },
              { path: 'uof', ...placeholder('supervisor_uof_review') },
              { path: 'arrests', ...placeholder('supervisor_arrest_review') },
            ],
          },
          {
            path: 'fto',
            children: [
              { index: true, ...redirect('/fto/training-management') },
              { path: 'training-management', ...placeholder('fto_training_management') },
              { path: 'training', ...placeholder('fto_training') },
            ],
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
