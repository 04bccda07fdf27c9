import { notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AgencyProvider } from '@/agency/AgencyProvider';
import { clearThemePreview } from '@/agency/preview';
import { resetActiveAgencyStore } from '@/agency/store';
import { AgencyThemeProvider } from '@/app/AgencyThemeProvider';
import { routes as appRoutes } from '@/app/router';
import { createTestQueryClient } from './render';

/** Renders the whole application (providers, shell, routes) at `path` in a memory router. */
export function renderApp(
  path = '/',
  { hostname = 'localhost', routes = appRoutes }: { hostname?: string; routes?: RouteObject[] } = {},
) {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AgencyProvider hostname={hostname}>
        <AgencyThemeProvider env="test">
          <RouterProvider router={router} />
        </AgencyThemeProvider>
      </AgencyProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

/** Forgets the stored agency choice and any branding preview between tests. */
export function resetAppStores(): void {
  window.localStorage.clear();
  document.cookie = 'agencySlug=; max-age=0; path=/';
  resetActiveAgencyStore();
  clearThemePreview();
  notifications.clean();
  notifications.cleanQueue();
}
