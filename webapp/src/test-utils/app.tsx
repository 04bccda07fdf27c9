import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AgencyProvider } from '@/agency/AgencyProvider';
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
