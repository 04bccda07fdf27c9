import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AgencyProvider } from '@/agency/AgencyProvider';
import { createQueryClient } from '@/api/query-client';
import { AgencyThemeProvider } from './AgencyThemeProvider';
import { createAppRouter } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <AgencyProvider>
        <AgencyThemeProvider>
          <RouterProvider router={router} />
        </AgencyThemeProvider>
      </AgencyProvider>
    </QueryClientProvider>
  );
}
