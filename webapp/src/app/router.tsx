import type { ReactElement } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullPageLoader } from '@/components/FullPageLoader';
import { navItem } from '@/lib/navigation';
import { RootLayout } from './RootLayout';
import { RouteError } from './routes/RouteError';

/** Route metadata: the navigation id that gates the route (gating arrives with permissions). */
export interface RouteHandle {
  navId?: string;
}

/** A lazily loaded placeholder titled with the navigation label of `navId`. */
function placeholder(navId: string, title?: string) {
  const label = title ?? navItem(navId)?.label ?? navId;
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
          { path: 'roster', ...placeholder('roster') },
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
          { path: 'profile', ...placeholder('profile', 'Profile') },
          { path: 'report/use-of-force-report', ...placeholder('reports_use_of_force_report') },
          { path: 'reports/arrest', ...placeholder('reports_arrest_report') },
          { path: 'report/ticket-report', ...placeholder('reports_ticket_report') },
          {
            path: 'command',
            children: [
              { index: true, ...redirect('/command/department') },
              { path: 'department', ...placeholder('command_department_management') },
              { path: 'messages', ...placeholder('command_message_management') },
              { path: 'sops', ...placeholder('command_sops') },
              { path: 'vehicles', ...placeholder('command_vehicle_permissions') },
              { path: 'equipment', ...placeholder('command_equipment_management') },
              { path: 'uniforms', ...placeholder('command_uniform_management') },
              { path: 'logs', ...placeholder('command_logs') },
              { path: 'branding', ...placeholder('command_branding') },
              {
                path: 'agencies',
                handle: { navId: 'command_agencies' } satisfies RouteHandle,
                lazy: async () => ({ Component: (await import('./routes/AgenciesGate')).AgenciesGate }),
              },
              { path: 'permissions', ...placeholder('command_navigation_permissions') },
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
          {
            path: '*',
            lazy: async () => ({ Component: (await import('./routes/NotFound')).NotFound }),
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
