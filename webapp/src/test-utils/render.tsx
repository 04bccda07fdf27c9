import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render as testingLibraryRender, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { buildMantineTheme } from '@/app/theme';
import { DEFAULT_THEME } from '@/lib/agency-theme';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Renders inside the Mantine provider (dark, default agency theme) and a fresh query client. */
export function render(ui: ReactElement, options: RenderOptions & { queryClient?: QueryClient } = {}) {
  const { queryClient = createTestQueryClient(), ...rest } = options;
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={buildMantineTheme(DEFAULT_THEME)} forceColorScheme="dark" env="test">
          <ModalsProvider labels={{ confirm: 'OK', cancel: 'Cancel' }}>{children}</ModalsProvider>
        </MantineProvider>
      </QueryClientProvider>
    );
  }
  return testingLibraryRender(ui, { wrapper: Wrapper, ...rest });
}

export { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
