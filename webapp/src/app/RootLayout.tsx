import { ScrollRestoration } from 'react-router';
import { useAgency } from '@/agency/context';
import { FullPageLoader } from '@/components/FullPageLoader';
import { Shell } from './shell/Shell';

/**
 * Waits for the active agency and its configuration, then renders the shell keyed on the
 * slug: switching agency remounts everything below, so no state survives the switch.
 */
export function RootLayout() {
  const { ready, slug, configLoading } = useAgency();
  if (!ready || slug === null || configLoading) return <FullPageLoader label="Loading agency…" />;
  return (
    <>
      <Shell key={slug} />
      <ScrollRestoration />
    </>
  );
}
